export { buildApp, type BuildOptions } from './app.ts';
export { loadConfig, type Config } from './config.ts';
export { SiteError } from './platform/site/errors.ts';
