import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { minimumSubtotalCents } from '@storefront/core';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { checkoutRoutes } from './checkout/routes.ts';
import { CART_COOKIE, commerceRoutes } from './commerce/routes.ts';
import { HttpError } from './http/errors.ts';
import { ensureCrumb } from './commerce/crumb.ts';
import type { Config } from './config.ts';
import { syncContent, storeCurrency } from './db/content-sync.ts';
import { openDatabase, type DatabaseHandle } from './db/index.ts';
import { formRoutes } from './forms/routes.ts';
import { createTemplateEngine, type Compiled } from './render/engine.ts';
import { PageRenderer, sendPageResult } from './render/pages.ts';
import { TagBodies } from './render/platform-tags.ts';
import { restockRoutes } from './restock/routes.ts';
import { loadSite } from './site/loader.ts';
import { staticRoutes } from './static.ts';
import { cookiePolicyFromSettings, rolloutFromSettings, telemetryRoutes } from './telemetry/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (closed by `app.close()`). */
    database: DatabaseHandle;
  }
}

export interface BuildOptions {
  /** Fastify's logger option (tests pass false). */
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the server: loads and compiles the site (a broken site folder throws a SiteError naming
 * the file and line), opens and migrates the database, loads the content into it, and registers
 * the pages, static files and the cart API. `app.close()` waits for in-flight requests and then
 * closes the database.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const engine = createTemplateEngine();
  const bodies = new TagBodies();
  const site = loadSite<Compiled>(config.siteDir, (source) => engine.compile(source), bodies);

  const database = await openDatabase(config);
  let app: FastifyInstance | undefined;
  try {
    await syncContent(database.db, site.content);
    app = Fastify({
      logger: options.logger ?? { level: config.logLevel },
      bodyLimit: 256 * 1024,
      return503OnClosing: true,
      trustProxy: config.trustProxy ?? false,
      forceCloseConnections: 'idle',
      // Errors the router raises before any route runs still answer {code, message}.
      frameworkErrors: (error, _request, reply: FastifyReply) =>
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? reply
              .code(414)
              .send({ code: 'path-too-long', message: 'A path segment is longer than 100 characters.' })
          : reply.code(400).send({ code: 'bad-url', message: 'The URL is malformed.' }),
    });
    /** A trivial route: liveness, and the baseline of the cart benchmark (bench/cart.bench.ts). */
    app.get('/api/health', async () => ({ ok: true }));
    app.decorate('database', database);
    // Shutting down: responses to requests still in flight close their connection, so that
    // close() does not wait for keep-alive sockets to time out; then the database goes.
    let closing = false;
    let sweeper: ReturnType<typeof setInterval> | undefined;
    app.addHook('preClose', async () => {
      closing = true;
      // Connections busy when close() began become idle later: keep closing those until done.
      sweeper = setInterval(() => app?.server.closeIdleConnections(), 100);
      sweeper.unref();
    });
    app.addHook('onSend', async (_request, reply) => {
      reply
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'strict-origin-when-cross-origin');
      if (closing) reply.header('connection', 'close');
    });
    app.addHook('onClose', async () => {
      if (sweeper) clearInterval(sweeper);
      await database.destroy();
    });

    const cartSettings = { websiteId: site.content.website.id, currency: storeCurrency(site.content) };
    const log = app.log;

    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (error instanceof HttpError)
        return reply.code(error.statusCode).send({ code: error.code, message: error.message });
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      if (
        status >= 500 &&
        !request.url.startsWith('/api/') &&
        (request.method === 'GET' || request.method === 'HEAD')
      ) {
        // A page that failed: a plain page (spec section 2: error, page type 101), never a stack trace.
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('x-page-type', '101')
          .send(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head>' +
              '<body><h1>Something went wrong</h1><p>Please try again in a moment.</p><p><a href="/">Home</a></p></body></html>',
          );
      }
      const body =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? { code: 'invalid-json', message: 'The request body is not valid JSON.' }
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? { code: 'invalid-json', message: 'The request body is empty.' }
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? { code: 'unsupported-media-type', message: 'Send the body as application/json.' }
              : status < 500
                ? { code: 'bad-request', message: error.message }
                : { code: 'server-error', message: 'Something went wrong' };
      return reply.code(status).send(body);
    });

    // Pages, the web bundle and the stylesheet go compressed to browsers that ask (on a slow mobile
    // link the bundle's transfer dominates first paint). Brotli at a middle quality: the default
    // (11) is meant for files compressed once, ahead of time, not for every response.
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    });
    await app.register(cookie);
    await app.register(formbody);
    await app.register(commerceRoutes, {
      db: database.db,
      settings: cartSettings,
      writeLimit: config.cartWriteLimit,
      localizedStrings: site.content.localizedStrings,
    });
    await app.register(formRoutes, {
      db: database.db,
      forms: site.content.forms,
      localizedStrings: site.content.localizedStrings,
      ...(typeof site.content.website.siteTitle === 'string'
        ? { siteTitle: site.content.website.siteTitle }
        : {}),
      ...(typeof site.content.websiteSettings.contactEmail === 'string'
        ? { ownerEmail: site.content.websiteSettings.contactEmail }
        : {}),
      smtpUrl: config.smtpUrl,
      ...(config.forms ? { settings: config.forms } : {}),
    });
    await app.register(restockRoutes, {
      db: database.db,
      localizedStrings: site.content.localizedStrings,
      captchaRequired: Boolean(
        (site.content.website as { captchaSettings?: { siteKey?: unknown } }).captchaSettings?.siteKey,
      ),
    });
    await app.register(telemetryRoutes, {
      db: database.db,
      performanceRollout: rolloutFromSettings(site.content.websiteSettings),
      cookiePolicy: cookiePolicyFromSettings(site.content.websiteSettings),
    });
    await staticRoutes(app, site, config.webDistDir);

    const renderer = new PageRenderer({ site, engine, bodies, db: database.db, log, cart: cartSettings });
    await app.register(checkoutRoutes, {
      db: database.db,
      renderer,
      settings: cartSettings,
      siteTitle: typeof site.content.website.siteTitle === 'string' ? site.content.website.siteTitle : '',
      minimumSubtotalCents: minimumSubtotalCents(site.content.websiteSettings.storeSettings),
      writeLimit: config.cartWriteLimit,
      localizedStrings: site.content.localizedStrings,
      smtpUrl: config.smtpUrl,
      mailFrom: config.forms?.mailFrom,
    });
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/api/'))
        return reply.code(404).send({
          code: 'not-found',
          message: `No route for ${request.method} ${request.url.split('?')[0]}`,
        });
      // A missing static file is a plain 404, not a rendered page.
      if (/^\/(assets|scripts|media|_storefront)\//.test(request.url))
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const url = new URL(request.url, 'http://localhost');
      const query = Object.fromEntries(url.searchParams.entries());
      ensureCrumb(request, reply);
      const result = await renderer.render({
        path: url.pathname,
        query,
        cartToken: request.cookies[CART_COOKIE],
      });
      return sendPageResult(reply, result, 'no-cache');
    };
    app.get('/', page);
    app.get('/*', page);
    app.setNotFoundHandler(async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD') return page(request, reply);
      return reply
        .code(404)
        .send({ code: 'not-found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
    });
    return app;
  } catch (error) {
    if (app) await app.close();
    else await database.destroy();
    throw error;
  }
}
