/**
 * Checkout pages as JSON-T system page templates (docs/templates.md "The platform's pages"): a
 * site's template replaces each with its own `pages/<name>.page`. They read `checkoutPage`
 * (pages.ts), whose strings are already HTML-escaped, so they print them as they are.
 */
import { CHECKOUT_PAGES, STYLE } from './pages.ts';

/** An order's summary table, inside `{.section summary}` (pages.ts' SummaryContext). */
const ORDER_SUMMARY =
  '<table class="sf-checkout__summary"><caption>{text.caption}</caption>' +
  '<thead><tr><th scope="col"><span class="sf-visually-hidden">{text.item}</span></th><th scope="col">{text.quantity}</th>' +
  '<th scope="col"><span class="sf-visually-hidden">{text.price}</span></th></tr></thead><tbody>' +
  '{.repeated section lines}<tr{.if sku} data-sku="{sku}"{.end}><th scope="row">' +
  '{.if url}<a href="{url}">{title}</a>{.or}{title}{.end}' +
  '{.if variant} <span class="sf-checkout__variant">{variant}</span>{.end}' +
  '{.section download} <a class="sf-order__download" href="{url}" download>{label}<span class="sf-visually-hidden"> {title}</span></a>{.end}' +
  '{.if downloadOnPayment} <span class="sf-order__download-on-payment">{downloadOnPayment}</span>{.end}' +
  '</th><td class="sf-checkout__qty">{quantity}</td><td class="sf-checkout__price">{price}</td></tr>{.end}' +
  '</tbody><tfoot><tr><th scope="row" colspan="2">{text.subtotal}</th><td class="{subtotalClass}">{subtotal}</td></tr>' +
  '{.repeated section rows}<tr><th scope="row" colspan="2">{label}</th><td class="{cls}">{value}</td></tr>{.end}' +
  '</tfoot></table>';

const CONTINUE_SHOPPING = '<p><a href="/">{continueShopping}</a></p>';

const GIFT_CARDS =
  '{.section paid}<p class="sf-order__gift-card-paid">{line}</p>' +
  '<p class="sf-order__gift-card-remaining">{remaining}</p><p class="sf-order__due">{due}</p>{.end}' +
  '{.if onPayment}<p class="sf-order__gift-cards-on-payment">{onPayment}</p>{.end}' +
  '{.if issued}<ul class="sf-order__gift-cards">{.repeated section issued}<li>{@}</li>{.end}</ul>{.end}';

const ERROR = '{.if error}<div class="sf-checkout__error" role="alert"><p>{error}</p></div>{.end}';

/** One form field, inside a section of it (pages.ts' `field`). */
const FIELD =
  '<div class="sf-checkout__field"><label for="{id}">{label}</label>' +
  '{.if error}<p class="sf-checkout__field-error" id="{id}-error">{error}</p>{.end}' +
  '{.if multiline}<textarea ' +
  'id="{id}" name="{name}"{.if required} required{.end}{.if autocomplete} autocomplete="{autocomplete}"{.end}' +
  '{.if error} aria-invalid="true" aria-describedby="{id}-error"{.end}' +
  ' maxlength="1000">{value}</textarea>{.or}<input ' +
  'id="{id}" name="{name}"{.if required} required{.end}{.if autocomplete} autocomplete="{autocomplete}"{.end}' +
  '{.if error} aria-invalid="true" aria-describedby="{id}-error"{.end}' +
  ' type="{type}" value="{value}">{.end}</div>';

const FIELDS = (list: string) => `{.repeated section ${list}}${FIELD}{.end}`;

const CHECKOUT_FORM =
  '<form class="sf-checkout__form" method="post" action="/checkout" novalidate>' +
  '{.repeated section hidden}<input type="hidden" name="{name}" value="{value}">{.end}' +
  '{.section denominations}<div class="sf-checkout__field"><label for="sf-checkout-sku">{label}</label>' +
  '<select id="sf-checkout-sku" name="sku" required>' +
  '{.repeated section options}<option value="{value}"{.if selected} selected{.end}>{label}</option>{.end}' +
  '</select></div>{.end}' +
  FIELDS('customer') +
  `{.section address}<fieldset class="sf-checkout__address"><legend>{legend}</legend>${FIELDS('fields')}</fieldset>{.end}` +
  '{.section estimate}{.section shipping}<fieldset class="sf-checkout__shipping"><legend>{legend}</legend>' +
  '{.repeated section options}<div><input type="radio" id="{id}" name="shippingOption" value="{value}"{.if checked} checked{.end}>' +
  ' <label for="{id}">{label}</label></div>{.end}</fieldset>{.end}' +
  '<p><button type="submit" name="estimate" value="1" class="sf-checkout__estimate" formnovalidate>{button}</button></p>{.end}' +
  FIELDS('extra') +
  '<button type="submit" class="sf-checkout__submit">{placeOrder}</button></form>';

/** Page name -> JSON-T source. */
export const CHECKOUT_PAGE_TEMPLATES = {
  [CHECKOUT_PAGES.form]:
    `${STYLE}{.section checkoutPage}<div class="sf-checkout" data-page-type="201"><h1>{heading}</h1>${ERROR}` +
    '{.if note}<p class="sf-checkout__note">{note}</p>{.end}' +
    `{.section summary}${ORDER_SUMMARY}{.end}${CHECKOUT_FORM}</div>{.end}`,
  [CHECKOUT_PAGES.message]:
    `${STYLE}{.section checkoutPage}<div class="sf-checkout" data-page-type="201"><h1>{heading}</h1>` +
    '<p class="sf-checkout__error" role="alert">{text}</p>' +
    '<p><a href="/cart">{viewCart}</a> · <a href="/">{continueShopping}</a></p></div>{.end}',
  [CHECKOUT_PAGES.orderConfirmed]:
    `${STYLE}{.section checkoutPage}<div class="sf-order" data-page-type="202" data-order-id="{orderId}">` +
    '<h1>{heading}</h1><p class="sf-order__number">{number}</p><p>{thankYou}</p>' +
    '{.if awaitingPayment}<p class="sf-order__awaiting-payment">{awaitingPayment}</p>{.end}' +
    `{.section summary}${ORDER_SUMMARY}{.end}{.section giftCards}${GIFT_CARDS}{.end}` +
    `${CONTINUE_SHOPPING}</div>{.end}`,
  [CHECKOUT_PAGES.subscriptionConfirmed]:
    `${STYLE}{.section checkoutPage}<div class="sf-order" data-page-type="206" data-order-id="{orderId}">` +
    '<h1>{heading}</h1><p class="sf-order__number">{number}</p><p>{thankYou}</p>' +
    '{.if renews}<p class="sf-order__renews">{renews}</p>{.end}' +
    '{.section manage}<p><a href="{url}" rel="noreferrer">{label}</a></p>{.end}' +
    '<p><a href="/account">{account}</a></p>' +
    `{.section summary}${ORDER_SUMMARY}{.end}${CONTINUE_SHOPPING}</div>{.end}`,
  [CHECKOUT_PAGES.giftCardBalance]:
    `${STYLE}{.section checkoutPage}<div class="sf-checkout sf-gift-card-balance"><h1>{heading}</h1>${ERROR}` +
    '{.if result}<p class="sf-gift-card-balance__result" role="status">{result}</p>{.end}' +
    '<form class="sf-checkout__form" method="post" action="/gift-card/balance">' +
    '<input type="hidden" name="crumb" value="{crumb}">' +
    '<div class="sf-checkout__field"><label for="sf-gift-card-code">{codeLabel}</label>' +
    '<input id="sf-gift-card-code" name="code" required autocomplete="off" maxlength="64" value="{code}"></div>' +
    '<button type="submit" class="sf-checkout__submit">{check}</button></form></div>{.end}',
};
