import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { HELPER_INLINE_SCRIPTS, megabytesToBytes, message, minimumSubtotalCents } from '@storefront/core';
import type { MediaUse } from '@storefront/core/wire';
import { siteTimeZone } from '@storefront/core/subscriptions';
import { escapeHtml } from './platform/http/html.ts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import {
  accountPageRoutes,
  accountRoutes,
  customerDetails,
  DEFAULT_SIGN_IN_LIMITS,
  sessionAccounts,
} from './modules/accounts/index.ts';
import { backofficeRoutes, backofficeScreen, CONFIG_API } from './backoffice/routes.ts';
import {
  CHECKOUT_CSS,
  checkoutRoutes,
  renewalPlacer,
  giftCardBalancePage,
  orderEventDetail,
  orderToReview,
  failedRenewalOrderIds,
  anyOrder,
  handOutPaidOrder,
  confirmationMailNow,
  downloadLinks,
  withSignedDownloads,
  stripeWebhookRoutes,
} from './modules/orders/index.ts';
import { subscriptionRoutes, type TickResult } from './modules/subscriptions/index.ts';
import { giftCardRoutes } from './modules/gift-cards/index.ts';
import { STRIPE_CHECKOUT_ORIGIN, stripeClient, stripePaymentProvider } from './modules/payments/index.ts';
import { commentRoutes } from './modules/comments/index.ts';
import { commerceRoutes, loadCommercePricing } from './modules/cart/index.ts';
import { CART_COOKIE } from './platform/http/cookies.ts';
import { cspReportRoutes } from './platform/http/csp-report.ts';
import { apiError, registerErrorHandler, sendApiError, sendUnavailable } from './platform/http/errors.ts';
import { registerInputGuard } from './platform/http/input-guard.ts';
import { zodValidatorCompiler } from './platform/http/schemas.ts';
import { timeoutOptions } from './platform/http/timeouts.ts';
import { registerSecurityHeaders, routerErrorHeaders } from './platform/http/security-headers.ts';
import { registerSecretPagesReferrerPolicy } from './platform/http/secret-urls.ts';
import { safeLoggerOptions } from './platform/http/log.ts';
import { createMailer, MAIL_FROM_DEFAULT, registerMailer } from './platform/mail/mail.ts';
import { JobsRunner, registerJobsRunner } from './platform/jobs/runner.ts';
import { previewRoutes } from './storefront/preview.ts';
import { registerSessions, SESSION_COOKIE, signedInCustomer } from './platform/http/session.ts';
import { trackInFlight } from './platform/http/drain.ts';
import { fastifyTrustProxy } from './platform/http/trust-proxy.ts';
import { CRUMB_COOKIE, ensureCrumb, registerCrumbCheck } from './platform/http/crumb.ts';
import { sharedSecret } from './platform/http/captcha.ts';
import {
  DEFAULT_DIGITAL_UPLOAD_LIMIT_MB,
  DEFAULT_DOWNLOAD_LINK_HOURS,
  DEFAULT_MEDIA_UPLOAD_LIMIT_MB,
  type Config,
} from './config.ts';
import type { Json, SiteContent } from './platform/site/types.ts';
import { ChangeWatch, ReadKeys } from './platform/db/change-version.ts';
import { isDatabaseUnavailable } from './platform/db/faults.ts';
import { anyProduct, catalogueMediaUses, storeCurrency } from './modules/catalogue/index.ts';
import { openDatabase } from './database.ts';
import { type DatabaseHandle, type Db } from './platform/db/index.ts';
import { formRoutes } from './modules/forms/index.ts';
import {
  importMediaFolder,
  mediaAddresses,
  mediaAdminRoutes,
  MediaLibrary,
  mediaRoutes,
  type MediaUsesOf,
} from './modules/media/index.ts';
import { createTemplateEngine, type Compiled } from './storefront/engine.ts';
import { isKept, PageCache, PER_VISITOR_BROTLI_QUALITY, sendKeptPage } from './storefront/page-cache.ts';
import { PageRenderer, sendPageResult } from './storefront/pages.ts';
import { PLATFORM_GLOBALS_SCRIPT } from './storefront/platform-script.ts';
import { TagBodies } from './platform/site/platform-tags.ts';
import { restockRoutes } from './modules/restock/index.ts';
import { REVIEWS_CSS, reviewRoutes, reviewsEnabled } from './modules/reviews/index.ts';
import { seoRoutes } from './modules/seo/index.ts';
import {
  applyWebsiteParts,
  contentAtStart,
  contentDiffersWarning,
  liveWebsite,
  liveForms,
  refill,
  siteContentRoutes,
  siteSettingsRoutes,
  type WebsiteParts,
} from './modules/content/index.ts';
import { completeSite, loadSiteTemplate, loadTemplateStrings } from './platform/site/loader.ts';
import { installSite, registerSiteContext, siteIfAny, type SiteContext } from './platform/site/context.ts';
import { earlierSharedDatabase } from './data-dir.ts';
import { popupOverlayRoutes } from './modules/popup/index.ts';
import { SEARCH_CSS, searchRoutes } from './modules/search/index.ts';
import { mediaRootOf, staticRoutes } from './static.ts';
import { openWebBundle } from './web-bundle.ts';
import {
  cookiePolicyFromSettings,
  OWNER_PAGE_CSS,
  rolloutFromSettings,
  telemetryRoutes,
} from './modules/telemetry/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (closed by `app.close()`). */
    database: DatabaseHandle;
  }
}

/** The writes that place an order: they read the site settings as saved now, not as last read. */
const ORDER_PLACEMENT = /^\/(api\/commerce\/orders|checkout)(\?|$)/;
/** The writes that read the site's forms: submissions, and the editors that place a form block. */
const FORM_USERS = /^\/api\/(form\/|rest\/forms\/|config\/)/;

/** How long readiness waits for the database's answer to a trivial query. */
const READY_TIMEOUT_MS = 2_000;
/** How long closing waits for requests still being worked on (main.ts gives up on the whole close at 10 s). */
const DRAIN_BOUND_MS = 8_000;

/**
 * Where the media library's files are used: the catalogue's items and store pages, and the site's
 * own documents (website settings, navigation, forms), as the site holds them now.
 */
function mediaUsesOf(db: Db, content: SiteContent): MediaUsesOf {
  return async (fileNames) => {
    const siteDocuments = JSON.stringify([
      content.website,
      content.websiteSettings,
      content.navigation,
      content.forms,
    ]);
    const uses = new Map<string, MediaUse[]>();
    const add = (fileName: string, use: MediaUse) => uses.set(fileName, [...(uses.get(fileName) ?? []), use]);
    for (const use of await catalogueMediaUses(db, fileNames))
      add(use.fileName, { kind: use.kind, id: use.id, title: use.title });
    for (const fileName of fileNames)
      if (siteDocuments.includes(`/media/${fileName}"`) || siteDocuments.includes(`/media/${fileName}?`))
        add(fileName, { kind: 'site', id: content.website.id, title: message('media.used-by-site') });
    return uses;
  };
}

const noRoute = (request: FastifyRequest) =>
  apiError('no-route', { params: { method: request.method, path: request.url.split('?')[0] ?? '' } });

export interface BuildOptions {
  /**
   * `false`: no log (tests). Otherwise where it goes (default stdout) and its level (default
   * `config.logLevel`); secrets are redacted either way (http/log.ts).
   */
  logger?: false | { stream?: DestinationStream; level?: string };
  /** Told about each retry while start-up waits for the database (`config.databaseStartupTimeoutMs`). */
  onDatabaseRetry?: (message: string) => void;
  /**
   * Subscription renewals (issue 17): the clock they run on (default `Date.now`) and how often this
   * instance looks for due ones (default a minute; 0 turns the scheduler off). `onTick` hears of
   * each finished look, so a test can wait for one instead of sleeping.
   */
  renewals?: { now?: () => number; intervalMs?: number; onTick?: (result: TickResult) => void };
  /** The clock signed download links are dated and checked by (default `Date.now`). */
  downloads?: { now?: () => number };
  /**
   * The site a request is for (platform/site/context.ts), given this install's one site; every
   * request gets that one unless a test serves several sites from one app. Called with no request
   * by work that has none (renewals, gift-card mails).
   */
  resolveSite?: (request: FastifyRequest | undefined, install: SiteContext) => SiteContext;
  /**
   * The site's clock (default `Date.now`): what the storefront shows as published (items'
   * `publishOn`, docs/content.md "Scheduled items"). Tests give a controlled one.
   */
  clock?: () => number;
}

/**
 * Builds the server: loads and compiles the site's template (a broken site folder throws a SiteError
 * naming the file and line), opens and migrates the database, imports the site's content/ into it
 * on the first start (later starts read the content from the database), and registers
 * the pages, static files and the cart API. `app.close()` waits for in-flight requests and then
 * closes the database.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const engine = createTemplateEngine();
  const bodies = new TagBodies();
  const template = loadSiteTemplate<Compiled>(config.siteDir, (source) => engine.compile(source), bodies);
  // Looked for before the database is opened: opening creates this site's file.
  const earlierDatabase = config.databaseUrl ? undefined : earlierSharedDatabase(config.dataDir);

  const database = await openDatabase(config, {
    waitMs: config.databaseStartupTimeoutMs ?? 0,
    ...(options.onDatabaseRetry ? { onRetry: options.onDatabaseRetry } : {}),
  });
  let app: FastifyInstance | undefined;
  try {
    // The database is the source of truth for content: the first start imports content/, later
    // starts read what the database holds (modules/content/content-import.ts).
    const startContent = await contentAtStart(database.db, config.siteDir);
    const site = completeSite(config.siteDir, template, startContent.content);
    // The media library keeps the originals; content/media brings in only names never imported.
    await importMediaFolder(database.db, mediaRootOf(site));
    app = Fastify({
      logger:
        options.logger === false
          ? false
          : { ...options.logger, ...safeLoggerOptions(options.logger?.level ?? config.logLevel) },
      bodyLimit: 256 * 1024,
      return503OnClosing: true,
      trustProxy: fastifyTrustProxy(config.trustProxy),
      forceCloseConnections: 'idle',
      ...timeoutOptions(config.httpTimeouts),
      // Errors the router raises before any route runs still answer {code, message}.
      frameworkErrors: (error, request, reply: FastifyReply) => {
        const requested = siteIfAny(request) ?? install;
        reply.headers(routerErrorHeaders(request, requested.origin));
        return sendApiError(
          reply,
          apiError(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'path-too-long' : 'bad-url'),
          requested.strings,
        );
      },
    });
    const log = app.log;
    const cartSettings = {
      websiteId: site.content.website.id,
      // The site settings' currency as saved now (issue 31: staff change it while the server runs).
      get currency() {
        return storeCurrency(site.content);
      },
      pricing: loadCommercePricing(startContent.commerce, site.content, storeCurrency(site.content)),
    };
    const webBundle = openWebBundle(config.webDistDir, log);
    // This instance's view of what writes changed (db/change-version.ts), shared by its caches.
    const changeWatch = new ChangeWatch();
    const renderer = new PageRenderer({
      site,
      engine,
      bodies,
      db: database.db,
      log,
      cart: cartSettings,
      webBundle,
      watch: changeWatch,
    });
    const pageCache = new PageCache({
      db: database.db,
      watch: changeWatch,
      webBundle,
      perVisitorCookies: [CART_COOKIE, SESSION_COOKIE],
    });
    // SITE_URL is the only source of absolute URLs (mail, canonical, sitemap, website.baseUrl).
    const install = installSite(config, {
      template: site,
      caches: { renderer, pages: pageCache },
      ...(options.clock ? { clock: options.clock } : {}),
    });
    // The one error handler (http/errors.ts), then the hooks every route shares: first the input
    // guard, so that no route sees a body, query or path it would refuse (http/input-guard.ts).
    registerErrorHandler(app);
    // First of every request's hooks: shutting down waits for the requests being worked on.
    const inFlight = trackInFlight(app);
    // Next, which site the request is for: every later hook and route may ask (request.site).
    const { resolveSite } = options;
    registerSiteContext(app, resolveSite ? (request) => resolveSite(request, install) : () => install);
    app.setValidatorCompiler(zodValidatorCompiler);
    registerInputGuard(app);
    registerCrumbCheck(app, { secret: await sharedSecret(database.db, 'crumb') });
    // The site settings as saved now: a read's one read of the change versions says whether
    // website.json moved, and the site's content then holds the new one (issue 31). Placing an
    // order reads them too (it charges in the store currency). Other writes (a cart add is one
    // transaction and nothing else) use the settings as this instance's last read saw them: every
    // page, cart read or API read refreshes them.
    const website = liveWebsite();
    let appliedWebsite: WebsiteParts | undefined;
    // The forms likewise (issue 31): read by pages, by their submissions and by the editors that
    // place a form block, whose writes refresh them too.
    const forms = liveForms();
    let appliedForms: Record<string, Json> | undefined;
    app.addHook('onRequest', async (request) => {
      const placesOrder = request.method === 'POST' && ORDER_PLACEMENT.test(request.url);
      const usesForms = FORM_USERS.test(request.url);
      if (request.method !== 'GET' && request.method !== 'HEAD' && !placesOrder && !usesForms) return;
      if (request.url.startsWith('/api/health') || request.url.startsWith('/_storefront/')) return;
      let parts: WebsiteParts | undefined;
      try {
        const snapshot = await changeWatch.read(database.db);
        request.changeSnapshot = snapshot;
        parts = await website.read(database.db, snapshot);
        const saved = await forms.read(database.db, snapshot);
        if (saved !== appliedForms) {
          appliedForms = saved;
          refill(site.content.forms, saved);
        }
      } catch (error) {
        // The route's own reads answer for the database (503 while unreachable); the settings stay.
        if (!isDatabaseUnavailable(error)) request.log.warn({ err: error }, 'site settings not read');
        return;
      }
      if (parts !== undefined && parts !== appliedWebsite) {
        appliedWebsite = parts;
        // The template's strings go under the content's own, as at start (completeSite).
        const language = typeof parts.website.language === 'string' ? parts.website.language : 'en-US';
        applyWebsiteParts(site.content, {
          ...parts,
          localizedStrings: { ...loadTemplateStrings(site.dir, language), ...parts.localizedStrings },
        });
      }
    });
    /** A trivial route: liveness, and the baseline of the cart benchmark (bench/cart.bench.ts). */
    app.get('/api/health', async () => ({ ok: true }));
    // Readiness, for a load balancer: this instance can serve only while its database answers. On
    // SQLite a full disk still reads, so it stays ready (browsing works; writes answer 503).
    app.get('/api/health/ready', async (request, reply) => {
      if (await database.answers(READY_TIMEOUT_MS))
        return reply.header('cache-control', 'no-store').send({ ok: true });
      return sendUnavailable(request, reply, request.site.strings);
    });
    app.decorate('database', database);
    for (const warning of site.warnings) app.log.warn(`Site folder: ${warning.file}: ${warning.message}`);
    for (const warning of startContent.imported?.warnings ?? []) app.log.warn(`Site folder: ${warning}`);
    if (startContent.changedFiles.length > 0)
      app.log.warn(contentDiffersWarning(config.siteDir, startContent.changedFiles));
    if (earlierDatabase)
      app.log.warn(
        `${earlierDatabase} is the database an earlier version shared between sites; this site now ` +
          `uses ${config.dataDir}. If it holds this site's orders, stop the server and move it there ` +
          '(with its -wal and -shm files), or set DATA_DIR to its folder.',
      );
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
      if (closing) reply.header('connection', 'close');
    });
    app.addHook('onClose', async (instance) => {
      if (sweeper) clearInterval(sweeper);
      // The server has closed its connections; a handler whose client left may still be working.
      await inFlight.drained(DRAIN_BOUND_MS, (working) =>
        instance.log.info(`closing: waiting for ${working} request(s) still being worked on`),
      );
      await database.destroy();
    });
    // One mailer for every feature; added after the database's hook, so it closes first (LIFO).
    registerMailer(
      app,
      createMailer(database.db, config.smtpUrl, config.forms?.mailFrom ?? MAIL_FROM_DEFAULT, (m) =>
        app?.log.warn(m),
      ),
    );
    // Background jobs (renewals, gift-card sends): after the mailer, so they stop before it closes.
    registerJobsRunner(
      app,
      new JobsRunner((name, error) => app?.log.warn({ err: error }, `job ${name} failed; retried next tick`)),
    );

    // Before compression: the security headers fill in each page's nonces as it is sent.
    await registerSecurityHeaders(app, {
      inlineScripts: [...HELPER_INLINE_SCRIPTS, PLATFORM_GLOBALS_SCRIPT],
      inlineStyles: [CHECKOUT_CSS, OWNER_PAGE_CSS, SEARCH_CSS, REVIEWS_CSS],
      formActionOrigins: config.stripe ? [STRIPE_CHECKOUT_ORIGIN] : [],
    });
    await app.register(cspReportRoutes);
    registerSecretPagesReferrerPolicy(app);

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
    // After the cookie parser, before every route: who is signed in (http/session.ts).
    registerSessions(app, database.db, sessionAccounts);
    // The JSON calls and the HTML forms count sign-ins against the one per-client limit.
    const signInLimits = config.signInLimit
      ? {
          signInLimits: {
            ...DEFAULT_SIGN_IN_LIMITS,
            perClient: { ...DEFAULT_SIGN_IN_LIMITS.perClient, max: config.signInLimit },
          },
        }
      : {};
    const signedDownloads = downloadLinks({
      secret: await sharedSecret(database.db, 'download-links'),
      lifetimeMs: (config.downloadLinkHours ?? DEFAULT_DOWNLOAD_LINK_HOURS) * 60 * 60 * 1000,
      now: options.downloads?.now ?? Date.now,
    });
    await app.register(accountRoutes, {
      db: database.db,
      staffSecondFactorRequired: config.staffSecondFactorRequired === true,
      ...signInLimits,
      webBundle,
    });
    await app.register(commerceRoutes, { settings: cartSettings, writeLimit: config.cartWriteLimit });
    await app.register(formRoutes, {
      forms: site.content.forms,
      ...(typeof site.content.websiteSettings.contactEmail === 'string'
        ? { ownerEmail: site.content.websiteSettings.contactEmail }
        : {}),
      ...(config.forms ? { settings: config.forms } : {}),
    });
    await app.register(restockRoutes, {
      get captchaRequired() {
        return Boolean(
          (site.content.website as { captchaSettings?: { siteKey?: unknown } }).captchaSettings?.siteKey,
        );
      },
    });
    // Comments and likes (issue 16): every visitor comment carries a solved captcha.
    await app.register(commentRoutes, {
      websiteSettings: site.content.websiteSettings,
      siteDir: site.dir,
      captchaRequired: true,
      ...(config.commentLimit ? { limit: { max: config.commentLimit, windowMs: 60_000 } } : {}),
    });
    await app.register(telemetryRoutes, {
      performanceRollout: rolloutFromSettings(site.content.websiteSettings),
      get cookiePolicy() {
        return cookiePolicyFromSettings(site.content.websiteSettings);
      },
      staffScreen: backofficeScreen({ webBundle }),
    });
    await staticRoutes(app, site, config.webDistDir);
    const mediaLibrary = new MediaLibrary(database.db, mediaUsesOf(database.db, site.content));
    await mediaRoutes(app, {
      site,
      library: mediaLibrary,
      dataDir: config.dataDir,
      faviconUrl: () => site.content.website.faviconUrl,
    });
    await app.register(mediaAdminRoutes, {
      library: mediaLibrary,
      uploadLimitBytes: config.mediaUploadLimitBytes ?? megabytesToBytes(DEFAULT_MEDIA_UPLOAD_LIMIT_MB),
      configApi: CONFIG_API,
    });
    await app.register(seoRoutes, {
      db: database.db,
      templatePages: Object.keys(site.template.pages),
    });

    // Card payments (issue 17): Stripe when configured, else the manual provider.
    const stripe = config.stripe ? stripeClient(config.stripe) : undefined;
    const checkoutOptions = {
      renderer,
      customerDetails: (accountId: string) => customerDetails(database.db, accountId),
      settings: cartSettings,
      get minimumSubtotalCents() {
        return minimumSubtotalCents(site.content.websiteSettings.storeSettings);
      },
      get timeZone() {
        return siteTimeZone(site.content.website);
      },
      writeLimit: config.cartWriteLimit,
      ...(stripe ? { payment: stripePaymentProvider(stripe) } : {}),
      downloadLinks: signedDownloads,
    };
    await app.register(checkoutRoutes, checkoutOptions);
    // Subscriptions (issue 17): renewals are placed by checkout's own order code.
    await app.register(subscriptionRoutes, {
      renderer,
      placeRenewal: renewalPlacer(database.db, checkoutOptions, app.resolveSite),
      orders: { failedRenewalOrderIds, orderEventDetail },
      now: options.renewals?.now ?? Date.now,
      intervalMs: options.renewals?.intervalMs ?? 60_000,
      ...(options.renewals?.onTick ? { onTick: options.renewals.onTick } : {}),
      site: app.resolveSite,
    });
    // Gift cards (issue 17): the balance check (its own counter: 10 checks a minute per client)
    // and the sweep that mails cards on the day their buyer chose.
    await app.register(giftCardRoutes, {
      renderer,
      balanceLimit: { max: 10, windowMs: 60_000 },
      site: app.resolveSite,
      sweepMs: 60_000,
      balancePage: giftCardBalancePage,
    });
    // Product reviews (issue 17): the mailed request page, a product's reviews, moderation.
    await app.register(reviewRoutes, {
      renderer,
      enabled: reviewsEnabled(site.content.websiteSettings),
      orderToReview,
    });
    if (stripe && config.stripe)
      await app.register(stripeWebhookRoutes, {
        stripe,
        webhookSecret: config.stripe.webhookSecret,
      });
    await app.register(backofficeRoutes, {
      webBundle,
      forms: site.content.forms,
      reviewsEnabled: reviewsEnabled(site.content.websiteSettings),
      ...(stripe ? { stripe } : {}),
      handOutPaidOrder,
      confirmationMailNow: (trx, orderId, requested, firstBody) =>
        confirmationMailNow(trx, orderId, requested, requested.strings, firstBody, signedDownloads),
      downloadLinks: signedDownloads,
      digitalUploadLimitBytes:
        config.digitalUploadLimitBytes ?? megabytesToBytes(DEFAULT_DIGITAL_UPLOAD_LIMIT_MB),
    });
    await app.register(siteContentRoutes, { site });
    await app.register(previewRoutes);
    await app.register(siteSettingsRoutes, {
      storeInUse: async (db) => (await anyProduct(db)) || (await anyOrder(db)),
      mediaKnown: async (db, urls) => new Set((await mediaAddresses.idsOf(db, urls)).keys()),
    });
    await app.register(popupOverlayRoutes, { renderer });
    await app.register(searchRoutes, {
      db: database.db,
      renderer,
      contentVersion: async (db) => (await changeWatch.read(db)).catalogue,
      currency: cartSettings.currency,
    });
    await app.register(accountPageRoutes, {
      db: database.db,
      renderer,
      signDownloads: (order) => withSignedDownloads(order, signedDownloads),
      ...signInLimits,
      webBundle,
    });
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/api/')) throw noRoute(request);
      // A missing static file is a short 404, not a rendered page. Typed as the error page it is,
      // as web servers answer, never as the asset asked for (a .js path gets no script type).
      if (/^\/(assets|scripts|media|_storefront)\//.test(request.url))
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(escapeHtml(message('ui.file-not-found', {}, request.site.strings)));
      const url = new URL(request.url, 'http://localhost');
      const query = Object.fromEntries(url.searchParams.entries());
      const firstVisit = ensureCrumb(request, reply) !== request.cookies[CRUMB_COOKIE];
      // Given the versions the page cache read, the render does not read them again.
      const { renderer, pages } = request.site.caches;
      const snapshot = request.changeSnapshot;
      const render = (read: ReadKeys | undefined = snapshot && new ReadKeys(snapshot)) =>
        renderer.render({
          site: request.site,
          path: url.pathname,
          query,
          cartToken: request.cookies[CART_COOKIE],
          member: signedInCustomer(request),
          read,
        });
      if (!pages.isShared(request)) return sendPageResult(reply, await render(), 'private, no-cache');
      // A first visit's answer sets its own crumb cookie: no shared cache may keep it.
      const cacheControl = firstVisit ? 'private, no-cache' : 'no-cache';
      const shared = await pages.page(request, render, snapshot);
      return isKept(shared)
        ? sendKeptPage(request, reply, shared, cacheControl)
        : sendPageResult(reply, shared, cacheControl);
    };
    // Site pages compare their query only with the catalogue's own values (render/list-filters.ts).
    // Pages made for one visitor are compressed once each: brotli at a cheaper quality than files.
    const pageRoute = {
      config: { inputGuard: 'body' as const },
      compress: {
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PER_VISITOR_BROTLI_QUALITY } },
      },
    };
    app.get('/', pageRoute, page);
    app.get('/*', pageRoute, page);
    app.setNotFoundHandler(async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD') return page(request, reply);
      throw noRoute(request);
    });
    return app;
  } catch (error) {
    if (app) await app.close();
    else await database.destroy();
    throw error;
  }
}
