/**
 * First-party telemetry in the browser (issue 8), loaded by a dynamic import once the page is
 * interactive: visit cookies and the page view, the client error reporter, the performance reporter
 * and commerce events. Nothing here may break the page: every failure is swallowed.
 */
import {
  commerceEventFields,
  CommerceEvent,
  confirmedOrderCart,
  createErrorReporter,
  errorInputOf,
  isTrackedPageView,
  PERFORMANCE,
  VISITOR_RECORD_COOKIE,
  type CommerceEventName,
  type ErrorReporter,
} from '@storefront/core/tracking';
import type { PageContext } from '../core.ts';
import { PageType, variantUnitPrice } from '../core.ts';
import {
  ITEM_ADDED_EVENT,
  ITEM_REMOVED_EVENT,
  type ItemAddedDetail,
  type ItemRemovedDetail,
} from '../cart-store.ts';
import { readPageContext } from '../context.ts';
import { startPerformanceReporter, type PerformanceReporter } from './performance.ts';
import { sendEvent } from './events.ts';
import { postJson, type TransportEnv } from './transport.ts';
import { CENSUS_TIMEOUT_MS, clearVisitCookies, trackPageView } from './visits.ts';
import { readCookie } from '../cookies.ts';
import { REVIEWS_ANCHOR_SELECTOR, REVIEWS_TAB_SELECTOR } from '../islands/reviews-mount.ts';
import { POPUP_OVERLAY_EVENT, takeUnheardPopupActions, type PopupOverlayDetail } from '../popup-overlay.ts';
import {
  acceptedIn,
  CONSENT_EVENT,
  consentBannerNeeded,
  consentFromCookie,
  storeConsent,
  trackingAllowed,
  type CookiePolicy,
} from '../consent.ts';

export const ERRORS_URL = '/api/events/RecordJavascriptErrors';
/** Set on `<html data-sf-telemetry>` once everything is wired (tests wait for it). */
export const READY_ATTRIBUTE = 'data-sf-telemetry';
export const CENSUS_SETTINGS_URL = '/api/census/settings';
export { CONSENT_COOKIE, CONSENT_EVENT } from '../consent.ts';
export const BUTTON_CLICK_URL = '/api/census/button-click';
export const OVERLAY_CENSUS_URL = '/api/census/overlay';
/** The buttons whose clicks are counted: store buttons, site buttons, and any marked for it. */
export const CENSUS_BUTTONS =
  '.sqs-add-to-cart-button, .sqs-button-element, .sqs-block-button-element, [data-census-button]';

export interface TelemetryOptions {
  fetch?: typeof fetch;
  now?: () => number;
  /** Shorter send delay for tests (pages use spec section 9's 30000 ms). */
  performanceSendDelayMs?: number;
}

export interface Telemetry {
  errors: ErrorReporter;
  performance: Promise<PerformanceReporter | undefined>;
  pageView: Promise<unknown>;
  stop(): void;
}

export interface TelemetryHandle {
  /** Resolves once telemetry runs, or waits for consent (restrictive cookie policy). */
  ready: Promise<void>;
  /** The running telemetry; undefined while consent is awaited. */
  running(): Telemetry | undefined;
  /** Once ready: whether the cookie banner must ask (restrictive policy, no choice yet). */
  consentBannerNeeded(): boolean;
  stop(): void;
}

const TRACKED_ORDERS_KEY = 'sf-tracked-orders';

/**
 * True the first time this browser shows an order's confirmation, so that a reload does not count
 * a second purchase. Without storage (blocked, private mode) every showing counts.
 */
function firstSightOfOrder(win: Window, orderId: string): boolean {
  try {
    const seen = (win.localStorage.getItem(TRACKED_ORDERS_KEY) ?? '').split(' ').filter(Boolean);
    if (seen.includes(orderId)) return false;
    win.localStorage.setItem(TRACKED_ORDERS_KEY, [...seen.slice(-19), orderId].join(' '));
  } catch {
    // storage unavailable: count it
  }
  return true;
}

/**
 * Starts telemetry. Under a restrictive cookie policy (site setting, `GET /api/census/settings`)
 * the tracking cookies are cleared and nothing is sent until the visitor agrees: the consent cookie
 * is set, or the site's banner fires `storefront:cookie-consent` on the document. A visitor who
 * declines (under either policy, from the footer's cookie settings) stops it and loses the cookies.
 */
export function startTelemetry(doc: Document = document, options: TelemetryOptions = {}): TelemetryHandle {
  const win = doc.defaultView as Window;
  const env: TransportEnv = {
    fetch: options.fetch ?? (win.fetch ? win.fetch.bind(win) : undefined),
    navigator: win.navigator,
    XMLHttpRequest: typeof XMLHttpRequest === 'function' ? XMLHttpRequest : undefined,
    cookies: () => doc.cookie,
    warn: (m) => console.warn(m),
  };
  let telemetry: Telemetry | undefined;
  let stopped = false;
  let policy: CookiePolicy | undefined;
  const onConsent = (event: Event) => {
    const accepted = acceptedIn(event);
    // A site's own banner only fires the event: the choice is kept here.
    storeConsent(doc, accepted);
    if (stopped) return;
    if (accepted) {
      telemetry ??= begin(doc, env, options);
      return;
    }
    telemetry?.stop();
    telemetry = undefined;
    clearVisitCookies(doc);
    doc.documentElement.setAttribute(READY_ATTRIBUTE, 'consent-required');
  };
  doc.addEventListener(CONSENT_EVENT, onConsent);
  const ready = fetchCensusSettings(env).then((settings) => {
    if (stopped) return;
    policy = settings.cookiePolicy;
    if (!trackingAllowed(policy, consentFromCookie(doc.cookie))) {
      clearVisitCookies(doc);
      doc.documentElement.setAttribute(READY_ATTRIBUTE, 'consent-required');
      return;
    }
    telemetry ??= begin(doc, env, options);
  });
  return {
    ready,
    running: () => telemetry,
    consentBannerNeeded: () =>
      policy !== undefined && consentBannerNeeded(policy, consentFromCookie(doc.cookie)),
    stop() {
      stopped = true;
      doc.removeEventListener(CONSENT_EVENT, onConsent);
      telemetry?.stop();
    },
  };
}

/** The site's cookie policy; permissive when the call fails. */
export async function fetchCensusSettings(
  env: TransportEnv,
): Promise<{ cookiePolicy: 'permissive' | 'restrictive' }> {
  const f = env.fetch;
  if (!f) return { cookiePolicy: 'permissive' };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CENSUS_TIMEOUT_MS);
  try {
    const res = await f(CENSUS_SETTINGS_URL, { credentials: 'same-origin', signal: controller.signal });
    const body = res.ok ? ((await res.json()) as { cookiePolicy?: unknown }) : {};
    return { cookiePolicy: body.cookiePolicy === 'restrictive' ? 'restrictive' : 'permissive' };
  } catch {
    return { cookiePolicy: 'permissive' };
  } finally {
    clearTimeout(timer);
  }
}

function begin(doc: Document, env: TransportEnv, options: TelemetryOptions): Telemetry {
  const win = doc.defaultView as Window;
  const ctx: PageContext = readPageContext(doc);
  const now = options.now ?? Date.now;
  const cleanups: (() => void)[] = [];
  const on = <K extends string>(target: EventTarget, type: K, fn: (e: Event) => void) => {
    target.addEventListener(type, fn);
    cleanups.push(() => target.removeEventListener(type, fn));
  };

  // Client errors.
  const errors = createErrorReporter({
    appName: PERFORMANCE.app,
    websiteId: ctx.websiteId,
    url: () => win.location.href,
    userAgent: win.navigator.userAgent,
    now,
    send: (events) => postJson(env, ERRORS_URL, events, { crumb: true }),
  });
  on(win, 'error', (e) => {
    const ev = e as ErrorEvent;
    // Resource load failures (img, script) are not script errors.
    if (typeof ev.message !== 'string') return;
    const input =
      ev.error === undefined || ev.error === null
        ? { message: ev.message, stack: '' }
        : errorInputOf(ev.error);
    errors.report({ ...input, file: ev.filename ?? '', line: ev.lineno ?? 0, column: ev.colno ?? 0 });
  });
  on(win, 'unhandledrejection', (e) => {
    const input = errorInputOf((e as PromiseRejectionEvent).reason);
    errors.report({ ...input, custom: { unhandledRejection: true } });
  });
  on(win, 'pagehide', () => errors.flush());
  on(doc, 'visibilitychange', () => {
    if (doc.visibilityState === 'hidden') errors.flush();
  });

  // Page view.
  const pageView = trackPageView(doc, ctx, env, now()).catch(() => undefined);

  // Button clicks (census, 2500 ms timeout, failures swallowed), on tracked pages only.
  if (isTrackedPageView({ path: win.location.pathname, pageType: ctx.pageType })) {
    on(doc, 'click', (e) => {
      const target = e.target as Element | null;
      const button = target?.closest?.(CENSUS_BUTTONS);
      if (!button) return;
      const label = (
        button.getAttribute('data-census-button') ||
        button.getAttribute('data-original-label') ||
        button.getAttribute('aria-label') ||
        button.textContent ||
        ''
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200);
      void postJson(
        env,
        BUTTON_CLICK_URL,
        {
          pagePath: win.location.pathname,
          pageType: ctx.pageType,
          websiteId: ctx.websiteId,
          target: label,
          ss_cvr: readCookie(VISITOR_RECORD_COOKIE, doc.cookie) ?? '',
        },
        { timeoutMs: CENSUS_TIMEOUT_MS },
      );
    });
  }

  // The popup overlay shown, closed or signed up to (census, 2500 ms timeout, failures swallowed).
  const countPopup = (detail: PopupOverlayDetail) =>
    void postJson(
      env,
      OVERLAY_CENSUS_URL,
      {
        pagePath: win.location.pathname,
        pageType: PageType.POPUP_OVERLAY,
        websiteId: ctx.websiteId,
        target: detail.action,
        label: detail.version,
        ss_cvr: readCookie(VISITOR_RECORD_COOKIE, doc.cookie) ?? '',
      },
      { timeoutMs: CENSUS_TIMEOUT_MS },
    );
  // It may have shown before telemetry started (both wait for the idle page).
  for (const detail of takeUnheardPopupActions(doc)) countPopup(detail);
  on(doc, POPUP_OVERLAY_EVENT, (e) => {
    const detail = (e as CustomEvent<PopupOverlayDetail>).detail;
    if (!detail) return;
    e.preventDefault();
    countPopup(detail);
  });

  // Commerce events.
  // Failures of tracking calls are swallowed (the sender has warned).
  const sendCommerce = (name: CommerceEventName, fields: Parameters<typeof commerceEventFields>[0]) =>
    sendEvent(env, name, { ...commerceEventFields(fields) }).catch(() => undefined);
  const base = { websiteId: ctx.websiteId, pageId: ctx.collectionId, currency: ctx.storeCurrency };
  on(doc, ITEM_ADDED_EVENT, (e) => {
    const detail = (e as CustomEvent<ItemAddedDetail>).detail;
    const cart = detail?.answer?.shoppingCart;
    const entry = detail?.answer?.newlyAdded;
    if (!cart) return;
    void sendCommerce(CommerceEvent.ADD_TO_CART, {
      ...base,
      item: {
        id: entry?.itemId ?? detail.request.itemId,
        productType: entry?.item?.productType ?? undefined,
        title: entry?.item?.title ?? '',
        unitPriceCents: entry?.unitPriceCents ?? 0,
        quantity: detail.request.quantity,
        attributes: entry?.chosenVariant?.attributes ?? {},
        sku: detail.request.sku,
      },
      cart: {
        id: cart.id,
        totalQuantity: cart.totalQuantity,
        subtotalCents: cart.subtotalCents,
        entries: cart.entries.map((x) => ({ productType: x.item?.productType ?? undefined })),
      },
    });
  });
  on(doc, ITEM_REMOVED_EVENT, (e) => {
    const detail = (e as CustomEvent<ItemRemovedDetail>).detail;
    if (!detail) return;
    const { entry, cart } = detail;
    void sendCommerce(CommerceEvent.REMOVE_FROM_CART, {
      ...base,
      item: {
        id: entry.itemId,
        productType: entry.item?.productType ?? undefined,
        title: entry.item?.title ?? '',
        unitPriceCents: entry.unitPriceCents,
        quantity: entry.quantity,
        attributes: entry.chosenVariant?.attributes ?? {},
        sku: entry.chosenVariant?.sku,
      },
      cart: {
        id: cart.id,
        totalQuantity: cart.totalQuantity,
        subtotalCents: cart.subtotalCents,
        entries: cart.entries.map((x) => ({ productType: x.item?.productType ?? undefined })),
      },
    });
  });
  const product = ctx.itemId ? ctx.products[ctx.itemId] : undefined;
  if (ctx.pageType === PageType.ITEM && product) {
    const item = {
      id: product.id,
      productType: product.productType,
      title: product.title,
      unitPriceCents: variantUnitPrice(product, product.variants[0]).cents,
      quantity: 1,
    };
    void sendCommerce(CommerceEvent.VIEW_PRODUCT, { ...base, item });
    void sendCommerce(CommerceEvent.PRODUCT_PAGE_VISIT, { ...base, item });
    // The reviews' rating link and tab (issue 17; islands/reviews-mount.ts).
    on(doc, 'click', (e) => {
      const target = e.target as Element | null;
      if (target?.closest?.(REVIEWS_ANCHOR_SELECTOR))
        void sendCommerce(CommerceEvent.REVIEWS_VITALS_ANCHOR_CLICK, { ...base, item });
      else if (target?.closest?.(REVIEWS_TAB_SELECTOR))
        void sendCommerce(CommerceEvent.REVIEWS_TAB_CLICK, { ...base, item });
    });
  }
  if (ctx.pageType === PageType.SHOW_CART || ctx.pageType === PageType.CART_V2)
    void sendCommerce(CommerceEvent.VIEW_CART, base);
  const order = ctx.confirmedOrder;
  if (ctx.pageType === PageType.ORDER_CONFIRMED && order && firstSightOfOrder(win, order.id)) {
    const cart = confirmedOrderCart(order, ctx.storeCurrency);
    // In this order, so that the funnel reads them as the visitor went.
    void sendCommerce(CommerceEvent.CHECKOUT_CONFIRMED, { ...base, cart }).then(() =>
      sendCommerce(CommerceEvent.PURCHASE, { ...base, cart }),
    );
  }

  // Performance.
  const performance = startPerformanceReporter({
    win,
    env,
    context: {
      pageType: ctx.pageType,
      websiteId: ctx.websiteId,
      path: win.location.pathname,
      // Spec section 6: the member id in performance data (the server sets it from the session).
      memberId: ctx.memberId ?? null,
      language: doc.documentElement.lang || 'en-US',
      collectionType: null,
      platform: 'storefront',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
    report: (message) => errors.report({ message, stack: '' }),
    ...(options.performanceSendDelayMs !== undefined ? { sendDelayMs: options.performanceSendDelayMs } : {}),
  }).catch(() => undefined);

  void Promise.all([pageView, performance]).then(() =>
    doc.documentElement.setAttribute(READY_ATTRIBUTE, 'ready'),
  );

  return {
    errors,
    performance,
    pageView,
    stop() {
      for (const c of cleanups.splice(0)) c();
      errors.stop();
      void performance.then((p) => p?.stop());
    },
  };
}
