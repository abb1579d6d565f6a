/**
 * JSON-T sources of the helpers that emit markup. Each renders a view model that the helper builds
 * (every string already escaped), so the templates only lay out markup. Their whitespace is part of
 * the output: the blank lines and indentation reproduce the reference markup byte for byte
 * (spec/jsont.md section 15; jsont-specs `f-<helper>-N.html`).
 */

const nl = (n: number) => '\n'.repeat(n);

/** View: { useForm, collectionId, id, productType, useCustom, isSubscription, label, form, subscriptionOptionId }. */
export const ADD_TO_CART_BTN =
  nl(13) +
  '<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n' +
  '  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ' +
  '{.if useForm}use-form{.end}" role="button" tabindex="0" data-dynamic-strings' +
  ' data-collection-id="{collectionId}" data-item-id="{id}" data-product-type="{productType}"' +
  ' data-use-custom-label="{useCustom}" {.if isSubscription}data-is-subscription="{isSubscription}" {.end}' +
  'data-original-label="{label}" {.if useForm}data-form="{form}"{.end}' +
  '{.if subscriptionOptionId}data-subscription-option-id="{subscriptionOptionId}"{.end}>\n' +
  '    <div class="sqs-add-to-cart-button-inner">{label}</div>\n' +
  '  </div>\n' +
  '</div>';

/** View: { id, label }. */
export const QUANTITY_INPUT =
  nl(3) +
  '<div class="product-quantity-input" data-item-id="{id}" data-animation-role="content">\n' +
  '  <div class="quantity-label">{label}:</div>\n' +
  '  <input aria-label="{label}" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n' +
  '</div>';

/** View: { itemId, variants, subscribable, plan, options: [{ name, title, selectLabel, selectText, values: [string] }] }. */
export const VARIANTS_SELECT =
  '\n  \n  \n  \n  \n\n' +
  '  <div class="product-variants" data-item-id="{itemId}" data-variants="{variants}"' +
  '{.if subscribable} data-is-subscribable="true" data-subscription-plan="{plan}"{.end}' +
  ' data-animation-role="content">' +
  '{.repeated section options}\n' +
  '    <div class="variant-option">\n' +
  '    <div class="variant-option-title">{title}: </div>\n' +
  '    <div class="variant-select-wrapper">\n' +
  '      <select aria-label="{selectLabel}" data-variant-option-name="{name}">\n' +
  '        <option value="">{selectText}</option>\n' +
  '        {.repeated section values}<option value="{@}">{@}</option>{.end}\n' +
  '      </select>\n' +
  '    </div>\n' +
  '    <div class="variant-radiobtn-wrapper" data-variant-option-name="{name}">' +
  '{.repeated section values}\n' +
  '      <input type="radio" class="variant-radiobtn" value="{@}" name="variant-option-{name}" id="variant-option-{name}-{@}"/>\n' +
  '      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="variant-option-{name}-{@}">{@}</label>' +
  '{.end}\n' +
  '    </div>\n' +
  '    </div>' +
  '{.end}\n' +
  '  </div>\n';

/**
 * View: { hasFrom, fromLine, hasSale, saleLabel, saleLine, originalLabel, normalLine, hasNormal }.
 * Used by product-price (`className` product-price) and subscription-price.
 */
const priceBlock = (className: string) =>
  `<div class="${className}">\n` +
  '{.if hasFrom}{fromLine}\n' +
  '{.or}{.if hasSale}<span class="visually-hidden v6-visually-hidden">{saleLabel}</span>{saleLine}{.space}' +
  '<span class="visually-hidden v6-visually-hidden">{originalLabel}</span><span class="original-price">{normalLine}</span>\n' +
  '{.or}{.if hasNormal}{normalLine}{.end}{.end}{.end}\n' +
  '</div>';

export const PRODUCT_PRICE = nl(3) + priceBlock('product-price');
export const SUBSCRIPTION_PRICE = nl(3) + priceBlock('subscription-price');

/** View: { views: [{ attributes, text }] }. */
export const PRODUCT_SCARCITY =
  '{.repeated section views}\n' +
  '  <div class="product-scarcity"{.if attributes} data-variant-attributes="{attributes}" hidden{.end}>\n' +
  '    {text}\n' +
  '  </div>\n' +
  '{.end}';

/**
 * View: { productId, cta, placeholder, button, mailingList, optIn, mailingListDescription, captcha,
 * views: [{ variantId, hidden }] }.
 */
export const PRODUCT_RESTOCK_NOTIFICATION =
  nl(6) +
  '{.repeated section views}\n' +
  '<div class="product-restock-notification" data-product-id="{productId}" data-variant-id="{variantId}"{.if hidden} hidden{.end}>\n' +
  '  <span class="product-restock-cta">{cta}</span>\n' +
  '  <form class="product-restock-form" action="#">\n' +
  '    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="{placeholder}">\n' +
  '    <input class="sqs-editable-button" type="submit" value="{button}">\n' +
  '  </form>\n' +
  '{.if mailingList}  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"{.if optIn} checked{.end}>{mailingListDescription}</label>{.end}\n' +
  '{.if captcha}  <div class="captcha-container"></div>{.end}\n' +
  '</div>\n' +
  '{.end}';

/** View: { rawTitle, value }. */
export const SUMMARY_FORM_FIELD =
  '<div style="font-size:11px; margin-top:3px">\n' +
  '  <span style="font-weight:bold;">{rawTitle}:</span> {value}\n' +
  '</div>';

/** Summary values by field type; views are the field's `values` (strings as given). */
export const SUMMARY_VALUE: Readonly<Record<string, string>> = {
  address:
    '<div style="padding-left:5px;">\n' +
    '  <div>{Line1}</div>{.if Line2}\n' +
    '  <div>{Line2}</div>{.end}\n' +
    '  <div>{City}, {State} {Zip} {Country}</div>\n' +
    '</div>',
  /** View: { joined } (values joined with `, `, with a trailing newline) or { single }. */
  checkbox: '{.if joined}{joined}\n{.or}{.if single}{single}{.end}{.end}',
  date: '{Month}/{Day}/{Year}',
  /** View: { rows: [{ question, answer }] }. */
  likert:
    '<div style="padding-left:5px;">' +
    '{.repeated section rows}\n' +
    '  <div><span style="font-weight:bold;">{question}:</span> {answer}</div>' +
    '{.end}\n' +
    '</div>',
  name: '{First} {Last}',
  phone: '{.if Country}+{Country} {.end}{Areacode}-{Prefix}-{Line}',
  time: '{Hour}:{Minute}:{Second} {Ampm}',
};

/**
 * The fixed inline scripts the helpers emit, so that a Content-Security-Policy can allow each by its
 * hash instead of allowing inline scripts. None today: the reference's follow-buttons
 * `Y.use('squarespace-follow-buttons', …)` threw on every page without YUI (issue 16), so the
 * helper writes a plain link instead.
 */
export const HELPER_INLINE_SCRIPTS: readonly string[] = [];

/**
 * View: { audioAssetUrl, id }. The browser's own player, which needs no script: the reference's
 * `<script>Y.use('squarespace-audio-player-frontend')</script>` threw on every page without YUI
 * (issue 16), so it is not written.
 */
export const AUDIO_PLAYER =
  '<div class="squarespace-audio-player" data-audio-asset-url="{audioAssetUrl}" data-item-id="{id}" id="audio-player-{id}">' +
  '<audio controls preload="none" src="{audioAssetUrl|htmlattr}"></audio></div>';

/** View: { disqus, fullUrl, id, countLine, commentWord }. */
export const COMMENT_LINK =
  '{.if disqus}\n' +
  '  <a href="{fullUrl}" class="sqs-comment-link sqs-disqus-comment-link" data-id="{id}"></a>\n' +
  '{.or}\n' +
  '  <a href="{fullUrl}#comments-{id}" class="sqs-comment-link" data-id="{id}">\n' +
  '  {countLine}\n' +
  '  {commentWord}\n' +
  '  </a>\n' +
  '{.end}';

/** View: { disqus, id, attrs, thread } (attrs: the data attributes; thread: the comments' markup). */
export const COMMENTS =
  '{.if disqus}\n' +
  '  <div class="squarespace-comments" id="disqus_thread"></div>\n' +
  '{.or}\n' +
  '  <div class="squarespace-comments" id="comments-{id}"{attrs}>{thread}</div>\n' +
  '{.end}';

/** View: { show, id, likeCount }. */
export const LIKE_BUTTON =
  '{.if show}\n' +
  '  <span class="sqs-simple-like" data-item-id="{id}" data-like-count="{likeCount}">\n' +
  '    <span class="like-icon"></span>\n' +
  '    <span class="like-count"></span>\n' +
  '  </span>\n' +
  '{.end}';
