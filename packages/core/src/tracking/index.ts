/** First-party telemetry rules (issue 8), shared by the browser and the server. */
export * from './visit.ts';
export * from './exclusions.ts';
export * from './error-reporter.ts';
export * from './performance.ts';
export * from './commerce.ts';
