/**
 * A template's own account pages (docs/accounts.md "A template's own account pages"): when the
 * template has `pages/<name>.page` for an account page, it renders as the page's main content with
 * `accountPage` in its context; otherwise the built-in page does (render/pages.ts falls back).
 *
 * Every string of `accountPage` is HTML-escaped here (escapedJson, the one way of every platform
 * page's context), since a template prints `{accountPage.x}` as it is and much of it is what a
 * visitor typed or stored (names, addresses, a reflected address).
 */
import { formatMoney, message, type Address, type LocalizedStrings } from '@storefront/core';
import type { Order } from '@storefront/core/wire';
import { isPaid, type OrderSummary } from '../orders/index.ts';
import { subscriptionActionUrl, type SubscriptionView } from '../subscriptions/index.ts';
import type { Json } from '../../platform/site/types.ts';
import type { SavedAddress } from './address-store.ts';
import { escapedJson } from '../../platform/site/system/index.ts';
import { ORDER_PAGES, orderStatusText } from './order-views.ts';
import { ACCOUNT_PAGES } from './pages.ts';
import { PASSWORD_MIN } from './passwords.ts';
import { PASSKEY_API, passkeyButton } from './passkey-button.ts';

/**
 * The template page of each account page (the file is `pages/<name>.page`); render/router.ts
 * never serves these names at `/<name>`.
 */
export const ACCOUNT_TEMPLATE_PAGES = {
  login: 'account-login',
  register: 'account-register',
  reset: 'account-reset',
  account: 'account',
  orders: 'account-orders',
  order: 'account-order',
} as const;
export type AccountTemplatePage = keyof typeof ACCOUNT_TEMPLATE_PAGES;

/** What every account page's `accountPage` may carry (docs/accounts.md lists each page's fields). */
export interface AccountPageData {
  crumb?: string | undefined;
  /** A refusal's message. */
  error?: string | undefined;
  /** What a successful post said (mail sent, password set). */
  notice?: string | undefined;
  /** What the visitor typed, shown again after a refusal (never a password). */
  values?: Record<string, string> | undefined;
  /** Field name -> its problem, when a refusal names fields (an address's parts). */
  fieldErrors?: Record<string, string> | undefined;
  /** The reset page opened from the mail: the token its form posts back. */
  token?: string | undefined;
  profile?: { name: string; email: string } | undefined;
  addresses?: readonly SavedAddress[] | undefined;
  passkeys?: readonly { id: string; name: string; created: number; lastUsed: number | null }[] | undefined;
  orders?: { list: { orders: OrderSummary[]; more: boolean }; page: number } | undefined;
  order?: Order | undefined;
  /** Issue 17: the customer's subscriptions, each with the URL its pause/resume/cancel form posts to. */
  subscriptions?: readonly SubscriptionView[] | undefined;
  /** The web bundle's passkey entry, which the sign-in page's passkey button loads (passkey-button.ts). */
  passkeyScript?: string | null | undefined;
}

/** Where the forms post and the links go. */
const URLS = {
  login: ACCOUNT_PAGES.login,
  register: ACCOUNT_PAGES.register,
  reset: ACCOUNT_PAGES.reset,
  code: ACCOUNT_PAGES.code,
  account: ACCOUNT_PAGES.account,
  logout: ACCOUNT_PAGES.logout,
  email: ACCOUNT_PAGES.email,
  password: ACCOUNT_PAGES.password,
  addresses: ORDER_PAGES.addresses,
  passkeys: ACCOUNT_PAGES.passkeys,
  orders: ORDER_PAGES.orders,
};

const day = (millis: number) => new Date(millis).toISOString().slice(0, 10);

const addressJson = (address: Address) => ({
  line1: address.line1 ?? '',
  line2: address.line2 ?? '',
  city: address.city ?? '',
  state: address.state ?? '',
  zip: address.zip ?? '',
  country: address.country ?? '',
});

function orderJson(order: Order, ls?: LocalizedStrings) {
  const money = (cents: number) => formatMoney(cents, order.currency);
  return {
    number: order.orderNumber,
    url: ORDER_PAGES.order(order.orderNumber),
    date: day(order.created),
    status: orderStatusText(order.status, ls),
    statusCode: order.status,
    lines: order.lines.map((l) => ({
      title: l.title,
      sku: l.sku,
      quantity: l.quantity,
      attributes: l.attributes,
      total: money(l.unitPriceCents * l.quantity),
      // A download is handed out only once the order is paid (issue 27).
      downloadUrl: isPaid(order.status) ? l.downloadUrl : null,
    })),
    subtotal: money(order.subtotalCents),
    discount: order.discountCents ? money(order.discountCents) : null,
    shipping: order.shippingCents ? money(order.shippingCents) : null,
    tax: order.taxCents ? money(order.taxCents) : null,
    total: money(order.grandTotalCents),
    address: order.address ? addressJson(order.address) : null,
  };
}

/**
 * The catalogue's words a page's system template (templates.ts) prints, in the site's language:
 * beside `accountPage`, whose contract (docs/accounts.md) they leave as it is.
 */
const ACCOUNT_TEXTS: Partial<
  Record<
    AccountTemplatePage,
    (ls: LocalizedStrings | undefined, data: AccountPageData) => Record<string, string>
  >
> = {
  orders: (ls) => ({
    title: message('account.orders-title', {}, ls),
    orderColumn: message('account.order-column', {}, ls),
    dateColumn: message('account.date-column', {}, ls),
    statusColumn: message('account.status-column', {}, ls),
    totalColumn: message('account.total-column', {}, ls),
    empty: message('account.orders-empty', {}, ls),
    newer: message('account.orders-newer', {}, ls),
    older: message('account.orders-older', {}, ls),
    back: message('account.back-to-account', {}, ls),
  }),
  login: (ls, data) => ({
    title: message('account.login-title', {}, ls),
    emailLabel: message('account.email-label', {}, ls),
    passwordLabel: message('account.password-label', {}, ls),
    rememberMe: message('account.remember-me', {}, ls),
    signIn: message('account.sign-in', {}, ls),
    // Built from escaped parts; its script tag gets the answer's nonce as the page is sent.
    passkeyHtml: passkeyButton(
      'sign-in',
      PASSKEY_API.customer.signIn,
      ACCOUNT_PAGES.account,
      message('account.passkey-sign-in', {}, ls),
      data.passkeyScript,
    ),
    emailCode: message('account.email-code', {}, ls),
    forgotPassword: message('account.forgot-password', {}, ls),
    noAccount: message('account.no-account', {}, ls),
  }),
  register: (ls) => ({
    title: message('account.register-title', {}, ls),
    nameLabel: message('account.name-label', {}, ls),
    emailLabel: message('account.email-label', {}, ls),
    passwordLabel: message('account.password-label', {}, ls),
    passwordHint: message('account.password-hint', { min: PASSWORD_MIN }, ls),
    create: message('account.create', {}, ls),
    signIn: message('account.sign-in', {}, ls),
  }),
  reset: (ls) => ({
    title: message('account.reset-title', {}, ls),
    emailLabel: message('account.email-label', {}, ls),
    passwordLabel: message('account.new-password-label', {}, ls),
    passwordHint: message('account.password-hint', { min: PASSWORD_MIN }, ls),
    setPassword: message('account.set-password', {}, ls),
    sendReset: message('account.send-reset', {}, ls),
    signIn: message('account.sign-in', {}, ls),
  }),
};

/** The render/pages.ts `templatePage` of an account page: its name, `accountPage` and `accountText`. */
export function accountTemplatePage(
  page: AccountTemplatePage,
  data: AccountPageData,
  ls?: LocalizedStrings,
): { name: string; context: Json } {
  const { orders, order } = data;
  const view = {
    page,
    urls: URLS,
    crumb: data.crumb ?? null,
    error: data.error ?? null,
    notice: data.notice ?? null,
    values: data.values ?? {},
    fieldErrors: data.fieldErrors ?? {},
    token: data.token ?? null,
    profile: data.profile ? { name: data.profile.name, email: data.profile.email } : null,
    addresses: (data.addresses ?? []).map((s) => ({
      id: s.id,
      isDefault: s.isDefault,
      ...addressJson(s.address),
    })),
    passkeys: (data.passkeys ?? []).map((key) => ({
      id: key.id,
      name: key.name,
      created: day(key.created),
      lastUsed: key.lastUsed === null ? null : day(key.lastUsed),
    })),
    orders: (orders?.list.orders ?? []).map((o) => ({
      number: o.orderNumber,
      url: ORDER_PAGES.order(o.orderNumber),
      date: day(o.created),
      status: orderStatusText(o.status, ls),
      statusCode: o.status,
      total: formatMoney(o.grandTotalCents, o.currency),
    })),
    pagination: orders
      ? {
          page: orders.page,
          prevPageUrl: orders.page > 1 ? `${ORDER_PAGES.orders}?page=${orders.page - 1}` : null,
          nextPageUrl: orders.list.more ? `${ORDER_PAGES.orders}?page=${orders.page + 1}` : null,
        }
      : null,
    order: order ? orderJson(order, ls) : null,
    subscriptions: (data.subscriptions ?? []).map((s) => ({
      ...s,
      created: day(s.created),
      nextRenewal: s.nextRenewalDay,
      actionUrl: subscriptionActionUrl(s.id),
    })),
  };
  return {
    name: ACCOUNT_TEMPLATE_PAGES[page],
    context: escapedJson({
      accountPage: view,
      accountText: ACCOUNT_TEXTS[page]?.(ls, data) ?? {},
    }) as Json,
  };
}
