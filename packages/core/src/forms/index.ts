export * from './definition.ts';
export * from './validation.ts';
