/**
 * The signed-in customer's orders and addresses as page content (server-rendered, working without
 * JavaScript); customer-pages.ts puts it inside the site's layout. Texts from core's catalogue.
 */
import {
  formatMoney,
  message,
  type Address,
  type LocalizedStrings,
  type MessageCode,
} from '@storefront/core';
import { escapeHtml as h } from '../../platform/http/html.ts';
import type { Order } from '@storefront/core/wire';
import { orderSummaryHtml, type OrderSummary } from '../orders/index.ts';
import type { SavedAddress } from './address-store.ts';
import { accountPage, ACCOUNT_PAGES } from './pages.ts';

export const ORDER_PAGES = {
  orders: '/account/orders',
  order: (orderNumber: number) => `/account/orders/${orderNumber}`,
  addresses: '/account/addresses',
} as const;

const t = (code: MessageCode, ls?: LocalizedStrings, params: Record<string, string | number> = {}) =>
  h(message(code, params, ls));
const STATUS_TEXTS = new Map<string, MessageCode>([
  ['awaiting-payment', 'account.status.awaiting-payment'],
  ['paid', 'account.status.paid'],
  ['payment-failed', 'account.status.payment-failed'],
  ['cancelled', 'account.status.cancelled'],
  ['refunded', 'account.status.refunded'],
]);
/** An order's status in the catalogue's words; one it has no words for shows as stored. */
export function orderStatusText(status: string, ls?: LocalizedStrings): string {
  const code = STATUS_TEXTS.get(status);
  return code ? message(code, {}, ls) : status;
}
/** A day as the ISO calendar date (UTC): unambiguous in every language. */
const day = (millis: number) => new Date(millis).toISOString().slice(0, 10);
const backLink = (href: string, text: MessageCode, ls?: LocalizedStrings) =>
  `<p><a href="${href}">${t(text, ls)}</a></p>`;

/** One page of the customer's orders, newest first, with links to the newer and older pages. */
export function ordersPage(
  list: { orders: OrderSummary[]; more: boolean },
  page: number,
  ls?: LocalizedStrings,
): string {
  const rows = list.orders
    .map(
      (o) =>
        `<tr><th scope="row"><a href="${ORDER_PAGES.order(o.orderNumber)}">#${o.orderNumber}</a></th>` +
        `<td>${day(o.created)}</td><td>${h(orderStatusText(o.status, ls))}</td>` +
        `<td class="sf-checkout__price">${h(formatMoney(o.grandTotalCents, o.currency))}</td></tr>`,
    )
    .join('');
  const table = rows
    ? `<table class="sf-checkout__summary sf-account__orders"><thead><tr>` +
      (
        [
          'account.order-column',
          'account.date-column',
          'account.status-column',
          'account.total-column',
        ] as const
      )
        .map((c) => `<th scope="col">${t(c, ls)}</th>`)
        .join('') +
      `</tr></thead><tbody>${rows}</tbody></table>`
    : `<p>${t('account.orders-empty', ls)}</p>`;
  const paging = [
    page > 1
      ? `<a href="${ORDER_PAGES.orders}?page=${page - 1}" rel="prev">${t('account.orders-newer', ls)}</a>`
      : '',
    list.more
      ? `<a href="${ORDER_PAGES.orders}?page=${page + 1}" rel="next">${t('account.orders-older', ls)}</a>`
      : '',
  ].filter(Boolean);
  return accountPage(
    'account.orders-title',
    table +
      (paging.length ? `<nav class="sf-account__paging"><p>${paging.join(' · ')}</p></nav>` : '') +
      backLink(ACCOUNT_PAGES.account, 'account.back-to-account', ls),
    {},
    ls,
  );
}

const addressLines = (address: Address) =>
  [
    address.line1,
    address.line2,
    [address.zip, address.city].filter(Boolean).join(' '),
    address.state,
    address.country,
  ]
    .filter((part) => part && part.trim() !== '')
    .map((part) => h(part))
    .join('<br>');

/** One order of the customer: number, date, status, lines with download links, totals, address. */
export function orderPage(order: Order, ls?: LocalizedStrings): string {
  const body =
    `<p>${t('account.order-placed', ls, { date: day(order.created) })} ` +
    `${t('account.order-status', ls, { status: orderStatusText(order.status, ls) })}</p>` +
    orderSummaryHtml(order, ls) +
    (order.address
      ? `<h2>${t('account.order-address', ls)}</h2><address>${addressLines(order.address)}</address>`
      : '') +
    backLink(ORDER_PAGES.orders, 'account.back-to-orders', ls);
  const heading = message('account.order-title', { number: order.orderNumber }, ls);
  return accountPage({ text: heading }, body, {}, ls);
}

/** The same page for an order that does not exist and one that is someone else's. */
export const orderNotFoundPage = (text: string, ls?: LocalizedStrings) =>
  accountPage(
    'account.orders-title',
    backLink(ORDER_PAGES.orders, 'account.back-to-orders', ls),
    { error: text },
    ls,
  );

const ADDRESS_FIELDS: readonly {
  part: keyof Address;
  label: MessageCode;
  required: boolean;
  autocomplete: string;
}[] = [
  { part: 'line1', label: 'checkout.address-line1', required: true, autocomplete: 'address-line1' },
  { part: 'line2', label: 'checkout.address-line2', required: false, autocomplete: 'address-line2' },
  { part: 'city', label: 'checkout.address-city', required: true, autocomplete: 'address-level2' },
  { part: 'state', label: 'checkout.address-state', required: false, autocomplete: 'address-level1' },
  { part: 'zip', label: 'checkout.address-zip', required: true, autocomplete: 'postal-code' },
  { part: 'country', label: 'checkout.address-country', required: true, autocomplete: 'country-name' },
];

export interface AddressFormState {
  crumb: string;
  /** The address the refused post was about ('' for a new one), what was typed, and the problems. */
  refused?: { id: string; values: Record<string, string>; fieldErrors: Record<string, string> };
}

function addressForm(
  key: string,
  saved: SavedAddress | undefined,
  state: AddressFormState,
  ls?: LocalizedStrings,
): string {
  const refused = state.refused?.id === key ? state.refused : undefined;
  const fields = ADDRESS_FIELDS.map((f) => {
    const name = `address.${f.part}`;
    const id = `sf-address-${key || 'new'}-${f.part}`;
    const value = refused ? (refused.values[name] ?? '') : (saved?.address[f.part] ?? '');
    const problem = refused?.fieldErrors[name];
    return (
      `<div class="sf-checkout__field"><label for="${id}">${t(f.label, ls)}</label>` +
      (problem ? `<p class="sf-checkout__field-error" id="${id}-error">${h(problem)}</p>` : '') +
      `<input id="${id}" name="${name}" autocomplete="${f.autocomplete}"${f.required ? ' required' : ''}` +
      `${problem ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''} value="${h(value)}"></div>`
    );
  }).join('');
  const makeDefault = saved?.isDefault
    ? ''
    : `<div class="sf-checkout__field"><label><input type="checkbox" name="makeDefault" value="on"> ${t('account.address-default-label', ls)}</label></div>`;
  return (
    `<form class="sf-checkout__form" method="post" action="${ORDER_PAGES.addresses}">` +
    `<input type="hidden" name="crumb" value="${h(state.crumb)}"><input type="hidden" name="action" value="save">` +
    (key ? `<input type="hidden" name="id" value="${h(key)}">` : '') +
    fields +
    makeDefault +
    `<button class="sf-checkout__submit" type="submit">${t('account.address-save', ls)}</button></form>`
  );
}

const buttonForm = (
  action: 'delete' | 'default',
  id: string,
  label: MessageCode,
  crumb: string,
  ls?: LocalizedStrings,
) =>
  `<form method="post" action="${ORDER_PAGES.addresses}" class="sf-account__inline">` +
  `<input type="hidden" name="crumb" value="${h(crumb)}"><input type="hidden" name="action" value="${action}">` +
  `<input type="hidden" name="id" value="${h(id)}"><button type="submit">${t(label, ls)}</button></form>`;

/** The addresses part of /account: each saved one (edit, delete, make default) and a form to add one. */
export function addressesSection(
  addresses: readonly SavedAddress[],
  state: AddressFormState,
  ls?: LocalizedStrings,
): string {
  const items = addresses
    .map(
      (s) =>
        `<li class="sf-account__address" data-default="${s.isDefault}"><address>${addressLines(s.address)}</address>` +
        (s.isDefault ? `<p><strong>${t('account.address-default', ls)}</strong></p>` : '') +
        `<details${state.refused?.id === s.id ? ' open' : ''}><summary>${t('account.address-edit', ls)}</summary>${addressForm(s.id, s, state, ls)}</details>` +
        (s.isDefault ? '' : buttonForm('default', s.id, 'account.address-make-default', state.crumb, ls)) +
        buttonForm('delete', s.id, 'account.address-delete', state.crumb, ls) +
        `</li>`,
    )
    .join('');
  return (
    `<section class="sf-account__addresses"><h2>${t('account.addresses-title', ls)}</h2>` +
    (items ? `<ul>${items}</ul>` : `<p>${t('account.addresses-empty', ls)}</p>`) +
    `<details${state.refused?.id === '' ? ' open' : ''}><summary>${t('account.address-add', ls)}</summary>${addressForm('', undefined, state, ls)}</details>` +
    `</section>`
  );
}
