import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DatabaseUnavailableError } from './platform/db/index.ts';
import { safeLoggerOptions } from './platform/http/log.ts';
import { SiteError } from './platform/site/errors.ts';

/** Starts the server. Built into packages/server/dist/main.js (scripts/build/server.mjs), which `npm start` runs. */
const logger = pino(safeLoggerOptions(process.env.LOG_LEVEL ?? 'info'));

async function main() {
  const config = loadConfig();
  let app;
  try {
    app = await buildApp(config, { onDatabaseRetry: (message) => logger.warn(message) });
  } catch (error) {
    if (error instanceof SiteError) {
      logger.fatal(`The site folder is broken: ${error.message}`);
      process.exitCode = 1;
      return;
    }
    if (error instanceof DatabaseUnavailableError) {
      logger.fatal(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests, then closing the database`);
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => {
        app.log.info('closed');
        process.exitCode = 0;
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Storefront serving ${config.siteDir} on http://${config.host}:${config.port} (${app.database.dialect})`,
  );
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
