/**
 * The checkout pages' main content (server-rendered HTML that works without JavaScript); the
 * routes put it inside the site's layout through the page renderer. Every text comes from core's
 * message catalogue, so a site's `localizedStrings` can override it.
 */
import { formatMoney, message, ProductType, type LocalizedStrings } from '@storefront/core';
import { escapeHtml as h } from '../../platform/http/html.ts';
import { escapedJson, type SystemPageRequest } from '../../platform/site/system/index.ts';
import type { Json } from '../../platform/site/types.ts';
import type { OrderNeeds, ShippingOption } from '@storefront/core';
import { amountDueCents, giftCardPaymentOf, type PlannedGiftCard } from '../gift-cards/index.ts';
import { awaitsPayment, giftCardRecipientOf, isPaid } from './on-payment.ts';
import type { OrderView } from './place-order.ts';
import { subscriptionView, type SubscriptionRow } from '../subscriptions/index.ts';

/**
 * The checkout pages' own few rules (scoped to their root classes): a readable column, labels
 * above full-width fields, visible errors. Inline so that a site's stylesheet needs nothing; fixed
 * text, so that the Content-Security-Policy allows it by its hash.
 */
export const CHECKOUT_CSS = `
.sf-checkout,.sf-order{max-width:40rem;margin:2rem auto;padding:0 1.25rem;line-height:1.5}
.sf-checkout h1,.sf-order h1{font-size:2rem;margin:0 0 1rem}
.sf-checkout__summary{width:100%;border-collapse:collapse;margin:0 0 1.5rem}
.sf-checkout__summary caption{text-align:left;font-weight:600;padding:.5rem 0}
.sf-checkout__summary th,.sf-checkout__summary td{padding:.5rem .25rem;border-bottom:1px solid #d8d4cc;text-align:left;vertical-align:top}
.sf-checkout__summary td:last-child,.sf-checkout__summary thead th:last-child{text-align:right}
.sf-checkout__summary tbody th{font-weight:500}
.sf-checkout__variant{display:block;font-weight:400;font-size:.9em;color:#555}
.sf-checkout__form fieldset{border:1px solid #d8d4cc;padding:1rem;margin:0 0 1rem}
.sf-checkout__field{margin:0 0 1rem}
.sf-checkout__field label{display:block;font-weight:500;margin:0 0 .25rem}
.sf-checkout__field input,.sf-checkout__field select,.sf-checkout__field textarea{box-sizing:border-box;width:100%;padding:.6rem .7rem;font:inherit;border:1px solid #8a857c;border-radius:4px;background:#fff;color:#1d1d1b}
.sf-checkout__field [aria-invalid=true]{border-color:#a3201a}
.sf-checkout__field-error,.sf-checkout__error{color:#a3201a;margin:0 0 .25rem}
.sf-checkout__error{border:1px solid #a3201a;border-radius:4px;padding:.75rem 1rem;margin:0 0 1rem;background:#fff}
.sf-checkout__submit{font:inherit;font-weight:600;padding:.8rem 1.6rem;border:0;border-radius:4px;background:#1d1d1b;color:#fff;cursor:pointer}
.sf-order__awaiting-payment{padding:.75rem 1rem;border-left:4px solid #1d1d1b;background:#fff}
`;
export const STYLE = `<style>${CHECKOUT_CSS}</style>`;

export interface SummaryLine {
  title: string;
  quantity: number;
  unitPriceCents: number;
  attributes: Record<string, string>;
  url?: string;
}

/** What the form posts back besides the customer fields (which order to place). */
export interface FormTarget {
  mode: 'cart' | 'express' | 'subscription' | 'gift-card';
  itemId?: string;
  sku?: string;
  quantity?: string;
  cartToken?: string;
}

export interface CheckoutFormPage {
  heading: string;
  lines: SummaryLine[];
  currency: string;
  subtotalCents: number;
  needs: OrderNeeds;
  target: FormTarget;
  crumb: string;
  /** Values typed so far (re-rendered after a refusal). */
  values: Record<string, string>;
  /** The refusal to show above the form. */
  error?: string;
  /** Field path -> problem. */
  fieldErrors?: Record<string, string>;
  /** The cart's discount, shipping and tax once its address is known (cart checkout only). */
  pricing?: CheckoutPricing;
  /** Gift card denominations to choose from (sku -> label). */
  denominations?: { sku: string; label: string }[];
  note?: string;
}

export interface CheckoutPricing {
  couponCode: string | null;
  discountCents: number;
  /** Empty until the address is known (or when nothing ships). */
  shippingOptions: readonly ShippingOption[];
  selectedShippingOptionId: string | null;
  shippingCents: number;
  taxCents: number;
  pricesIncludeTax: boolean;
  grandTotalCents: number;
  /** The shipping and tax estimate has an address to go on. */
  estimated: boolean;
}

const variantText = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

function cartSummaryContext(page: CheckoutFormPage, ls?: LocalizedStrings): SummaryContext {
  const money = (cents: number) => formatMoney(cents, page.currency);
  return {
    text: summaryText(ls),
    lines: page.lines.map((l) => ({
      sku: null,
      url: l.url ?? null,
      title: l.title,
      variant: variantText(l.attributes),
      quantity: l.quantity,
      price: money(l.unitPriceCents * l.quantity),
      download: null,
      downloadOnPayment: null,
    })),
    subtotalClass: 'sf-checkout__subtotal',
    subtotal: money(page.subtotalCents),
    rows: page.pricing ? pricingRows(money, page.pricing, ls) : [],
  };
}

/** One field of the checkout form (templates.ts' FIELD); every key present, so none is looked up around it. */
function field(
  page: CheckoutFormPage,
  name: string,
  label: string,
  opts: { type?: string; autocomplete?: string; required?: boolean; multiline?: boolean } = {},
) {
  return {
    id: `sf-checkout-${name.replace(/\W/g, '-')}`,
    name,
    label,
    error: page.fieldErrors?.[name] ?? null,
    value: page.values[name] ?? '',
    type: opts.type ?? 'text',
    autocomplete: opts.autocomplete ?? null,
    required: opts.required ?? false,
    multiline: opts.multiline ?? false,
  };
}

/** The checkout form (page type 201), for the cart, one item (express), a subscription or a gift card. */
export function checkoutFormPage(page: CheckoutFormPage, ls?: LocalizedStrings): SystemPageRequest {
  const t = (code: Parameters<typeof message>[0]) => message(code, {}, ls);
  const hidden = Object.entries({ crumb: page.crumb, ...page.target })
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([name, value]) => ({ name, value: String(value) }));
  const pricing = page.pricing;
  const checkoutPage = {
    heading: page.heading,
    error: page.error ?? null,
    note: page.note ?? null,
    summary: page.lines.length ? cartSummaryContext(page, ls) : null,
    hidden,
    denominations: page.denominations
      ? {
          label: message('product.gift-card-value', {}, ls),
          options: page.denominations.map((d) => ({
            value: d.sku,
            label: d.label,
            selected: page.values.sku === d.sku,
          })),
        }
      : null,
    customer: [
      field(page, 'email', t('checkout.email'), { type: 'email', required: true, autocomplete: 'email' }),
      field(page, 'name', t('checkout.name'), { required: true, autocomplete: 'name' }),
    ],
    address: page.needs.shippingAddress
      ? {
          legend: t('checkout.shipping-address'),
          fields: [
            field(page, 'address.line1', t('checkout.address-line1'), {
              required: true,
              autocomplete: 'address-line1',
            }),
            field(page, 'address.line2', t('checkout.address-line2'), { autocomplete: 'address-line2' }),
            field(page, 'address.city', t('checkout.address-city'), {
              required: true,
              autocomplete: 'address-level2',
            }),
            field(page, 'address.state', t('checkout.address-state'), { autocomplete: 'address-level1' }),
            field(page, 'address.zip', t('checkout.address-zip'), {
              required: true,
              autocomplete: 'postal-code',
            }),
            field(page, 'address.country', t('checkout.address-country'), {
              required: true,
              autocomplete: 'country-name',
            }),
          ],
        }
      : null,
    estimate:
      pricing && page.needs.shippingAddress
        ? { shipping: shippingChoice(page, pricing, ls), button: t('shipping.estimate') }
        : null,
    extra: [
      ...(pricing ? [field(page, 'discountCode', t('discount.code-label'), { autocomplete: 'off' })] : []),
      ...(page.needs.recipient
        ? [
            field(page, 'recipientEmail', t('checkout.recipient-email'), {
              type: 'email',
              autocomplete: 'off',
            }),
            field(page, 'giftMessage', t('checkout.gift-message'), { multiline: true }),
            field(page, 'giftCardSendOn', t('giftcard.send-on'), { type: 'date', autocomplete: 'off' }),
          ]
        : []),
      field(page, 'giftCardCode', t('giftcard.code-label'), { autocomplete: 'off' }),
    ],
    placeOrder: t('checkout.place-order'),
  };
  return { name: CHECKOUT_PAGES.form, context: { checkoutPage: escapedJson(checkoutPage) as Json } };
}

/** The shipping options of the estimate, as radio buttons (the chosen one checked). */
function shippingChoice(page: CheckoutFormPage, pricing: CheckoutPricing, ls?: LocalizedStrings) {
  if (!pricing.estimated || pricing.shippingOptions.length === 0) return null;
  return {
    legend: message('shipping.method', {}, ls),
    options: pricing.shippingOptions.map((o) => ({
      id: `sf-checkout-shipping-${o.id.replace(/\W/g, '-')}`,
      value: o.id,
      label: `${o.name} (${o.amountCents === 0 ? message('shipping.free', {}, ls) : formatMoney(o.amountCents, page.currency)})`,
      checked: o.id === pricing.selectedShippingOptionId,
    })),
  };
}

/** The system page templates' names (a site overrides each with `pages/<name>.page`, templates.ts). */
export const CHECKOUT_PAGES = {
  form: 'checkout-form',
  message: 'checkout-message',
  orderConfirmed: 'checkout-order-confirmed',
  subscriptionConfirmed: 'subscription-confirmed',
  giftCardBalance: 'gift-card-balance',
} as const;

/** A checkout page that has nothing to sell (empty cart, unknown item): the message and a way back. */
export function checkoutMessagePage(heading: string, text: string, ls?: LocalizedStrings): SystemPageRequest {
  const checkoutPage = {
    heading,
    text,
    viewCart: message('cart.view-cart', {}, ls),
    continueShopping: message('cart.continue-shopping', {}, ls),
  };
  return { name: CHECKOUT_PAGES.message, context: { checkoutPage: escapedJson(checkoutPage) as Json } };
}

/** Gift cards (issue 17): what a card paid and what is left on it, and the codes a gift card order issued. */
function giftCardsContext(order: OrderView, cards: readonly PlannedGiftCard[], ls?: LocalizedStrings) {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const paid = giftCardPaymentOf(order);
  return {
    paid: paid
      ? {
          line: `${message('giftcard.line', { hint: paid.hint }, ls)}: −${money(paid.amountCents)}`,
          remaining: message('giftcard.remaining', { balance: money(paid.remainingCents) }, ls),
          due: `${message('giftcard.due', {}, ls)}: ${money(amountDueCents(order))}`,
        }
      : null,
    onPayment:
      awaitsPayment(order.status) && order.lines.some((l) => l.productType === ProductType.GIFT_CARD)
        ? message('giftcard.on-payment', { email: giftCardRecipientOf(order) }, ls)
        : null,
    issued: cards.map((c) =>
      message('giftcard.issued', { code: c.code, balance: money(c.balanceCents) }, ls),
    ),
  };
}

/** The balance check page (issue 17): the form, and the balance or the refusal of the code typed. */
export function giftCardBalancePage(
  page: { crumb: string; code?: string; balance?: string; error?: string },
  ls?: LocalizedStrings,
): SystemPageRequest {
  const checkoutPage = {
    heading: message('giftcard.balance-title', {}, ls),
    error: page.error ?? null,
    result: page.balance
      ? message('giftcard.balance', { code: page.code ?? '', balance: page.balance }, ls)
      : null,
    crumb: page.crumb,
    code: page.code ?? '',
    codeLabel: message('giftcard.code-label', {}, ls),
    check: message('giftcard.balance-check', {}, ls),
  };
  return {
    name: CHECKOUT_PAGES.giftCardBalance,
    context: { checkoutPage: escapedJson(checkoutPage) as Json },
  };
}

/** A row under an order's subtotal: discount, shipping, tax or the total. */
interface PricingRow {
  cls: string;
  label: string;
  value: string;
}

/** Discount, shipping, tax and total rows under the subtotal (what the order will charge). */
function pricingRows(
  money: (cents: number) => string,
  p: {
    couponCode?: string | null;
    discountCents: number;
    shippingCents: number;
    taxCents: number;
    pricesIncludeTax: boolean;
    grandTotalCents: number;
    estimated: boolean;
  },
  ls?: LocalizedStrings,
): PricingRow[] {
  const rows: PricingRow[] = [];
  if (p.discountCents > 0)
    rows.push({
      cls: 'sf-order__discount',
      label: message('discount.line', { code: p.couponCode ?? '' }, ls),
      value: `−${money(p.discountCents)}`,
    });
  if (p.estimated)
    rows.push({
      cls: 'sf-order__shipping',
      label: message('shipping.line', {}, ls),
      value: money(p.shippingCents),
    });
  if (p.taxCents > 0)
    rows.push({
      cls: 'sf-order__tax',
      label: message('tax.line', {}, ls),
      value: p.pricesIncludeTax ? message('tax.included', { tax: money(p.taxCents) }, ls) : money(p.taxCents),
    });
  rows.push({
    cls: 'sf-order__total',
    label: message('checkout.total', {}, ls),
    value: money(p.grandTotalCents),
  });
  return rows;
}

/** What an order summary table shows (the `summary` of a page's context, templates.ts' ORDER_SUMMARY). */
export interface SummaryContext {
  text: { caption: string; item: string; quantity: string; price: string; subtotal: string };
  lines: {
    sku: string | null;
    url: string | null;
    title: string;
    variant: string;
    quantity: number;
    price: string;
    download: { url: string; label: string; title: string } | null;
    downloadOnPayment: string | null;
  }[];
  subtotalClass: string;
  subtotal: string;
  rows: PricingRow[];
}

const summaryText = (ls?: LocalizedStrings): SummaryContext['text'] => ({
  caption: message('checkout.order-summary', {}, ls),
  item: message('checkout.column-item', {}, ls),
  quantity: message('cart.quantity', {}, ls),
  price: message('checkout.column-price', {}, ls),
  subtotal: message('cart.subtotal', {}, ls),
});

/** An order's lines (with download links for digital ones) and totals: the confirmation pages' summary. */
export function orderSummaryContext(order: OrderView, ls?: LocalizedStrings): SummaryContext {
  const money = (cents: number) => formatMoney(cents, order.currency);
  return {
    text: summaryText(ls),
    lines: order.lines.map((l) => ({
      sku: l.sku,
      url: null,
      title: l.title,
      variant: variantText(l.attributes),
      quantity: l.quantity,
      price: money(l.unitPriceCents * l.quantity),
      // A download is handed out only once the order is paid (issue 27).
      download:
        l.downloadUrl && isPaid(order.status)
          ? { url: l.downloadUrl, label: message('checkout.download', {}, ls), title: l.title }
          : null,
      downloadOnPayment:
        l.downloadUrl && !isPaid(order.status) && awaitsPayment(order.status)
          ? message('checkout.download-on-payment', {}, ls)
          : null,
    })),
    subtotalClass: 'sf-order__subtotal',
    subtotal: money(order.subtotalCents),
    rows: pricingRows(
      money,
      {
        couponCode: orderCoupon(order),
        discountCents: order.discountCents,
        shippingCents: order.shippingCents,
        taxCents: order.taxCents,
        pricesIncludeTax:
          order.grandTotalCents === order.subtotalCents - order.discountCents + order.shippingCents,
        grandTotalCents: order.grandTotalCents,
        estimated: order.shippingCents > 0 || Boolean(order.extra?.pricing),
      },
      ls,
    ),
  };
}

/**
 * The summary table as markup, for the pages not yet system templates (the customer's order page,
 * accounts/order-views.ts): the same table templates.ts' ORDER_SUMMARY prints.
 */
export function orderSummaryHtml(order: OrderView, ls?: LocalizedStrings): string {
  return summaryHtml(orderSummaryContext(order, ls));
}

function summaryHtml(s: SummaryContext): string {
  const rows = s.lines
    .map((l) => {
      const title = l.url ? `<a href="${h(l.url)}">${h(l.title)}</a>` : h(l.title);
      const download = l.download
        ? ` <a class="sf-order__download" href="${h(l.download.url)}" download>${h(l.download.label)}<span class="sf-visually-hidden"> ${h(l.download.title)}</span></a>`
        : l.downloadOnPayment
          ? ` <span class="sf-order__download-on-payment">${h(l.downloadOnPayment)}</span>`
          : '';
      return `<tr${l.sku ? ` data-sku="${h(l.sku)}"` : ''}><th scope="row">${title}${l.variant ? ` <span class="sf-checkout__variant">${h(l.variant)}</span>` : ''}${download}</th><td class="sf-checkout__qty">${l.quantity}</td><td class="sf-checkout__price">${h(l.price)}</td></tr>`;
    })
    .join('');
  return (
    `<table class="sf-checkout__summary"><caption>${h(s.text.caption)}</caption>` +
    `<thead><tr><th scope="col"><span class="sf-visually-hidden">${h(s.text.item)}</span></th><th scope="col">${h(s.text.quantity)}</th><th scope="col"><span class="sf-visually-hidden">${h(s.text.price)}</span></th></tr></thead>` +
    `<tbody>${rows}</tbody><tfoot>` +
    `<tr><th scope="row" colspan="2">${h(s.text.subtotal)}</th><td class="${s.subtotalClass}">${h(s.subtotal)}</td></tr>` +
    s.rows
      .map(
        (r) =>
          `<tr><th scope="row" colspan="2">${h(r.label)}</th><td class="${r.cls}">${h(r.value)}</td></tr>`,
      )
      .join('') +
    `</tfoot></table>`
  );
}

const orderCoupon = (order: OrderView): string | null => {
  const pricing = order.extra?.pricing as { coupons?: unknown } | undefined;
  return Array.isArray(pricing?.coupons) && typeof pricing.coupons[0] === 'string'
    ? pricing.coupons[0]
    : null;
};

/**
 * The order confirmation (page type 202). `giftCards`: the cards a gift card order issued (their
 * codes), shown to the buyer.
 */
export function orderConfirmedPage(
  order: OrderView,
  ls?: LocalizedStrings,
  giftCards: readonly PlannedGiftCard[] = [],
): SystemPageRequest {
  const checkoutPage = {
    orderId: order.id,
    heading: message('checkout.order-confirmed', {}, ls),
    number: message('checkout.order-number', { number: order.orderNumber }, ls),
    thankYou: message('checkout.thank-you', { email: order.email }, ls),
    awaitingPayment:
      order.status === 'awaiting-payment' ? message('checkout.awaiting-payment', {}, ls) : null,
    summary: orderSummaryContext(order, ls),
    giftCards: giftCardsContext(order, giftCards, ls),
    continueShopping: message('cart.continue-shopping', {}, ls),
  };
  return {
    name: CHECKOUT_PAGES.orderConfirmed,
    context: { checkoutPage: escapedJson(checkoutPage) as Json },
  };
}

/** "month", "2 weeks": a billing period in the words of the renewal line. */
export const periodWords = (period: { value: number; unit: string }) =>
  period.value === 1 ? period.unit.toLowerCase() : `${period.value} ${period.unit.toLowerCase()}s`;

/**
 * Page type 206: the first order of a subscription and when it renews (issue 17). A site's page
 * also gets the `order` and `subscription` themselves (docs/subscriptions.md), escaped like the rest.
 */
export function subscriptionConfirmedPage(
  order: OrderView,
  subscription: SubscriptionRow | undefined,
  ls?: LocalizedStrings,
  /** The subscription's manage link, for whoever holds its token (a guest has no /account). */
  managePath?: string,
): SystemPageRequest {
  const view = subscription ? subscriptionView(subscription) : undefined;
  const checkoutPage = {
    orderId: order.id,
    heading: message('subscription.confirmed', {}, ls),
    number: message('checkout.order-number', { number: order.orderNumber }, ls),
    thankYou: message('subscription.thank-you', { email: order.email }, ls),
    renews:
      view?.nextRenewalDay != null
        ? message(
            'subscription.renews',
            { period: periodWords(view.billingPeriod), date: view.nextRenewalDay },
            ls,
          )
        : null,
    manage: managePath ? { url: managePath, label: message('subscription.manage-link', {}, ls) } : null,
    account: message('subscription.manage', {}, ls),
    summary: orderSummaryContext(order, ls),
    continueShopping: message('cart.continue-shopping', {}, ls),
  };
  return {
    name: CHECKOUT_PAGES.subscriptionConfirmed,
    context: escapedJson({ checkoutPage, order, subscription: view ?? null }) as Json,
  };
}
