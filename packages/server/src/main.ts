import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { SiteError } from './site/errors.ts';

/** Starts the server: `node --import tsx packages/server/src/main.ts`. */
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });

async function main() {
  const config = loadConfig();
  let app;
  try {
    app = await buildApp(config, { logger: { level: config.logLevel } });
  } catch (error) {
    if (error instanceof SiteError) {
      logger.fatal(`The site folder is broken: ${error.message}`);
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
