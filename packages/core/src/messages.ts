/**
 * The catalogue of user-facing strings (product spec sections 2, 5, 8 and 9), keyed by stable codes.
 * A site overrides any of them through its `localizedStrings`, either by our code or by the
 * reference's key (`productAddToCartText`, ...) where one exists.
 */

interface MessageEntry {
  /** English text; `{name}` marks a placeholder. */
  readonly text: string;
  /** The reference's `localizedStrings` key, when templates already know one. */
  readonly localizedKey?: string;
}

const entries = {
  // Add-to-cart refusals (section 5).
  'cart.add.select-option': { text: 'Please select the {option} option.' },
  'cart.add.variant-unavailable': {
    text: 'Sorry, that item variant is unavailable. Please select another variant.',
  },
  'cart.add.not-enough-stock': { text: 'Sorry, we do not have enough of that item available.' },
  'cart.add.quantity-not-number': { text: 'Quantity must be a number.' },
  'cart.add.quantity-not-whole': { text: 'Quantity must be a whole number.' },
  /** Not in the spec: a whole number below 1 or above 9999 (the quantity input's bounds). */
  'cart.add.quantity-out-of-range': { text: 'Quantity must be between {min} and {max}.' },
  'cart.add.gift-card-denomination': { text: 'Select a denomination for the Gift Card.' },
  /** Not in the spec: a product that cannot be bought (unknown type, no variants). */
  'cart.add.product-unavailable': { text: 'Sorry, this item is unavailable.' },

  // Cart errors (section 8).
  'cart.crumb-fail': { text: 'Your session has expired. Please reload the page and try again.' },
  'cart.cookies-off': { text: 'Please enable cookies in your browser, reload the page, and try again.' },
  'rate-limited': { text: 'Please try again in a few seconds.' },
  'request.cross-site': {
    text: 'This request came from another website, so it was refused. Please use the form on this site.',
  },
  // Idempotency-Key refusals (not in the spec: our wording).
  'idempotency.key-invalid': { text: 'Idempotency-Key must be 1 to 255 printable ASCII characters.' },
  'idempotency.key-reused': {
    text: 'This Idempotency-Key was already used with a different request.',
  },
  'idempotency.in-progress': {
    text: 'A request with this Idempotency-Key is still in progress. Please try again in a few seconds.',
  },
  'alert.unable-to-add-item': { text: 'Unable to Add Item' },
  'alert.unable-to-purchase-item': { text: 'Unable to Purchase Item' },
  'alert.unable-to-purchase-gift-card': { text: 'Unable to purchase Gift Card.' },
  'cart.unable-to-update-quantity': { text: 'Unable to update quantity' },
  'cart.unable-to-update-form': { text: 'Unable to update form' },
  'cart.unable-to-open-form': { text: 'Unable to open form' },
  'cart.unable-to-remove-item': { text: 'Unable to remove item' },
  'cart.try-again': { text: 'Please try again.' },
  'cart.check-connection': { text: 'Please check your internet connection.' },
  'checkout.minimum-subtotal': { text: 'To check out, your order subtotal must be {subtotal} or more.' },

  // Checkout and orders (DESIGN.md "Checkout"); the spec gives only the minimum-subtotal text, the
  // rest is our wording (decision).
  'checkout.title': { text: 'Checkout' },
  'checkout.subscription-title': { text: 'Subscription Checkout' },
  'checkout.gift-card-title': { text: 'Gift Card' },
  'checkout.empty-cart': { text: 'Your cart is empty. Add something to it before checking out.' },
  'checkout.cart-purchased': { text: 'This cart has already been checked out.' },
  'checkout.email-blank': { text: 'Please enter your email address.' },
  'checkout.email-invalid': { text: 'Please enter a valid email address.' },
  'checkout.name-blank': { text: 'Please enter your name.' },
  'checkout.address-blank': { text: 'Please enter your {part}.' },
  'checkout.recipient-email-invalid': {
    text: "Please enter a valid email address for the gift card's recipient.",
  },
  'checkout.not-gift-card': { text: 'This item is not a gift card.' },
  'checkout.order-not-found': { text: 'That order does not exist.' },
  'checkout.place-order': { text: 'Place Order' },
  'checkout.email': { text: 'Email' },
  'checkout.name': { text: 'Name' },
  'checkout.shipping-address': { text: 'Shipping Address' },
  'checkout.address-line1': { text: 'Address' },
  'checkout.address-line2': { text: 'Address line 2 (optional)' },
  'checkout.address-city': { text: 'City' },
  'checkout.address-state': { text: 'State or region' },
  'checkout.address-zip': { text: 'Postal code' },
  'checkout.address-country': { text: 'Country' },
  'checkout.recipient-email': { text: 'Recipient email (optional: the gift card is sent to you otherwise)' },
  'checkout.gift-message': { text: 'Message for the recipient (optional)' },
  'checkout.order-summary': { text: 'Order Summary' },
  'checkout.total': { text: 'Total' },
  'checkout.order-confirmed': { text: 'Order Confirmed' },
  'checkout.order-number': { text: 'Order #{number}' },
  'checkout.thank-you': { text: 'Thank you for your order. A confirmation is on its way to {email}.' },
  'checkout.awaiting-payment': {
    text: 'Your order is awaiting payment. We will contact you with payment instructions; it ships once payment is received.',
  },
  'checkout.paid': { text: 'Your payment has been received.' },
  'checkout.order-status': { text: 'Order status: {status}' },
  'checkout.download': { text: 'Download' },
  // Issue 27: what an unpaid order hands out only once its payment is received.
  'checkout.download-on-payment': { text: 'Your download will be available once payment is received.' },
  'checkout.download-unpaid': {
    text: 'This download is available once payment for the order is received.',
  },
  // A download link is signed and expires: these say where a fresh one is.
  'checkout.download-link-expired': {
    text: 'This download link has expired. Open your order confirmation page, or the order in your account, for a new link.',
  },
  'checkout.download-link-invalid': {
    text: 'This download link is not valid. Open your order confirmation page, or the order in your account, for a new link.',
  },
  'checkout.download-withdrawn': {
    text: 'This order was cancelled or refunded, so its downloads are no longer available.',
  },
  'catalogue.digital-file-not-found': { text: 'There is no such file. Upload the file again.' },
  'checkout.every': { text: 'Subscription: {terms}' },
  'checkout.mail-subject': { text: 'Your order #{number} from {site}' },
  'form.mail-subject': { text: 'Form Submission - {form}' },
  'form.mail-subject-site': { text: 'Form Submission - {form} - {site}' },
  // Subscriptions (issue 17): page type 206, the customer's list on /account, their actions.
  'subscription.confirmed': { text: 'Subscription Confirmed' },
  'subscription.thank-you': {
    text: 'Thank you for subscribing. A confirmation of your first order is on its way to {email}.',
  },
  'subscription.renews': { text: 'It renews every {period}; the next renewal is on {date}.' },
  'subscription.manage': { text: 'You can pause, resume or cancel it from your account.' },
  'subscription.manage-link': { text: 'Pause, resume or cancel your subscription' },
  'subscription.manage-title': { text: 'Your subscription' },
  'account.subscriptions': { text: 'My subscriptions' },
  'account.subscriptions-none': { text: 'You have no subscriptions.' },
  'account.subscription-line': { text: '{title} × {quantity}: {state}, {made} order(s) so far' },
  'account.subscription-next': { text: 'Next renewal: {date}' },
  'subscription.state-active': { text: 'active' },
  'subscription.state-paused': { text: 'paused' },
  'subscription.state-cancelled': { text: 'cancelled' },
  'subscription.state-ended': { text: 'ended' },
  'subscription.state-failed': { text: 'stopped after failed renewals' },
  'subscription.pause': { text: 'Pause' },
  'subscription.resume': { text: 'Resume' },
  'subscription.cancel': { text: 'Cancel subscription' },
  'subscription.not-found': { text: 'That subscription does not exist.' },
  'subscription.not-allowed': { text: 'That subscription cannot be changed that way now.' },
  'subscription.failed-subject': { text: 'Your subscription to {title} at {site} has stopped' },
  'subscription.failed-body': {
    text: 'We could not renew your subscription to {title} after {count} tries ({problem}). Resume it from your account at {url} once you are ready.',
  },
  // Mail about an order, sent when the shop acts on it (issue 15, the back office).
  'order.mail-paid-subject': { text: 'Payment received for your order #{number} from {site}' },
  'order.mail-paid': {
    text: 'We have received your payment for order #{number}. We will let you know when it ships.',
  },
  'order.mail-shipped-subject': { text: 'Your order #{number} from {site} has shipped' },
  'order.mail-shipped': { text: 'Good news: your order #{number} is on its way.' },
  'order.mail-tracking-number': { text: 'Tracking number: {tracking}' },
  'order.mail-tracking-link': { text: 'Track your parcel: {url}' },
  'order.mail-cancelled-subject': { text: 'Your order #{number} from {site} was cancelled' },
  'order.mail-cancelled': { text: 'Your order #{number} has been cancelled.' },
  // What staff are told when an order's state does not allow their action (409 order-conflict).
  'order.conflict-already-paid': { text: 'Order #{number} is already paid.' },
  'order.conflict-not-awaiting-payment': { text: 'Order #{number} is {status}.' },
  'order.conflict-cancelled': { text: 'Order #{number} is cancelled.' },
  'order.conflict-already-fulfilled': { text: 'Order #{number} is already fulfilled.' },
  'order.conflict-too-many-to-fulfil': {
    text: 'Only {left} of line {lineId} remain to fulfil on order #{number}.',
  },
  'order.conflict-already-cancelled': { text: 'Order #{number} is already cancelled.' },
  'order.conflict-shipped': { text: 'Order #{number} has shipped lines: it cannot be cancelled.' },
  'order.conflict-gift-card-spent': {
    text: 'Order #{number} bought gift card {giftCard}, which has already been spent: it cannot be cancelled. Refund what is due instead.',
  },
  'order.conflict-no-confirmation': { text: 'Order #{number} has no confirmation mail to send again.' },
  'order.conflict-not-paid': { text: 'Order #{number} has not been paid: there is nothing to refund.' },
  // Stock changes from the back office: why a change was not made (409 stock-conflict).
  'stock.conflict-unlimited': { text: 'This variant has unlimited stock.' },
  'stock.conflict-below-zero': { text: 'Only {stock} in stock: taking {taking} would go below zero.' },
  'stock.conflict-changed': {
    text: 'The stock changed to {stock} since you looked: check it and set it again.',
  },
  // Store pages and categories in the back office (issue 30): why a change was not made.
  'catalogue.store-page-not-found': { text: 'There is no such store page (it may have been deleted).' },
  'catalogue.slug-invalid': {
    text: 'A URL slug is lower-case letters, digits and hyphens, at most 100 characters: "{slug}" is not.',
  },
  'catalogue.slug-taken': { text: 'The address /{slug} is already used by {title}: choose another.' },
  'catalogue.slug-reserved': { text: 'The address /{slug} is used by the site itself: choose another.' },
  'catalogue.store-page-not-empty': {
    text: '{title} still holds {count} products: move them to another store page or delete them first.',
  },
  'catalogue.order-too-long': {
    text: 'Products can be put in order by hand on a store page of at most {limit} products; {title} has {count}. Sort the list by title, price or date instead.',
  },
  'catalogue.order-stale': {
    text: 'The products of {title} changed since you opened it: reload the page and order them again.',
  },
  'catalogue.category-invalid': {
    text: 'Each level of a category is 1 to {limit} characters and cannot be empty: "{category}" is not.',
  },
  'catalogue.category-exists': { text: 'This {tagType} already exists' },
  'catalogue.term-editing': { text: 'You may only edit one {tagType} at a time' },
  'catalogue.category-not-found': { text: 'There is no category {category} on {title}.' },
  'catalogue.categories-too-many': { text: 'A store page holds at most {limit} categories.' },
  'catalogue.category-order-stale': {
    text: 'The categories of {title} changed since you opened it: reload the page and order them again.',
  },
  // Refunds from the back office (issue 27): what staff are told when a refund cannot be made.
  'refund.over-refund': {
    text: 'Order #{number} has {left} left to refund: {amount} is more than was paid and not yet refunded.',
  },
  'refund.over-quantity': {
    text: 'Only {left} of {title} can still be refunded on order #{number}.',
  },
  'refund.unknown-line': { text: 'Line {lineId} is not a line of order #{number}, or is named twice.' },
  'refund.amount-or-lines': {
    text: 'Choose the lines and quantities to refund, or an amount, not both.',
  },
  'refund.restock-needs-lines': {
    text: 'Only refunded lines can go back in stock: choose the lines and quantities to refund.',
  },
  'refund.provider-refused': { text: 'Stripe refused the refund: {problem}' },
  'refund.provider-unavailable': {
    text: "Stripe did not answer. The refund stays pending until Stripe confirms it: check the payment in Stripe's dashboard before refunding again.",
  },
  'refund.provider-not-configured': {
    text: "Order #{number} was paid through Stripe, which is not configured here: refund it in Stripe's dashboard.",
  },
  'refund.no-payment': {
    text: 'Stripe has not told us which payment paid order #{number}: it cannot be refunded through Stripe.',
  },
  'refund.gift-card-spent': {
    text: 'Order #{number} bought gift card {hint}, which has already been spent: {left} is left on it, so only {refundable} can be refunded now.',
  },
  'restock.mail-subject': { text: '{product} is back in stock at {site}' },
  'restock.mail': { text: 'Good news: {product} is back in stock. You asked us to tell you.' },

  // Cart page and cart pieces (section 2).
  'cart.title': { text: 'Cart' },
  'cart.shopping-cart': { text: 'Shopping Cart' },
  'cart.continue-shopping': { text: 'Continue Shopping' },
  'cart.checkout': { text: 'Checkout' },
  'cart.edit-details': { text: 'Edit Details' },
  'cart.remove-item': { text: 'Remove Item' },
  'cart.subtotal': { text: 'Subtotal' },
  'cart.view-cart': { text: 'View Cart' },
  /** The spec does not give the wording (decision). */
  'cart.empty': { text: 'You have nothing in your shopping cart.' },
  /** The spec does not give the wording (decision). */
  'cart.confirm-remove': { text: 'Are you sure you want to remove this item from your cart?' },
  'cart.quantity': { text: 'Quantity' },
  /** The checkout summary table's column headings, for screen readers. */
  'checkout.column-item': { text: 'Item' },
  'checkout.column-price': { text: 'Price' },
  'cart.item': { text: 'item' },
  'cart.items': { text: 'items' },
  'cart.widget.label-one': { text: 'One item in cart' },
  'cart.widget.label-many': { text: '{n} items in cart' },
  'cart.widget.label-over-cap': { text: 'More than 100 items in cart' },
  'cart.widget.label-empty': { text: 'Cart' },
  'cart.count-over-cap': { text: '100+' },

  // Add-to-cart button states (section 4).
  'button.adding': { text: 'Adding…' },
  'button.added': { text: 'Added!' },

  // Default texts (section 9) with the reference's localizedStrings keys.
  'product.add-to-cart': { text: 'Add To Cart', localizedKey: 'productAddToCartText' },
  'product.subscribe': { text: 'Subscribe', localizedKey: 'productSubscribeText' },
  'product.sold-out': { text: 'sold out', localizedKey: 'productSoldOutText' },
  'product.sale': { text: 'sale', localizedKey: 'productSaleText' },
  'product.quick-view': { text: 'Quick View', localizedKey: 'productQuickViewText' },
  'product.quantity-label': { text: 'Quantity', localizedKey: 'productQuantityInputLabel' },
  'product.variant-select': { text: 'Select {variantName}', localizedKey: 'productVariantSelectText' },
  'product.gift-card-select': { text: 'Select Value', localizedKey: 'giftCardVariantSelectText' },
  'product.gift-card-value': { text: 'Value', localizedKey: 'giftCardValueDisplayText' },
  'product.price-from': { text: 'from {fromPrice}', localizedKey: 'productPriceFromText' },
  'product.sale-price-label': { text: 'Sale Price:', localizedKey: 'salePriceText' },
  'product.original-price-label': { text: 'Original Price:', localizedKey: 'originalPriceText' },
  'product.price-unavailable': { text: 'Unavailable', localizedKey: 'productPriceUnavailable' },
  'form.no-answer': { text: 'N/A', localizedKey: 'productSummaryFormNoAnswerText' },
  'likert.strongly-disagree': { text: 'Strongly Disagree', localizedKey: 'productAnswerMapStronglyDisagree' },
  'likert.disagree': { text: 'Disagree', localizedKey: 'productAnswerMapDisagree' },
  'likert.neutral': { text: 'Neutral', localizedKey: 'productAnswerMapNeutral' },
  'likert.agree': { text: 'Agree', localizedKey: 'productAnswerMapAgree' },
  'likert.strongly-agree': { text: 'Strongly Agree', localizedKey: 'productAnswerMapStronglyAgree' },
  'comments.none': { text: 'No Comment' },
  'comments.one': { text: '1 Comment' },
  'comments.many': { text: '{n} Comments' },
  // First-party comments and likes (issue 16); the spec gives no wording (decisions).
  'comments.heading': { text: 'Comments' },
  'comments.awaiting-approval': { text: 'Awaiting approval' },
  'comments.posted-pending': { text: 'Thank you. Your comment will appear once a moderator approves it.' },
  'comments.posted': { text: 'Thank you. Your comment is posted.' },
  'comments.name-label': { text: 'Name' },
  'comments.email-label': { text: 'Email (optional, never shown)' },
  'comments.body-label': { text: 'Comment' },
  'comments.submit': { text: 'Post Comment' },
  'comments.reply': { text: 'Reply' },
  'comments.reply-to': { text: 'Reply to {name}' },
  'comments.cancel-reply': { text: 'Cancel reply' },
  'comments.load-more': { text: 'Show more comments' },
  'comments.name-blank': { text: 'Name cannot be blank' },
  'comments.name-too-long': { text: 'Name must be at most {max} characters' },
  'comments.body-blank': { text: 'Comment cannot be blank' },
  'comments.body-too-long': { text: 'Comment must be at most {max} characters' },
  'comments.email-invalid': { text: 'Email is invalid' },
  'comments.captcha-incomplete': { text: 'Complete CAPTCHA before submitting.' },
  'comments.captcha-failed': { text: 'The CAPTCHA could not be verified. Please try again.' },
  'comments.closed': { text: 'Comments are closed here.' },
  'comments.item-not-found': { text: 'This page does not exist any more.' },
  'comments.parent-not-found': { text: 'The comment you replied to is no longer shown.' },
  'comments.rate-limited': { text: 'You are commenting too fast. Please wait a minute and try again.' },
  'comments.failed': { text: 'Your comment could not be sent. Please try again.' },
  'likes.off': { text: 'Likes are turned off on this site.' },
  'likes.like': { text: 'Like' },
  'likes.count': { text: '{n} likes' },
  'share.link': { text: 'Share on {network}' },

  // Restock sign-up (sections 4, 5).
  'restock.email-blank': { text: 'Email cannot be blank' },
  'restock.email-invalid': { text: 'Email is invalid' },
  'restock.captcha-incomplete': { text: 'Complete CAPTCHA before submitting.' },
  'restock.success': { text: 'Signed up!' },
  /** Not in the spec: the server could not verify a captcha solution (expired, wrong, reused). */
  'restock.captcha-failed': { text: 'The CAPTCHA could not be verified. Please try again.' },
  /** Not in the spec: the email field's accessible name when the site gives no placeholder. */
  'restock.email-label': { text: 'Email' },
  /** Not in the spec: staff asked to mail "back in stock" for a variant that is still sold out. */
  'restock.send-sold-out': {
    text: '{product} {sku} is still sold out: add stock before telling anyone it is back.',
  },

  // Instalment notice (section 5); the spec does not give the wording (decision).
  'instalments.out-of-range': {
    text: 'Pay in 4 interest-free installments for orders between {min} and {max}.',
  },
  'instalments.in-range': { text: 'Pay in {count} interest-free payments of {payment} with {brand}.' },
  'instalments.info': { text: 'Learn more about paying with {brand}' },
  'instalments.popup-title': { text: 'Pay in {count} interest-free payments' },
  'instalments.popup-body': {
    text: 'Choose {brand} at checkout. Your order ships as usual and you pay in {count} equal payments, every two weeks, with no interest when you pay on time.',
  },
  'instalments.close': { text: 'Close' },

  // Site forms (sections 4, 5, 8, 9).
  'form.submit-default': { text: 'Add to Cart' },
  'form.name-default': { text: 'My Form Name' },
  'form.saving': { text: 'Saving…' },
  'form.submitting': { text: 'Submitting…' },
  'form.required': { text: 'Required' },
  'form.character-limit': { text: 'You have exceeded the character limit.' },
  'form.email-not-valid': { text: 'Email is not valid.' },
  'form.status-401': { text: 'Unable to submit form. Please try again later.' },
  'form.status-404': { text: 'This form has not been configured yet.' },
  'form.status-429': {
    text: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  },
  'form.status-500': { text: 'Unable to send form. Please try again later.' },
  'form.unknown-error': { text: 'Unknown error, please try again later.' },
  'form.no-submission-key': { text: 'Could not get a form submission key, please try again later.' },
  'form.unparseable-fields': { text: 'Could not parse the form fields, please check your entries.' },
  'form.invalid-fields': { text: 'One or more fields is invalid, please check your entries.' },
  'form.processing-error': { text: 'Error processing form submission. Please reload and try again.' },
  /** The wording of the following is not in the spec (decisions, issue 7). */
  'form.email-hint': { text: 'Use the format name@example.com.' },
  'form.option-not-offered': { text: 'Please choose one of the options offered.' },
  'form.submit': { text: 'Submit' },
  'form.thank-you': { text: 'Thank you!' },
  'form.honeypot-label': { text: 'Leave this field empty' },
  'form.banner-above': { text: 'Some fields need your attention. Please scroll down to review them.' },
  'form.banner-below': { text: 'Some fields need your attention. Please scroll up to review them.' },

  // Other UI strings (section 8).
  'ui.unable-to-load-results': { text: 'Unable to load results' },
  'ui.something-went-wrong': { text: 'Something went wrong' },
  /** Not in the spec: the plain page a failed page answers (with a link home). */
  'ui.try-again-shortly': { text: 'Please try again in a moment.' },
  'ui.home': { text: 'Home' },
  /** Not in the spec: the plain-text answer for a missing static file (asset, script, media). */
  'ui.file-not-found': { text: 'Not found' },
  /** Not in the spec: the link on the plain page answered while the database is unavailable. */
  'ui.try-again': { text: 'Try again' },
  /** Not in the spec: the database is unreachable or full (answered 503 with Retry-After). */
  'ui.service-unavailable': { text: 'The shop is briefly unavailable. Please try again in a few seconds.' },
  'ui.network-error': { text: 'Network error' },
  'ui.upload-incomplete': { text: 'File upload failed to complete' },
  'ui.processing-failed': { text: 'File processing failed' },
  'ui.file-too-large': {
    text: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
  },
  'ui.rename-failed': { text: 'There was a problem while renaming your file.' },
  'ui.upload-failed': { text: 'There was a problem while uploading your file.' },
  'ui.unable-to-connect': { text: 'Unable to connect. Please try again' },

  // The media library (issue 30; not in the spec: our wording).
  'media.upload-unsupported': {
    text: 'The file {fileName} is not a JPEG, PNG, WebP, AVIF, GIF or SVG image.',
  },
  'media.upload-too-many-pixels': {
    text: 'The image {fileName} is {width}×{height} pixels; the largest accepted is {limit} megapixels.',
  },
  'media.upload-no-file': { text: 'Choose at least one file to upload.' },
  'media.upload-too-many-files': { text: 'Upload at most {limit} files at once.' },
  'media.not-found': { text: 'There is no such file in the media library.' },
  'media.used-by-site': { text: 'the site settings' },
  'media.in-use': { text: '{fileName} is used by {uses}: remove it there before deleting it.' },

  // Accounts (issue 14; spec sections 6 and 7 give no wording: ours).
  'account.password-too-short': { text: 'Your password must be at least {min} characters long.' },
  'account.password-too-long': { text: 'Your password must be at most {max} characters long.' },
  'account.password-common': {
    text: 'This password is one of the most commonly used, so it is among the first ones guessed. Please choose another.',
  },
  'account.sign-in-failed': { text: 'The email address or password is incorrect.' },
  'account.unverified': {
    text: 'Please confirm your email address first: we have sent you a new link.',
  },
  'account.registered': { text: 'Check your email: we have sent you a link to confirm your address.' },
  'account.reset-sent': {
    text: 'If an account uses this address, we have sent it a link to choose a new password.',
  },
  'account.email-change-sent': {
    text: 'Check your email at the new address: the change takes effect when you open the link we sent.',
  },
  'account.token-invalid': {
    text: 'This link has expired or has already been used. Please ask for a new one.',
  },
  'account.email-in-use': { text: 'Another account already uses this email address.' },
  'account.password-wrong': { text: 'Your current password is incorrect.' },
  'account.sign-in-required': { text: 'Please sign in to continue.' },
  'account.forbidden': { text: 'You do not have permission to do this.' },
  'account.code-invalid': {
    text: 'This code is wrong, has expired or has already been used. Please ask for a new one.',
  },
  'account.passkey-invalid': { text: 'This passkey could not be added. Please try again.' },
  'account.passkey-not-found': { text: 'This passkey is not one of yours.' },
  'account.passkey-failed': {
    text: 'This passkey could not sign you in. Please try again or use another way.',
  },
  'account.code-sent': {
    text: 'If an account uses this address, we have sent it a sign-in code. Enter it below.',
  },
  // The account pages (built-in; a template's own pages come later).
  'account.login-title': { text: 'Sign in' },
  'account.register-title': { text: 'Create an account' },
  'account.reset-title': { text: 'Reset your password' },
  'account.verify-title': { text: 'Confirm your email address' },
  'account.title': { text: 'My account' },
  'account.email-label': { text: 'Email' },
  'account.password-label': { text: 'Password' },
  'account.new-password-label': { text: 'New password' },
  'account.current-password-label': { text: 'Current password' },
  'account.new-email-label': { text: 'New email address' },
  'account.change-email-title': { text: 'Change your email address' },
  'account.change-email': { text: 'Email me a confirmation link' },
  'account.change-password-title': { text: 'Change your password' },
  'account.change-password': { text: 'Change password' },
  'account.password-updated': {
    text: 'Your password has been changed. Any other device signed in to your account has been signed out.',
  },
  'account.name-label': { text: 'Name' },
  'account.password-hint': { text: 'At least {min} characters.' },
  'account.remember-me': { text: 'Keep me signed in for 30 days' },
  'account.sign-in': { text: 'Sign in' },
  'account.sign-out': { text: 'Sign out' },
  'account.create': { text: 'Create account' },
  'account.forgot-password': { text: 'Forgot your password?' },
  'account.no-account': { text: 'New here? Create an account' },
  'account.send-reset': { text: 'Email me a link' },
  'account.set-password': { text: 'Set the new password' },
  'account.confirm-email': { text: 'Confirm my email address' },
  'account.password-changed': { text: 'Your password has been changed. Please sign in with the new one.' },
  'account.signed-in-as': { text: 'Signed in as {email}.' },
  'account.my-orders': { text: 'My orders' },
  'account.cart-changed': {
    text: 'Your cart now holds what you had saved and what you just added, but not all of it: we do not have enough of some items, or they are no longer sold. Please check your cart.',
  },
  'account.orders-title': { text: 'My orders' },
  'account.orders-empty': { text: 'You have not placed any orders yet.' },
  'account.order-column': { text: 'Order' },
  'account.date-column': { text: 'Date' },
  'account.status-column': { text: 'Status' },
  'account.total-column': { text: 'Total' },
  'account.orders-newer': { text: 'Newer orders' },
  'account.orders-older': { text: 'Older orders' },
  'account.order-title': { text: 'Order #{number}' },
  'account.order-not-found': { text: 'We could not find that order.' },
  'account.order-placed': { text: 'Placed on {date}.' },
  'account.order-status': { text: 'Status: {status}.' },
  // An order's status as the customer reads it (orders.status holds the code).
  'account.status.awaiting-payment': { text: 'Awaiting payment' },
  'account.status.paid': { text: 'Paid' },
  'account.status.payment-failed': { text: 'Payment failed' },
  'account.status.cancelled': { text: 'Cancelled' },
  'account.status.refunded': { text: 'Refunded' },
  'account.order-address': { text: 'Shipping address' },
  'account.back-to-orders': { text: 'Back to my orders' },
  'account.back-to-account': { text: 'Back to my account' },
  'account.addresses-title': { text: 'Addresses' },
  'account.addresses-empty': { text: 'No saved addresses yet.' },
  'account.address-add': { text: 'Add an address' },
  'account.address-edit': { text: 'Edit' },
  'account.address-save': { text: 'Save address' },
  'account.address-delete': { text: 'Delete' },
  'account.address-make-default': { text: 'Make default' },
  'account.address-default': { text: 'Default address' },
  'account.address-default-label': { text: 'Use as my default address' },
  'account.address-not-found': { text: 'That address no longer exists.' },
  'account.addresses-full': { text: 'You can keep up to {max} addresses.' },
  'account.code-title': { text: 'Sign in with a code' },
  'account.code-label': { text: 'Code from the email' },
  'account.email-code': { text: 'Email me a code' },
  'account.passkey-sign-in': { text: 'Sign in with a passkey' },
  'account.passkey-add': { text: 'Add a passkey' },
  'account.passkeys-title': { text: 'Passkeys' },
  'account.passkeys-empty': { text: 'You have no passkeys yet.' },
  'account.passkey-name-column': { text: 'Passkey' },
  'account.passkey-created-column': { text: 'Added' },
  'account.passkey-last-used-column': { text: 'Last used' },
  'account.passkey-never-used': { text: 'Never' },
  'account.passkey-unnamed': { text: 'Passkey added on {date}' },
  'account.passkey-remove': { text: 'Remove' },
  'account.passkey-removed': { text: 'The passkey was removed.' },
  'account.mail.code-subject': { text: 'Your sign-in code for {site}' },
  'account.mail.code-body': {
    text: 'Your sign-in code is {code}\n\nEnter it on the sign-in page, or open {link} to enter it there. It works once, within {minutes} minutes. If you did not ask for it, ignore this mail.',
  },
  'account.mail.verify-subject': { text: 'Confirm your email address for {site}' },
  'account.mail.verify-body': {
    text: 'Open this link to confirm your email address:\n\n{link}\n\nThe link works once, within {hours} hours. If you did not ask for this, ignore this mail.',
  },
  'account.mail.exists-subject': { text: 'You already have an account at {site}' },
  'account.mail.exists-body': {
    text: 'Someone, perhaps you, tried to create an account with this address, which already has one. Sign in at {signIn}, or choose a new password at {reset}. If it was not you, ignore this mail.',
  },
  'account.mail.reset-subject': { text: 'Choose a new password for {site}' },
  'account.mail.reset-body': {
    text: 'Open this link to choose a new password:\n\n{link}\n\nThe link works once, within {minutes} minutes. If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  'account.mail.deleted-subject': { text: 'Your account at {site} was deleted' },
  'account.mail.deleted-body': {
    text: "Your account and its personal data were deleted. Orders you placed are kept for the shop's records, without your name or addresses.",
  },

  // Site search (issue 18): the /search page and the header's predictive search.
  'search.title': { text: 'Search' },
  'search.label': { text: 'Search this site' },
  'search.submit': { text: 'Search' },
  'search.query-too-long': { text: 'Your search is too long: use at most {max} characters.' },
  'search.invalid': { text: 'That search could not be understood: {problem}' },
  'search.results-one': { text: '1 result for “{query}”' },
  'search.results-many': { text: '{count} results for “{query}”' },
  'search.no-results': { text: 'No results for “{query}”' },
  'search.no-results-hint': { text: 'Check the spelling, or try fewer or more general words.' },
  'search.type.all': { text: 'All' },
  'search.type.product': { text: 'Products' },
  'search.type.post': { text: 'Posts' },
  'search.type.page': { text: 'Pages' },
  'search.type.event': { text: 'Events' },
  'search.filter-by-type': { text: 'Show' },
  'search.categories': { text: 'Categories' },
  'search.sort': { text: 'Sort by' },
  'search.sort.relevance': { text: 'Relevance' },
  'search.sort.price-asc': { text: 'Price, low to high' },
  'search.sort.price-desc': { text: 'Price, high to low' },
  'search.sort.newest': { text: 'Newest' },
  'search.apply': { text: 'Apply' },
  'search.previous': { text: 'Previous' },
  'search.next': { text: 'Next' },
  'search.page-of': { text: 'Page {page} of {pages}' },
  'search.see-all': { text: 'See all results for “{query}”' },
  'search.suggestions': { text: 'Search suggestions' },
  'search.suggest-none': { text: 'No results' },
  'search.suggest-one': { text: '1 result, use the up and down arrows to choose' },
  'search.suggest-many': { text: '{count} results, use the up and down arrows to choose' },

  // Video, embed and gallery blocks (issue 16; the wording is ours).
  'media.play-video': { text: 'Play video: {title}' },
  'media.play-video-from': { text: 'Play video ({provider})' },
  'media.load-embed': { text: 'Load {title}' },
  'gallery.open': { text: 'Open image {n} of {total}' },
  'gallery.slide': { text: 'Image {n} of {total}' },
  'gallery.previous': { text: 'Previous image' },
  'gallery.next': { text: 'Next image' },
  'gallery.pause': { text: 'Pause slideshow' },
  'gallery.play': { text: 'Play slideshow' },
  'gallery.thumbnails': { text: 'Choose an image' },

  // Cookie consent banner and popup overlay (issue 16; the wording is ours).
  'consent.title': { text: 'Cookies' },
  'consent.text': {
    text: 'We use cookies to count visits and see how the shop is used. The cookies the cart and sign-in need are always on.',
  },
  'consent.accept': { text: 'Accept analytics cookies' },
  'consent.decline': { text: 'Only necessary cookies' },
  'consent.saved-accepted': { text: 'Analytics cookies are on.' },
  'consent.saved-declined': { text: 'Only necessary cookies are used.' },
  'popup.thanks': { text: 'Thank you for signing up.' },

  // Gift cards (issue 17; the wording is ours).
  'giftcard.code-label': { text: 'Gift card code' },
  'giftcard.unknown': { text: 'That gift card code is not valid.' },
  'giftcard.empty': { text: 'That gift card has no balance left.' },
  'giftcard.voided': { text: 'That gift card was cancelled with its order and can no longer be used.' },
  'giftcard.code-blank': { text: 'Please enter a gift card code.' },
  'giftcard.line': { text: 'Paid by gift card ({hint})' },
  'giftcard.due': { text: 'Left to pay' },
  'giftcard.remaining': { text: 'Left on the gift card: {balance}' },
  'giftcard.send-on': { text: 'Send the gift card on (optional: today otherwise)' },
  'giftcard.send-on-invalid': { text: 'Please choose a date from today to one year ahead.' },
  'giftcard.issued': { text: 'Gift card {code}: {balance}' },
  'giftcard.on-payment': {
    text: 'Your gift card code will be sent to {email} once payment is received.',
  },
  'giftcard.balance-title': { text: 'Gift card balance' },
  'giftcard.balance-check': { text: 'Check balance' },
  'giftcard.balance': { text: 'Balance of gift card {code}: {balance}' },
  'giftcard.mail-subject': { text: 'A gift card for you from {site}' },
  'giftcard.mail-body': {
    text: 'You have received a gift card worth {balance} for {site}.\n\nYour code: {code}\n\nUse it at checkout. Check its balance at {url}',
  },
  'giftcard.mail-message': { text: 'Message from the sender:' },
  // Product reviews (issue 17; the spec names page type 209, the wording is ours).
  'review.mail-subject': { text: 'How was your order #{number} from {site}?' },
  'review.mail-body': {
    text: 'Thank you for your order #{number}. Would you tell other shoppers what you think of what you bought?\n\nRate it here (the link works once, for {days} days):\n{link}\n\n{site}',
  },
  'review.request-title': { text: 'Review your purchase' },
  'review.request-intro': {
    text: 'Rate what you bought from order #{number}: reviews appear once we have read them.',
  },
  'review.rating-legend': { text: 'Your rating of {product}' },
  'review.stars': { text: '{count} out of 5 stars' },
  'review.title-label': { text: 'Title (optional)' },
  'review.body-label': { text: 'Your review (optional)' },
  'review.submit': { text: 'Send my reviews' },
  'review.thanks': { text: 'Thank you: your reviews will appear once we have read them.' },
  'review.link-invalid': { text: 'This review link is not valid.' },
  'review.link-expired': { text: 'This review link has expired.' },
  'review.link-used': { text: 'This review link has been used already. Thank you for your reviews.' },
  'review.rating-required': { text: 'Please rate at least one product from 1 to 5 stars.' },
  'review.summary': {
    text: '{average} out of 5 ({count} reviews)',
    localizedKey: 'productReviewsSummaryText',
  },
  'review.summary-one': {
    text: '{average} out of 5 (1 review)',
    localizedKey: 'productReviewsSummaryOneText',
  },
  'review.tab-title': { text: 'Reviews ({count})', localizedKey: 'productReviewsTabText' },
  'review.heading': { text: 'Reviews' },
  'review.none': { text: 'No reviews yet.' },
  'review.more': { text: 'More reviews' },
  // Discount codes, shipping and tax (issue 17; the spec names the cart's fields, the wording is ours).
  'discount.code-label': { text: 'Discount code' },
  'discount.apply': { text: 'Apply' },
  'discount.remove': { text: 'Remove code {code}' },
  'discount.line': { text: 'Discount ({code})' },
  'discount.unknown': { text: 'The code {code} is not valid.' },
  'discount.not-yet-valid': { text: 'The code {code} is not valid yet.' },
  'discount.expired': { text: 'The code {code} has expired.' },
  'discount.below-minimum': { text: 'The code {code} needs a subtotal of {minimum} or more.' },
  'discount.exhausted': { text: 'The code {code} has been used up.' },
  'discount.customer-limit': { text: 'You have already used the code {code}.' },
  'discount.not-applicable': { text: 'The code {code} does not apply to anything in your cart.' },
  'discount.code-blank': { text: 'Please enter a discount code.' },
  'shipping.line': { text: 'Shipping' },
  'shipping.method': { text: 'Shipping method' },
  'shipping.free': { text: 'Free' },
  'shipping.unavailable': { text: 'We do not ship to this address. Choose local pickup or another address.' },
  'shipping.option-unknown': { text: 'That shipping method is not available for this address.' },
  'shipping.estimate': { text: 'Calculate shipping and tax' },
  'shipping.country-invalid': { text: 'Please enter the country as a two-letter code, such as US.' },
  'tax.line': { text: 'Tax' },
  'tax.included': { text: 'Including {tax} tax' },

  // The platform's system templates and partials (issue 19; server site/system/). The wording is the
  // platform's; the localizedStrings keys are ours, so a site translates them like the others.
  'system.read-more': { text: 'Read More', localizedKey: 'blogReadMoreText' },
  'system.newer': { text: 'Newer', localizedKey: 'blogNewerText' },
  'system.older': { text: 'Older', localizedKey: 'blogOlderText' },
  'system.no-posts': { text: 'No posts yet.', localizedKey: 'blogEmptyText' },
  'system.previous': { text: 'Previous', localizedKey: 'paginationPreviousText' },
  'system.next': { text: 'Next', localizedKey: 'paginationNextText' },
  'system.pagination-label': { text: 'Pagination', localizedKey: 'paginationLabelText' },
  'system.more-label': { text: 'More', localizedKey: 'itemPaginationLabelText' },
  'system.breadcrumb-label': { text: 'Breadcrumb', localizedKey: 'breadcrumbLabelText' },
  'system.categories-label': { text: 'Categories', localizedKey: 'categoriesLabelText' },
  'system.all-categories': { text: 'All', localizedKey: 'productListAllText' },
  'system.no-products': { text: 'No products yet.', localizedKey: 'productListEmptyText' },
  'system.no-images': { text: 'No images yet.', localizedKey: 'galleryEmptyText' },
  'system.index-empty': { text: 'This index has no pages yet.', localizedKey: 'indexEmptyText' },
  'system.social-links-label': { text: 'Social links', localizedKey: 'socialLinksLabelText' },
  'system.share-email': { text: 'Email', localizedKey: 'shareEmailText' },
  'system.follow': { text: 'Follow @{name}', localizedKey: 'followButtonText' },
  'system.events-upcoming': { text: 'Upcoming events', localizedKey: 'eventsUpcomingText' },
  'system.events-past': { text: 'Past events', localizedKey: 'eventsPastText' },
  'system.events-none-upcoming': { text: 'There are no upcoming events.', localizedKey: 'eventsEmptyText' },
  'system.events-more-upcoming': { text: 'More upcoming events', localizedKey: 'eventsMoreUpcomingText' },
  'system.events-more-past': { text: 'Older events', localizedKey: 'eventsMorePastText' },
  'system.events-none-this-month': {
    text: 'There are no events this month.',
    localizedKey: 'eventsCalendarEmptyText',
  },
  'system.events-views-label': { text: 'Event views', localizedKey: 'eventsViewsLabelText' },
  'system.events-list': { text: 'List', localizedKey: 'eventsListText' },
  'system.events-calendar': { text: 'Calendar', localizedKey: 'eventsCalendarText' },
  'system.events-map': { text: '(map)', localizedKey: 'eventsMapText' },
  'system.events-ics': { text: 'ICS', localizedKey: 'eventsIcsText' },
  // The built-in page a path with no page answers (404) when the template has no `pages/not-found.page`.
  'system.page-not-found': { text: 'Page Not Found', localizedKey: 'pageNotFoundTitleText' },
  'system.page-not-found-text': {
    text: 'The page you are looking for does not exist.',
    localizedKey: 'pageNotFoundText',
  },
  'system.home': { text: 'Home', localizedKey: 'homeLinkText' },

  // The analytics page answered to the automation key (telemetry/owner.ts; staff see the back office's).
  'owner.analytics-title': { text: 'Analytics' },
  'owner.range': { text: '{from} to {to}' },
  'owner.range-utc': { text: '{range} (UTC)' },
  'owner.from': { text: 'From' },
  'owner.to': { text: 'To' },
  'owner.show': { text: 'Show' },
  'owner.visits': { text: 'Visits' },
  'owner.visitors': { text: 'Visitors' },
  'owner.page-views': { text: 'Page views' },
  'owner.client-errors': { text: 'Client errors' },
  'owner.page-views-per-day': { text: 'Page views per day' },
  'owner.top-pages': { text: 'Top pages' },
  'owner.page': { text: 'Page' },
  'owner.views': { text: 'Views' },
  'owner.button-clicks': { text: 'Button clicks' },
  'owner.no-label': { text: '(no label)' },
  'owner.cart-to-purchase': { text: 'Cart to purchase' },
  'owner.commerce-by-step': { text: 'Commerce events by step' },
  'owner.step': { text: 'Step' },
  'owner.events': { text: 'Events' },
  'owner.carts': { text: 'Carts' },
  'owner.message': { text: 'Message' },
  'owner.count': { text: 'Count' },
  'owner.last-seen': { text: 'Last seen' },
  'owner.stack': { text: 'Stack' },
  'owner.page-speed': { text: 'Page speed (75th percentile)' },
  'owner.page-type': { text: 'Page type' },
  'owner.records': { text: 'Records' },
  'owner.none-in-range': { text: 'None in this range.' },
  'owner.config-views': { text: 'Owner pages (/config) viewed {count} times; not counted above.' },
  'owner.date-format': { text: 'Dates are written YYYY-MM-DD.' },
  'owner.range-reversed': { text: 'The end of the range comes before its start.' },
  'owner.range-too-long': { text: 'A range is at most {days} days.' },

  // The staff sign-in page and a signed-in staff member's account page (/config/login).
  'staff.sign-in-title': { text: 'Staff sign-in' },
  'staff.back-office': { text: 'Back office' },
  'staff.back-office-of': { text: '{site}: back office' },
  'staff.back-office-loading': { text: 'Loading…' },
  'staff.back-office-not-built': { text: 'The back office is not built: run npm run build:web.' },
  'staff.email': { text: 'Email' },
  'staff.password': { text: 'Password' },
  'staff.code-optional': { text: 'Authenticator code (if you set one up)' },
  'staff.sign-in': { text: 'Sign in' },
  'staff.sign-in-passkey': { text: 'Sign in with a passkey' },
  'staff.signed-in-as': { text: 'Signed in as {email}.' },
  'staff.go-to-back-office': { text: 'Go to the back office' },
  'staff.sign-out': { text: 'Sign out' },
  'staff.sign-out-everywhere': { text: 'Sign out everywhere' },
  'staff.passkeys': { text: 'Passkeys' },
  'staff.add-passkey': { text: 'Add a passkey' },
  'staff.authenticator': { text: 'Authenticator app' },
  'staff.totp-on': { text: 'Authenticator app: on. Signing in with a password asks for one of its codes.' },
  'staff.totp-off-code': { text: 'Code from the app, to turn it off' },
  'staff.totp-turn-off': { text: 'Turn off' },
  'staff.totp-add-key': { text: 'Add this key to your authenticator app, then enter the code it shows.' },
  'staff.totp-key': { text: 'Key:' },
  'staff.totp-open': { text: 'Open in an authenticator app' },
  'staff.totp-code': { text: 'Code from the app' },
  'staff.totp-turn-on': { text: 'Turn on' },
  'staff.totp-set-up': { text: 'Set up an authenticator app' },

  // Product CSV import (issue 30; not in the spec: our wording). Each names what is wrong and what to do.
  'csv.column-missing': {
    text: 'The column "{column}" is missing from the first line. Add it, or start from a file exported from {platform}.',
  },
  'csv.field-count': {
    text: 'This line has {found} fields where the first line has {expected}. Check for a missing or extra comma, or a quote that is not closed.',
  },
  'csv.unreadable': {
    text: 'This line cannot be read as CSV ({reason}). Save the file again as CSV (UTF-8).',
  },
  'csv.empty': {
    text: 'The file holds no products. Start from a file exported from {platform} to see the columns.',
  },
  'csv.title-required': { text: 'Title is empty. The first row of each product needs its title.' },
  'csv.handle-required': {
    text: 'Handle is empty. Every row needs the handle of the product it belongs to.',
  },
  'csv.id-invalid': {
    text: '"{value}" is not an ID. Use letters, digits, "-" and "_" only (at most 64), or leave it empty.',
  },
  'csv.slug-invalid': {
    text: '"{value}" cannot be a product URL. Use letters, digits, "-" and "_" only, starting with a letter or digit.',
  },
  'csv.slug-taken': { text: 'The URL "{value}" is already used by {title}. Give this product another URL.' },
  'csv.product-type': {
    text: '"{value}" is not a product type. Use PHYSICAL, DIGITAL, SERVICE or GIFT_CARD.',
  },
  'csv.store-page-unknown': {
    text: 'There is no store page "{value}". Create it first, or leave Product Page empty to use {fallback}.',
  },
  'csv.no-store-page': { text: 'The site has no store page to put new products in. Create one first.' },
  'csv.status-invalid': { text: '"{value}" is not a status. Use active, draft or archived.' },
  'csv.yes-no': { text: '"{value}" is neither {yes} nor {no}. Write {yes} or {no}.' },
  'csv.price-required': { text: '{column} is empty. Give each variant a price, such as 44.00.' },
  'csv.price-invalid': {
    text: '"{value}" is not a price. Write a number with a dot for decimals and no currency sign, such as {example}.',
  },
  'csv.number-invalid': {
    text: '"{value}" is not a number. Write a number with a dot for decimals, such as 1.5.',
  },
  'csv.whole-number': { text: '"{value}" is not a whole number. Write a number such as 1, 2 or 3.' },
  'csv.stock-required': {
    text: '{column} is empty. Give each variant its stock: a whole number of 0 or more, or Unlimited.',
  },
  'csv.stock-invalid': {
    text: '"{value}" is not a stock level. Write a whole number of 0 or more, or Unlimited.',
  },
  'csv.option-value-missing': {
    text: 'The option {option} has no value on this row. Give every variant a value for each option of its product.',
  },
  'csv.option-name-differs': {
    text: 'The option is named "{found}" here but "{expected}" on the product\'s first row. A product\'s variants share its options: use the same name.',
  },
  'csv.variant-duplicate': {
    text: 'Another variant of this product (line {line}) has the same option values ({values}). Give each variant its own combination.',
  },
  'csv.too-many-variants': { text: 'This product has {count} variants; a product can have at most {max}.' },
  'csv.tag-too-long': { text: 'The tag "{value}" is longer than {max} characters. Shorten it.' },
  'csv.category-too-long': { text: 'The category "{value}" is longer than {max} characters. Shorten it.' },
  'csv.product-repeated': {
    text: 'This product already has rows from line {line}. Keep all the rows of a product together, one after the other.',
  },
  'csv.product-id-taken': {
    text: 'The ID "{value}" belongs to a page or a post, not a product. Leave Product ID empty to create a new product.',
  },
  'csv.variant-id-taken': {
    text: 'The Variant ID "{value}" belongs to another variant. Leave it empty to create a new variant.',
  },
  'csv.control-character': {
    text: 'This field holds a control character, which no product field may hold. Remove it and save the file again.',
  },
  'csv.conflict': {
    text: 'Another import or edit took one of these product URLs while this file was being imported. Nothing was imported: import the file again.',
  },
  'csv.import-failed': {
    text: 'The import stopped before it finished, and nothing was imported. Please try again.',
  },
  'csv.problems': {
    text: 'Nothing was imported: the file has {count} problems. Correct them and import it again.',
  },
  'csv.too-large': { text: 'The file is larger than {maxSize}. Split it into smaller files.' },
  'csv.content-type': { text: 'Send the file as text/csv.' },

  // The site forms editor (issue 31, /config/site-forms): why a write was refused.
  'site-forms.not-found': { text: 'That form does not exist (it may have been deleted).' },
  'site-forms.id-invalid': {
    text: 'A form\'s address name is 1 to 100 letters, digits, - or _ ("{id}" is not).',
  },
  'site-forms.id-taken': { text: 'A form named "{id}" already exists: choose another name.' },
  'site-forms.name-empty': { text: 'Give the form a name.' },
  'site-forms.too-long': { text: '{what} is limited to {max} characters.' },
  'site-forms.too-many-fields': { text: 'A form holds at most {max} fields.' },
  'site-forms.field-id-twice': { text: 'Two fields share the id "{id}": each field needs its own.' },
  'site-forms.field-id-invalid': {
    text: 'The field id "{id}" is not valid: use 1 to 100 letters, digits, - or _.',
  },
  'site-forms.options-needed': { text: 'The {type} field "{title}" needs at least one option.' },
  'site-forms.questions-needed': { text: 'The likert field "{title}" needs at least one question.' },
  'site-forms.too-many-options': { text: 'The field "{title}" offers at most {max} options.' },
  'site-forms.redirect-invalid': {
    text: 'The success redirect "{url}" leaves this site: use a path of this site starting with / (like /thank-you){hosts}.',
  },
  'site-forms.redirect-hosts': { text: ' or an address on {hosts}' },
  'site-forms.email-invalid': { text: '"{email}" is not an email address (name@example.com).' },
  'site-forms.too-many-emails': { text: 'A form notifies at most {max} addresses.' },
  'site-forms.in-use': {
    text: 'The form "{id}" is on {uses}: remove its form block there first, then delete the form.',
  },
  'site-forms.record-changed': {
    text: '{who} saved this form at {when}, after you opened it. What you typed is still here: check their changes, then save again.',
  },
  'site-forms.record-changed-by-import': {
    text: 'An import changed this form at {when}, after you opened it. What you typed is still here: check the changes, then save again.',
  },
  'site-forms.revision-not-found': { text: 'That revision of the form does not exist.' },
  'site-forms.restored': { text: 'Restored the version of {when}' },
  'site-forms.created': { text: 'Created' },

  // The navigation editor (issue 31): why a save was refused, and the header's fit.
  'navigation.url-invalid': {
    text: 'The address "{url}" of "{title}" is not a link: use https://…, http://…, mailto:…, tel:… or a path on this site starting with /.',
  },
  'navigation.title-empty': { text: 'Give every link and folder a title.' },
  'navigation.title-too-long': {
    text: 'Titles are limited to {max} characters: "{title}" is too long.',
  },
  'navigation.too-many-entries': { text: 'A navigation or folder holds at most {max} entries.' },
  'navigation.unknown-navigation': {
    text: 'The template has no navigation named "{name}": it declares {names}.',
  },
  'navigation.unknown-page': { text: 'There is no page at /{urlId} (it may have been deleted or renamed).' },
  'navigation.record-changed': {
    text: '{who} saved the navigation at {when}, after you opened it. What you arranged is still here: check their changes, then save again.',
  },
  'navigation.record-changed-by-import': {
    text: 'An import changed the navigation at {when}, after you opened it. What you arranged is still here: check the changes, then save again.',
  },
  'navigation.revision-not-found': { text: 'That revision of the navigation does not exist.' },
  'navigation.too-wide': {
    text: 'These titles are too long for the header to stay on one line on a wide screen: shorten them by about {over} characters, or move some pages into a folder.',
  },

  // The site settings (issue 31, /config/settings): why a save was refused.
  'settings.record-changed': {
    text: '{who} saved the site settings at {when}, after you opened them. What you typed is still here: check their changes, then save again.',
  },
  'settings.record-changed-by-import': {
    text: 'A content import changed the site settings at {when}, after you opened them. What you typed is still here: check the changes, then save again.',
  },
  'settings.currency-change-unconfirmed': {
    text: 'Changing the store currency from {from} to {to} does not convert any price: every product price, sale price, shipping rate and gift card keeps its number and is shown in {to}. Confirm the change to save it.',
  },
  'settings.revision-not-found': { text: 'That revision of the site settings does not exist.' },
  'settings.restored': { text: 'Restored version {version}' },
  'settings.no-settings': {
    text: 'The site has no settings document yet: import the content with npm run content -- import DIR.',
  },
  'settings.image-unknown': {
    text: 'The {field} must be an image of the media library, and {url} is not in it. Upload it under Media first.',
  },
  'settings.title-required': { text: 'Enter the site title.' },
  'settings.title-too-long': { text: 'The site title is limited to {max} characters.' },
  'settings.time-zone-unknown': {
    text: '"{zone}" is not a time zone. Choose one from the list, like America/New_York.',
  },
  'settings.currency-unknown': { text: 'Choose the store currency from the list: {currencies}.' },
  'settings.amount-invalid': {
    text: 'Enter the {field} as an amount like 25.00 (at most {max}), or leave it empty.',
  },
  'settings.instalment-range': {
    text: 'The instalment maximum must be above the minimum.',
  },
  'settings.title-format-invalid': {
    text: 'A title format is 1 to {max} characters and holds %s (the site title), %c (the page) or %i (the item).',
  },
  'settings.description-too-long': { text: 'The site description is limited to {max} characters.' },
  'settings.social-url-invalid': {
    text: "A social account's profile address starts with https:// (like https://www.instagram.com/yourname).",
  },
  'settings.too-many-social-accounts': { text: 'A site lists at most {max} social accounts.' },
  'settings.popup-days': { text: 'The popup stays closed for 0 to {max} days.' },
  'settings.popup-path-invalid': {
    text: 'A popup page is a path of this site starting with /, like /newsletter.',
  },
  'settings.text-too-long': { text: 'The {field} is limited to {max} characters.' },

  // The product editor (issue 30): why a save was refused, in the words staff read under the form.
  'catalogue.product-not-found': { text: 'That product does not exist.' },
  'catalogue.revision-not-found': { text: 'That revision does not exist.' },
  'catalogue.product-store-page-unknown': { text: 'That store page does not exist.' },
  'catalogue.record-changed': {
    text: '{who} saved this {record} at {when}, after you opened it. What you typed is still here: check their changes, then save again.',
  },
  'catalogue.record-changed-by-import': {
    text: 'An import changed this {record} at {when}, after you opened it. What you typed is still here: check the changes, then save again.',
  },
  // What `{record}` names in the two texts above.
  'record.product': { text: 'product' },
  'record.store-page': { text: 'store page' },
  'record.file': { text: 'file' },
  'record.page': { text: 'page' },
  'catalogue.tag-too-long': { text: 'Tags are limited to 50 characters: "{tag}" is too long.' },
  'catalogue.category-too-long': {
    text: 'Categories are limited to 25 characters: "{category}" is too long.',
  },
  'catalogue.product-slug-invalid': {
    text: 'The URL slug "{slug}" may hold only lowercase letters, digits and hyphens (like linen-shirt).',
  },
  'catalogue.product-slug-taken': {
    text: 'Another product on this store page already has the URL slug "{slug}".',
  },
  'catalogue.no-variants': { text: 'A product needs at least one variant.' },
  'catalogue.too-many-variants': { text: 'A product has at most {max} variants; this one has {count}.' },
  'catalogue.option-duplicate': { text: 'The option {option} is listed twice.' },
  'catalogue.variant-options': { text: 'Variant {variant} needs one value for each option: {options}.' },
  'catalogue.variant-option-value': {
    text: 'Variant {variant}: "{value}" is not one of the values of the option {option}.',
  },
  'catalogue.variant-duplicate': { text: 'Variants {first} and {second} have the same options.' },
  'catalogue.sku-duplicate': { text: 'Two variants have the SKU {sku}.' },
  'catalogue.price-invalid': { text: 'Variant {variant}: "{price}" is not an amount in {currency}.' },
  'catalogue.variant-currency': {
    text: 'Variant {variant} is priced in {currency}, but the store sells in {storeCurrency}.',
  },
  'catalogue.sale-price-not-below': { text: 'Variant {variant}: the sale price must be below the price.' },
  'catalogue.subscription-not-allowed': {
    text: 'Only physical and service products can be subscribed to by a merchant.',
  },
  'catalogue.image-unknown': {
    text: 'Image {mediaId} is not in the media library (it may have been deleted): upload it again.',
  },
  'catalogue.variant-image-unknown': {
    text: 'Variant {variant} shows an image that the product does not have.',
  },
  'catalogue.schedule-invalid': {
    text: 'The date and time to show the product from is not a valid local time ({from}).',
  },
  'catalogue.bulk-unknown-product': { text: 'Product {id} does not exist: nothing was changed.' },
  'catalogue.bulk-price-negative': {
    text: 'A change of {percent}% would make a price of {product} negative: nothing was changed.',
  },

  // A revision's list of what changed (the product editor's history).
  'catalogue.copy-title': { text: '{title} (copy)' },
  'catalogue.ledger-note': { text: 'set in the product editor' },
  // Pages in the back office (issue 31 Build 2): why a change was not made, and revision words.
  'pages.not-found': { text: 'There is no such page (it may have been deleted).' },
  'pages.type-unknown': {
    text: 'This template offers no page of type "{type}". Choose one of: {types}.',
  },
  'pages.store-page-permission': {
    text: 'Store pages are edited by staff who may edit the catalogue (an administrator or a store manager).',
  },
  'pages.home-delete': {
    text: '{title} is the home page: make another page the home page before deleting it.',
  },
  'pages.home-disable': {
    text: '{title} is the home page: make another page the home page before disabling it.',
  },
  'pages.home-disabled': {
    text: '{title} is disabled: enable it before making it the home page.',
  },
  'pages.products-confirm': {
    text: '{title} holds {count} products: deleting the page deletes them too. Confirm to delete them.',
  },
  'pages.redirect-invalid': {
    text: 'A redirect goes to an address of this site starting with "/", like /shop, other than the page itself: "{target}" is not one.',
  },
  'pages.gallery-option-range': {
    text: 'The gallery option {option} is {min} to {max}: {value} is outside that range.',
  },
  'pages.not-gallery': { text: '{title} is not a gallery page: it has no gallery options.' },
  'pages.revision-not-found': { text: 'That revision of the page does not exist.' },
  'pages.event-not-found': { text: 'There is no such event on this page (it may have been deleted).' },
  'pages.event-ends-before-start': { text: 'An event ends after it starts: its end is before its start.' },
  'pages.time-zone-unknown': {
    text: '"{timeZone}" is not a time zone: use a name like Europe/Paris or America/New_York.',
  },
  'pages.change-enabled': { text: 'Enabled' },
  'pages.change-disabled': { text: 'Disabled' },
  'pages.change-homepage': { text: 'Made the home page' },
  'pages.change-gallery-options': { text: 'Gallery options: {options}' },
  'catalogue.change-created': { text: 'Created' },
  'catalogue.change-restored': { text: 'Restored version {version}' },
  'catalogue.change-title': { text: 'Title' },
  'catalogue.change-slug': { text: 'URL slug' },
  'catalogue.change-description': { text: 'Description' },
  'catalogue.change-kind': { text: 'Product type' },
  'catalogue.change-options': { text: 'Options' },
  'catalogue.change-images': { text: 'Images' },
  'catalogue.change-store-page': { text: 'Store page' },
  'catalogue.change-categories': { text: 'Categories' },
  'catalogue.change-tags': { text: 'Tags' },
  'catalogue.change-visibility': { text: 'Visibility' },
  'catalogue.change-seo-title': { text: 'SEO title' },
  'catalogue.change-seo-description': { text: 'SEO description' },
  'catalogue.change-merchandising': { text: 'Merchandising' },
  'catalogue.change-add-button': { text: 'Add button text' },
  'catalogue.change-additional-fields': { text: 'Additional fields form' },
  'catalogue.change-digital-file': { text: 'Digital file' },
  'catalogue.change-denominations': { text: 'Gift card amounts' },
  'catalogue.change-subscriptions': { text: 'Subscription plans' },
  'catalogue.change-variant-added': { text: 'Variant {variant} added' },
  'catalogue.change-variant-removed': { text: 'Variant {variant} removed' },
  'catalogue.change-variant-price': { text: 'Price of {variant}' },
  'catalogue.change-variant-sale-price': { text: 'Sale price of {variant}' },
  'catalogue.change-variant-on-sale': { text: 'On sale: {variant}' },
  'catalogue.change-variant-stock': { text: 'Stock of {variant}' },
  'catalogue.change-variant-sku': { text: 'SKU of {variant}' },
  'catalogue.change-variant-options': { text: 'Options of {variant}' },
  'catalogue.change-variant-shipping': { text: 'Weight and size of {variant}' },
  'catalogue.change-variant-image': { text: 'Image of {variant}' },
  // A store page's and a media file's revisions (the same history, Build 5).
  'catalogue.change-before-first-edit': { text: 'As it was before the first edit in the back office' },
  'catalogue.change-page-size': { text: 'Products per page' },
  'catalogue.change-product-order': { text: 'Order of the products' },
  'media.change-alt': { text: 'Alt text' },
  'media.change-title': { text: 'Title' },
  'media.change-focal-point': { text: 'Focal point' },
  // The post and page content editor (issue 31): why a save was refused, and a revision's changes.
  'content.post-not-found': { text: 'That post does not exist (it may have been deleted).' },
  'content.page-not-found': { text: 'That page does not exist (it may have been deleted).' },
  'content.revision-not-found': { text: 'That revision does not exist.' },
  'content.blog-unknown': { text: "That blog does not exist: choose one of the site's blogs." },
  'content.record-changed': {
    text: '{who} saved this at {when}, after you opened it. What you typed is still here: check their changes, then save again.',
  },
  'content.record-changed-by-import': {
    text: 'An import changed this at {when}, after you opened it. What you typed is still here: check the changes, then save again.',
  },
  'content.too-many-blocks': {
    text: 'A layout holds at most {max} blocks; this one has {count}. Remove some blocks, or move them to another page.',
  },
  'content.block-invalid': { text: 'Block {position} ({type}) cannot be saved: {problem}.' },
  'content.block-id-twice': { text: 'Two blocks have the id {id}: each block needs its own.' },
  'content.block-target-unknown': {
    text: 'Block {position} ({type}) names {target}, which the site does not have.',
  },
  'content.slug-invalid': {
    text: 'The URL slug "{slug}" may hold only lowercase letters, digits and hyphens (like winter-firing).',
  },
  'content.slug-taken': { text: 'Another post of this blog already has the URL slug "{slug}".' },
  'content.title-required': { text: 'Give the post a title.' },
  'content.schedule-invalid': { text: '"{at}" is not a date and time in {timeZone}.' },
  'content.schedule-past': { text: 'Choose a time after now ({now} in {timeZone}), or publish now.' },
  'content.author-unknown': { text: 'The author must be a member of staff.' },
  'content.change-created': { text: 'Created' },
  'content.change-restored': { text: 'Restored version {version}' },
  'content.change-title': { text: 'Title' },
  'content.change-slug': { text: 'URL slug' },
  'content.change-blocks': { text: 'Body' },
  'content.change-excerpt': { text: 'Excerpt' },
  'content.change-author': { text: 'Author' },
  'content.change-categories': { text: 'Categories' },
  'content.change-tags': { text: 'Tags' },
  'content.change-cover': { text: 'Cover image' },
  'content.change-seo': { text: 'SEO title and description' },
  'content.change-comments': { text: 'Comments' },
  'content.change-published': { text: 'Published' },
  'content.change-scheduled': { text: 'Scheduled for {at}' },
  'content.change-unpublished': { text: 'Back to draft' },
  // Money display (section 5).
  'money.free-label-required': { text: 'A Free label is required, and it should be a wrapped string.' },
} as const satisfies Record<string, MessageEntry>;

export type MessageCode = keyof typeof entries;

/** Every code with its English text (for the browser bundle, docs and tests). */
export const MESSAGES: Readonly<Record<MessageCode, MessageEntry>> = entries;

export type LocalizedStrings = Readonly<Record<string, unknown>> | null | undefined;

/** Replaces each `{name}` with `params[name]`; unknown placeholders stay as they are. */
export const interpolate = (text: string, params: Readonly<Record<string, string | number>> = {}): string =>
  text.replace(/\{([A-Za-z_][\w-]*)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );

/**
 * The text for `code`: a site's `localizedStrings[code]`, else its reference key, else English;
 * then placeholders filled from `params`. An override must be a non-empty string to count.
 */
export const message = (
  code: MessageCode,
  params?: Readonly<Record<string, string | number>>,
  localizedStrings?: LocalizedStrings,
): string => interpolate(messageTemplate(code, localizedStrings), params);

/** The uninterpolated text for `code`, after overrides. */
export const messageTemplate = (code: MessageCode, localizedStrings?: LocalizedStrings): string => {
  const entry: MessageEntry = entries[code];
  if (localizedStrings) {
    const own = localizedStrings[code];
    if (typeof own === 'string' && own !== '') return own;
    if (entry.localizedKey) {
      const ref = localizedStrings[entry.localizedKey];
      if (typeof ref === 'string' && ref !== '') return ref;
    }
  }
  return entry.text;
};

/** Joins option names as the spec's refusal says, "joined with and": `Size and Color and Material`. */
export const joinWithAnd = (names: readonly string[]): string => names.join(' and ');
