/**
 * The one error model of the HTTP layer: every refusal the server answers is an entry of ERRORS (its
 * wire `code`, its status and its text), thrown as an ApiError and answered by the one error handler
 * (registerErrorHandler, called once in app.ts) as `status { code, message, ...extra }`.
 *
 * Usage in a route or a hook (new features, e.g. accounts, do the same):
 *
 *   throw apiError('form-not-found');                               // 404, form.status-404's text
 *   throw apiError('invalid-payload', { params: { problem } });     // text with a placeholder
 *   throw apiError('unparseable-fields', { extra: { problem } });   // more fields in the body
 *   app.post(path, { schema: { body } }, handler);                   // bad input: 'invalid-request' (schemas.ts)
 *
 * A new refusal is a new entry below: shopper-facing text goes in core's message catalogue
 * (`key`, which a site's localizedStrings may override), developer-facing text here (`text`). Never
 * pick a status in a route (`reply.code(4xx)`): the entry holds it.
 */
import {
  interpolate,
  message,
  type CoreError,
  type LocalizedStrings,
  type MessageCode,
} from '@storefront/core';
import { escapeHtml } from './html.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/faults.ts';
import { siteIfAny } from '../site/context.ts';

interface ErrorEntry {
  /** The wire code, when it differs from the entry's name (variants of one code). */
  readonly code?: string;
  readonly status: number;
  /** core's message catalogue: shopper-facing text a site may override. */
  readonly key?: MessageCode;
  /** Developer-facing text; `{name}` marks a placeholder. */
  readonly text?: string;
}

export const ERRORS = {
  // The request itself.
  'invalid-request': { status: 400, text: 'Invalid {where}: {problem}' },
  'invalid-json': { status: 400, text: 'The request body is not valid JSON.' },
  'empty-json': { code: 'invalid-json', status: 400, text: 'The request body is empty.' },
  'unsupported-media-type': { status: 415, text: 'Send the body as application/json.' },
  'unsupported-report-type': {
    code: 'unsupported-media-type',
    status: 415,
    text: 'Send the report as application/csp-report or application/reports+json.',
  },
  'body-too-large': { status: 413, text: 'The request body is too large.' },
  /** A Stripe webhook whose Stripe-Signature does not verify with our endpoint secret (issue 17). */
  'stripe-signature-invalid': {
    status: 400,
    text: 'The Stripe-Signature header does not verify this body with the webhook secret.',
  },
  /** Fastify's other client errors: their own status and text. */
  'bad-request': { status: 400, text: '{problem}' },
  'path-too-long': { status: 414, text: 'A path segment is longer than 100 characters.' },
  'bad-url': { status: 400, text: 'The URL is malformed.' },
  'no-route': { code: 'not-found', status: 404, text: 'No route for {method} {path}' },
  /** Telemetry's name for `invalid-request` (spec section 7). */
  'invalid-payload': { status: 400, text: 'Invalid {where}: {problem}' },

  // Sessions and limits (spec section 8: crumb failure and cookies off; 429).
  'crumb-fail': { status: 403, key: 'cart.crumb-fail' },
  'cookies-off': { status: 403, key: 'cart.cookies-off' },
  'rate-limited': { status: 429, key: 'rate-limited' },
  'form-rate-limited': { code: 'rate-limited', status: 429, key: 'form.status-429' },
  'telemetry-rate-limited': { code: 'rate-limited', status: 429, text: 'Too many telemetry calls.' },
  'report-rate-limited': { code: 'rate-limited', status: 429, text: 'Too many reports.' },

  // Things that do not exist.
  'item-not-found': { status: 404, key: 'cart.add.product-unavailable' },
  'product-not-found': { status: 404, key: 'cart.add.product-unavailable' },
  'variant-not-found': { status: 404, key: 'cart.add.variant-unavailable' },
  'form-not-found': { status: 404, key: 'form.status-404' },
  'download-not-found': { code: 'not-found', status: 404, key: 'checkout.order-not-found' },
  'download-unpaid': { status: 403, key: 'checkout.download-unpaid' },
  'download-link-expired': { status: 410, key: 'checkout.download-link-expired' },
  'download-link-invalid': { status: 403, key: 'checkout.download-link-invalid' },
  'download-withdrawn': { status: 410, key: 'checkout.download-withdrawn' },
  'catalogue.digital-file-not-found': {
    code: 'not-found',
    status: 404,
    key: 'catalogue.digital-file-not-found',
  },
  'catalogue.digital-file-unknown': { status: 400, key: 'catalogue.digital-file-not-found' },

  // Site forms (spec section 8).
  'unparseable-fields': { status: 400, key: 'form.unparseable-fields' },
  'invalid-fields': { status: 400, key: 'form.invalid-fields' },
  'invalid-key': { status: 401, key: 'form.status-401' },
  'captcha-required': { status: 401, key: 'form.status-401' },
  'captcha-failed': { status: 401, key: 'form.status-401' },

  // Restock sign-up (spec sections 4, 5).
  'restock.email-blank': { status: 400, key: 'restock.email-blank' },
  'restock.email-invalid': { status: 400, key: 'restock.email-invalid' },
  'restock.captcha-incomplete': { status: 400, key: 'restock.captcha-incomplete' },
  'restock.captcha-failed': { status: 400, key: 'restock.captcha-failed' },
  /** Staff send "back in stock" mail only for a variant that is (issue 27); `{product} {sku}` name it. */
  'restock.send-sold-out': { code: 'restock.sold-out', status: 409, key: 'restock.send-sold-out' },

  // Comments and likes (issue 16; comments/routes.ts).
  'comments.name-blank': { status: 400, key: 'comments.name-blank' },
  'comments.name-too-long': { status: 400, key: 'comments.name-too-long' },
  'comments.body-blank': { status: 400, key: 'comments.body-blank' },
  'comments.body-too-long': { status: 400, key: 'comments.body-too-long' },
  'comments.email-invalid': { status: 400, key: 'comments.email-invalid' },
  'comments.captcha-incomplete': { status: 400, key: 'comments.captcha-incomplete' },
  'comments.captcha-failed': { status: 400, key: 'comments.captcha-failed' },
  'comments.closed': { status: 403, key: 'comments.closed' },
  'comments.item-not-found': { status: 404, key: 'comments.item-not-found' },
  'comments.parent-not-found': { status: 404, key: 'comments.parent-not-found' },
  'comments.rate-limited': { code: 'rate-limited', status: 429, key: 'comments.rate-limited' },
  'likes.off': { status: 403, key: 'likes.off' },

  // The image service (issue 16; media/routes.ts): a file it will not resize.
  'media-unsupported': {
    status: 415,
    text: '{file} is not an image this server resizes (JPEG, PNG, WebP, AVIF, TIFF): ask for it without ?format.',
  },
  'media-unreadable': { status: 422, text: 'The image {file} cannot be read: {problem}' },
  'media-too-large': {
    status: 422,
    text: 'The image {file} is {width}x{height} pixels; this server resizes images of at most {limit} pixels.',
  },

  // The media library (issue 30; media/admin-routes.ts): uploads, spec section 8's texts.
  'media.file-too-large': { status: 413, key: 'ui.file-too-large' },
  'media.upload-incomplete': { status: 400, key: 'ui.upload-incomplete' },
  'media.processing-failed': { status: 422, key: 'ui.processing-failed' },
  'media.upload-unsupported': { status: 415, key: 'media.upload-unsupported' },
  'media.upload-too-many-pixels': { status: 422, key: 'media.upload-too-many-pixels' },
  'media.upload-no-file': { status: 400, key: 'media.upload-no-file' },
  'media.too-many-files': { status: 413, key: 'media.upload-too-many-files' },
  'media.upload-not-multipart': {
    code: 'unsupported-media-type',
    status: 415,
    text: 'Send the files as multipart/form-data.',
  },
  'media.not-found': { code: 'not-found', status: 404, key: 'media.not-found' },
  'media.in-use': { status: 409, key: 'media.in-use' },

  // Site search (issue 18; search/routes.ts).
  'search-query-too-long': { status: 400, key: 'search.query-too-long' },

  // Accounts and sessions (issue 14; accounts/routes.ts, http/session.ts).
  /** A signed-in session's mutating call without its xsrfToken: the spec's crumb failure. */
  'xsrf-fail': { status: 403, key: 'cart.crumb-fail' },
  'cross-site-request': { status: 403, key: 'request.cross-site' },
  'account.sign-in-failed': { status: 401, key: 'account.sign-in-failed' },
  'account.sign-in-required': { status: 401, key: 'account.sign-in-required' },
  'account.unverified': { status: 403, key: 'account.unverified' },
  'account.forbidden': { status: 403, key: 'account.forbidden' },
  'account.password-wrong': { status: 403, key: 'account.password-wrong' },
  'account.token-invalid': { status: 400, key: 'account.token-invalid' },
  'account.email-in-use': { status: 409, key: 'account.email-in-use' },
  'account.code-invalid': { status: 400, key: 'account.code-invalid' },
  'account.passkey-invalid': { status: 400, key: 'account.passkey-invalid' },
  'account.passkey-failed': { status: 401, key: 'account.passkey-failed' },
  'account.passkey-not-found': { status: 404, key: 'account.passkey-not-found' },
  // Staff's second factor (accounts/totp.ts): staff-facing, so not in core's catalogue.
  'account.totp-required': { status: 401, text: 'Enter the code from your authenticator app.' },
  'account.totp-invalid': { status: 401, text: 'The authenticator code is wrong, or was already used.' },
  'account.totp-enabled': {
    status: 409,
    text: 'An authenticator app is already set up; turn it off with one of its codes first.',
  },
  'account.second-factor-required': {
    status: 403,
    text: 'Staff must sign in with a passkey or an authenticator code: sign in with a passkey, or ask an admin to set one up.',
  },
  'account.order-not-found': { status: 404, key: 'account.order-not-found' },
  'account.address-not-found': { status: 404, key: 'account.address-not-found' },
  'account.addresses-full': { status: 409, key: 'account.addresses-full' },

  // The back office (issue 15; backoffice/, restock's staff calls): staff-facing texts.
  'backoffice.order-not-found': { code: 'not-found', status: 404, key: 'checkout.order-not-found' },
  /** An action the order's state does not allow (paying a cancelled order...); `{problem}` says why. */
  'order.not-paid': { code: 'order-conflict', status: 409, key: 'order.conflict-not-paid' },
  'order.already-paid': { code: 'order-conflict', status: 409, key: 'order.conflict-already-paid' },
  'order.not-awaiting-payment': {
    code: 'order-conflict',
    status: 409,
    key: 'order.conflict-not-awaiting-payment',
  },
  'order.cancelled': { code: 'order-conflict', status: 409, key: 'order.conflict-cancelled' },
  'order.already-fulfilled': { code: 'order-conflict', status: 409, key: 'order.conflict-already-fulfilled' },
  'order.too-many-to-fulfil': {
    code: 'order-conflict',
    status: 409,
    key: 'order.conflict-too-many-to-fulfil',
  },
  'order.already-cancelled': { code: 'order-conflict', status: 409, key: 'order.conflict-already-cancelled' },
  'order.shipped': { code: 'order-conflict', status: 409, key: 'order.conflict-shipped' },
  'order.gift-card-spent': { code: 'order-conflict', status: 409, key: 'order.conflict-gift-card-spent' },
  'order.no-confirmation': { code: 'order-conflict', status: 409, key: 'order.conflict-no-confirmation' },
  'backoffice.invalid-action': { code: 'invalid-request', status: 400, text: '{problem}' },
  // Refunds (issue 27): refused before anything changes; the provider's answers after the record.
  'refund.over-refund': { code: 'refund-too-large', status: 409, key: 'refund.over-refund' },
  'refund.over-quantity': { code: 'refund-too-large', status: 409, key: 'refund.over-quantity' },
  'refund.unknown-line': { code: 'invalid-request', status: 400, key: 'refund.unknown-line' },
  'refund.amount-or-lines': { code: 'invalid-request', status: 400, key: 'refund.amount-or-lines' },
  'refund.restock-needs-lines': { code: 'invalid-request', status: 400, key: 'refund.restock-needs-lines' },
  'refund.provider-refused': { code: 'refund-refused', status: 502, key: 'refund.provider-refused' },
  'refund.provider-unavailable': { code: 'refund-pending', status: 502, key: 'refund.provider-unavailable' },
  'refund.provider-not-configured': {
    code: 'order-conflict',
    status: 409,
    key: 'refund.provider-not-configured',
  },
  'refund.no-payment': { code: 'order-conflict', status: 409, key: 'refund.no-payment' },
  'refund.gift-card-spent': { code: 'refund-too-large', status: 409, key: 'refund.gift-card-spent' },
  /** A stock change that would go below zero, or set a level that changed since it was read. */
  'stock.unlimited': { code: 'stock-conflict', status: 409, key: 'stock.conflict-unlimited' },
  'stock.below-zero': { code: 'stock-conflict', status: 409, key: 'stock.conflict-below-zero' },
  'stock.changed': { code: 'stock-conflict', status: 409, key: 'stock.conflict-changed' },
  // Store pages and categories (issue 30; catalogue/admin-collections.ts).
  'catalogue.store-page-not-found': {
    code: 'not-found',
    status: 404,
    key: 'catalogue.store-page-not-found',
  },
  'catalogue.slug-invalid': { code: 'invalid-request', status: 400, key: 'catalogue.slug-invalid' },
  'catalogue.slug-taken': { code: 'slug-taken', status: 409, key: 'catalogue.slug-taken' },
  'catalogue.slug-reserved': { code: 'slug-taken', status: 409, key: 'catalogue.slug-reserved' },
  'catalogue.store-page-not-empty': {
    code: 'store-page-not-empty',
    status: 409,
    key: 'catalogue.store-page-not-empty',
  },
  'catalogue.order-too-long': { code: 'order-too-long', status: 409, key: 'catalogue.order-too-long' },
  'catalogue.order-stale': { code: 'record-changed', status: 409, key: 'catalogue.order-stale' },
  'catalogue.category-invalid': {
    code: 'invalid-request',
    status: 400,
    key: 'catalogue.category-invalid',
  },
  'catalogue.category-exists': { code: 'category-exists', status: 409, key: 'catalogue.category-exists' },
  'catalogue.category-not-found': { code: 'not-found', status: 404, key: 'catalogue.category-not-found' },
  'catalogue.categories-too-many': {
    code: 'categories-too-many',
    status: 409,
    key: 'catalogue.categories-too-many',
  },
  'catalogue.category-order-stale': {
    code: 'record-changed',
    status: 409,
    key: 'catalogue.category-order-stale',
  },
  'backoffice.submission-not-found': {
    code: 'not-found',
    status: 404,
    text: 'There is no such submission of this form (it may have been deleted).',
  },
  'backoffice.mail-not-found': {
    code: 'not-found',
    status: 404,
    text: 'There is no such mail in the outbox.',
  },
  /** Only a mail whose last attempt failed is retried; `{status}` is the mail's status now. */
  'backoffice.mail-not-failed': {
    code: 'mail-conflict',
    status: 409,
    text: 'This mail is {status}: only a failed mail is retried.',
  },
  /** The site forms editor (issue 31, modules/content/site-forms.ts). */
  'site-forms.not-found': { code: 'not-found', status: 404, key: 'site-forms.not-found' },
  'site-forms.revision-not-found': { code: 'not-found', status: 404, key: 'site-forms.revision-not-found' },
  'site-forms.id-taken': { code: 'form-exists', status: 409, key: 'site-forms.id-taken' },
  'site-forms.in-use': { code: 'form-in-use', status: 409, key: 'site-forms.in-use' },
  'site-forms.record-changed': { code: 'record-changed', status: 409, key: 'site-forms.record-changed' },
  'site-forms.record-changed-by-import': {
    code: 'record-changed',
    status: 409,
    key: 'site-forms.record-changed-by-import',
  },
  'site-forms.id-invalid': { code: 'invalid-form', status: 400, key: 'site-forms.id-invalid' },
  'site-forms.name-empty': { code: 'invalid-form', status: 400, key: 'site-forms.name-empty' },
  'site-forms.too-long': { code: 'invalid-form', status: 400, key: 'site-forms.too-long' },
  'site-forms.too-many-fields': { code: 'invalid-form', status: 400, key: 'site-forms.too-many-fields' },
  'site-forms.field-id-twice': { code: 'invalid-form', status: 400, key: 'site-forms.field-id-twice' },
  'site-forms.field-id-invalid': { code: 'invalid-form', status: 400, key: 'site-forms.field-id-invalid' },
  'site-forms.options-needed': { code: 'invalid-form', status: 400, key: 'site-forms.options-needed' },
  'site-forms.questions-needed': { code: 'invalid-form', status: 400, key: 'site-forms.questions-needed' },
  'site-forms.too-many-options': { code: 'invalid-form', status: 400, key: 'site-forms.too-many-options' },
  'site-forms.redirect-invalid': { code: 'invalid-form', status: 400, key: 'site-forms.redirect-invalid' },
  'site-forms.email-invalid': { code: 'invalid-form', status: 400, key: 'site-forms.email-invalid' },
  'site-forms.too-many-emails': { code: 'invalid-form', status: 400, key: 'site-forms.too-many-emails' },
  /** The navigation editor (issue 31, modules/content/navigation.ts). */
  'navigation.url-invalid': { code: 'invalid-navigation', status: 400, key: 'navigation.url-invalid' },
  'navigation.title-empty': { code: 'invalid-navigation', status: 400, key: 'navigation.title-empty' },
  'navigation.title-too-long': { code: 'invalid-navigation', status: 400, key: 'navigation.title-too-long' },
  'navigation.too-many-entries': {
    code: 'invalid-navigation',
    status: 400,
    key: 'navigation.too-many-entries',
  },
  'navigation.unknown-navigation': {
    code: 'invalid-navigation',
    status: 400,
    key: 'navigation.unknown-navigation',
  },
  'navigation.unknown-page': { code: 'invalid-navigation', status: 400, key: 'navigation.unknown-page' },
  'navigation.record-changed': { code: 'record-changed', status: 409, key: 'navigation.record-changed' },
  'navigation.record-changed-by-import': {
    code: 'record-changed',
    status: 409,
    key: 'navigation.record-changed-by-import',
  },
  'navigation.revision-not-found': { code: 'not-found', status: 404, key: 'navigation.revision-not-found' },
  /** The site settings (issue 31, modules/content/settings-*.ts). */
  'settings.record-changed': { code: 'record-changed', status: 409, key: 'settings.record-changed' },
  'settings.record-changed-by-import': {
    code: 'record-changed',
    status: 409,
    key: 'settings.record-changed-by-import',
  },
  /** A currency change on a store with products or orders, without `confirmCurrencyChange: true`. */
  'settings.currency-change-unconfirmed': {
    code: 'currency-change-unconfirmed',
    status: 409,
    key: 'settings.currency-change-unconfirmed',
  },
  'settings.revision-not-found': { code: 'not-found', status: 404, key: 'settings.revision-not-found' },
  'settings.no-settings': { code: 'not-found', status: 404, key: 'settings.no-settings' },
  'favicon-not-found': { code: 'not-found', status: 404, text: 'This site has no favicon.' },
  'settings.image-unknown': { code: 'invalid-settings', status: 400, key: 'settings.image-unknown' },
  /** Pages in the back office (issue 31, modules/catalogue/admin-pages.ts). */
  'pages.not-found': { code: 'not-found', status: 404, key: 'pages.not-found' },
  'pages.type-unknown': { code: 'invalid-request', status: 400, key: 'pages.type-unknown' },
  'pages.store-page-permission': {
    code: 'account.forbidden',
    status: 403,
    key: 'pages.store-page-permission',
  },
  'pages.home-delete': { code: 'home-page', status: 409, key: 'pages.home-delete' },
  'pages.home-disable': { code: 'home-page', status: 409, key: 'pages.home-disable' },
  'pages.home-disabled': { code: 'home-page', status: 409, key: 'pages.home-disabled' },
  /** Deleting a store page that holds products: sent again with `confirmProducts=true`. */
  'pages.products-confirm': { code: 'confirmation-required', status: 409, key: 'pages.products-confirm' },
  'pages.redirect-invalid': { code: 'invalid-request', status: 400, key: 'pages.redirect-invalid' },
  'pages.gallery-option-range': { code: 'invalid-request', status: 400, key: 'pages.gallery-option-range' },
  'pages.not-gallery': { code: 'invalid-request', status: 400, key: 'pages.not-gallery' },
  /** A save on a stale version: the body names who saved and when (wire RecordChanged). */
  'pages.revision-not-found': { code: 'not-found', status: 404, key: 'pages.revision-not-found' },
  'pages.event-not-found': { code: 'not-found', status: 404, key: 'pages.event-not-found' },
  'pages.event-ends-before-start': {
    code: 'invalid-request',
    status: 400,
    key: 'pages.event-ends-before-start',
  },
  'pages.time-zone-unknown': { code: 'invalid-request', status: 400, key: 'pages.time-zone-unknown' },
  /** The product editor (issue 30, modules/catalogue/product-*.ts). */
  'catalogue.product-not-found': { code: 'not-found', status: 404, key: 'catalogue.product-not-found' },
  'catalogue.revision-not-found': { code: 'not-found', status: 404, key: 'catalogue.revision-not-found' },
  'catalogue.bulk-unknown-product': { code: 'not-found', status: 404, key: 'catalogue.bulk-unknown-product' },
  /** A save on a stale version: the body names who saved and when (wire RecordChanged). */
  'catalogue.record-changed': { code: 'record-changed', status: 409, key: 'catalogue.record-changed' },
  'catalogue.record-changed-by-import': {
    code: 'record-changed',
    status: 409,
    key: 'catalogue.record-changed-by-import',
  },
  'catalogue.product-slug-taken': { code: 'slug-taken', status: 409, key: 'catalogue.product-slug-taken' },
  'catalogue.product-store-page-unknown': {
    code: 'invalid-product',
    status: 400,
    key: 'catalogue.product-store-page-unknown',
  },
  'catalogue.image-unknown': { code: 'invalid-product', status: 400, key: 'catalogue.image-unknown' },
  'catalogue.tag-too-long': { code: 'invalid-product', status: 400, key: 'catalogue.tag-too-long' },
  'catalogue.category-too-long': { code: 'invalid-product', status: 400, key: 'catalogue.category-too-long' },
  'catalogue.product-slug-invalid': {
    code: 'invalid-product',
    status: 400,
    key: 'catalogue.product-slug-invalid',
  },
  'catalogue.no-variants': { code: 'invalid-product', status: 400, key: 'catalogue.no-variants' },
  'catalogue.too-many-variants': { code: 'invalid-product', status: 400, key: 'catalogue.too-many-variants' },
  'catalogue.option-duplicate': { code: 'invalid-product', status: 400, key: 'catalogue.option-duplicate' },
  'catalogue.variant-options': { code: 'invalid-product', status: 400, key: 'catalogue.variant-options' },
  'catalogue.variant-option-value': {
    code: 'invalid-product',
    status: 400,
    key: 'catalogue.variant-option-value',
  },
  'catalogue.variant-duplicate': { code: 'invalid-product', status: 400, key: 'catalogue.variant-duplicate' },
  'catalogue.sku-duplicate': { code: 'invalid-product', status: 400, key: 'catalogue.sku-duplicate' },
  'catalogue.price-invalid': { code: 'invalid-product', status: 400, key: 'catalogue.price-invalid' },
  'catalogue.variant-currency': { code: 'invalid-product', status: 400, key: 'catalogue.variant-currency' },
  'catalogue.sale-price-not-below': {
    code: 'invalid-product',
    status: 400,
    key: 'catalogue.sale-price-not-below',
  },
  'catalogue.subscription-not-allowed': {
    code: 'invalid-product',
    status: 400,
    key: 'catalogue.subscription-not-allowed',
  },
  'catalogue.variant-image-unknown': {
    code: 'invalid-product',
    status: 400,
    key: 'catalogue.variant-image-unknown',
  },
  'catalogue.schedule-invalid': { code: 'invalid-product', status: 400, key: 'catalogue.schedule-invalid' },
  'catalogue.bulk-price-negative': {
    code: 'invalid-product',
    status: 400,
    key: 'catalogue.bulk-price-negative',
  },
  /** The post and page content editor (issue 31, modules/catalogue/post-*.ts, page-content.ts). */
  'content.post-not-found': { code: 'not-found', status: 404, key: 'content.post-not-found' },
  'content.page-not-found': { code: 'not-found', status: 404, key: 'content.page-not-found' },
  'content.revision-not-found': { code: 'not-found', status: 404, key: 'content.revision-not-found' },
  'content.record-changed': { code: 'record-changed', status: 409, key: 'content.record-changed' },
  'content.record-changed-by-import': {
    code: 'record-changed',
    status: 409,
    key: 'content.record-changed-by-import',
  },
  'content.slug-taken': { code: 'slug-taken', status: 409, key: 'content.slug-taken' },
  'content.blog-unknown': { code: 'invalid-content', status: 400, key: 'content.blog-unknown' },
  'content.too-many-blocks': { code: 'too-many-blocks', status: 400, key: 'content.too-many-blocks' },
  'content.block-invalid': { code: 'invalid-content', status: 400, key: 'content.block-invalid' },
  'content.block-id-twice': { code: 'invalid-content', status: 400, key: 'content.block-id-twice' },
  'content.block-target-unknown': {
    code: 'invalid-content',
    status: 400,
    key: 'content.block-target-unknown',
  },
  'content.slug-invalid': { code: 'invalid-content', status: 400, key: 'content.slug-invalid' },
  'content.title-required': { code: 'invalid-content', status: 400, key: 'content.title-required' },
  'content.schedule-invalid': { code: 'invalid-content', status: 400, key: 'content.schedule-invalid' },
  'content.schedule-past': { code: 'invalid-content', status: 400, key: 'content.schedule-past' },
  'content.author-unknown': { code: 'invalid-content', status: 400, key: 'content.author-unknown' },
  'content.tag-too-long': { code: 'invalid-content', status: 400, key: 'catalogue.tag-too-long' },
  'content.category-too-long': { code: 'invalid-content', status: 400, key: 'catalogue.category-too-long' },
  'backoffice.comment-not-found': { code: 'not-found', status: 404, text: 'There is no such comment.' },
  'backoffice.gift-card-not-found': { code: 'not-found', status: 404, text: 'There is no such gift card.' },
  /** A staff reply under a comment that is not public would show under something hidden. */
  'backoffice.comment-not-public': {
    code: 'comment-not-public',
    status: 409,
    text: 'Only a published comment can be answered: approve it first.',
  },
  'invalid-cursor': { status: 400, text: 'The cursor is not one this list handed out.' },
  'popup-overlay-not-found': { status: 404, text: 'This site has no popup overlay.' },

  // The cart (commerce/cart.ts).
  'entry-not-found': { status: 404, text: 'That cart entry does not exist.' },
  'invalid-additional-fields': { status: 400, text: 'additionalFields must be a JSON string.' },
  'not-subscribable': { status: 400, key: 'cart.add.product-unavailable' },

  // Checkout (checkout/orders.ts).
  'empty-cart': { status: 400, key: 'checkout.empty-cart' },
  'cart-purchased': { status: 409, key: 'checkout.cart-purchased' },
  /** A cart line whose variant is gone since it was added. */
  'variant-gone': { code: 'cart.add.variant-unavailable', status: 409, key: 'cart.add.variant-unavailable' },
  'not-gift-card': { status: 400, key: 'checkout.not-gift-card' },
  'gift-card-unknown': { status: 400, key: 'giftcard.unknown' },
  'gift-card-empty': { status: 409, key: 'giftcard.empty' },
  /** The order that bought the card was cancelled: the card no longer pays. */
  'gift-card-voided': { status: 409, key: 'giftcard.voided' },
  'gift-card-blank': { status: 400, key: 'giftcard.code-blank' },
  'gift-card-send-on-invalid': { status: 400, key: 'giftcard.send-on-invalid' },
  // Reviews (reviews/): the mailed link, the form, moderation.
  'review-link-invalid': { status: 404, key: 'review.link-invalid' },
  'review-link-expired': { status: 410, key: 'review.link-expired' },
  'review-link-used': { status: 410, key: 'review.link-used' },
  'review-nothing-rated': { status: 400, key: 'review.rating-required' },
  'review-not-found': { code: 'not-found', status: 404, text: 'There is no such review.' },
  /** An express purchase of more than the stock, in core's words. */
  'express-not-enough-stock': {
    code: 'cart.add.not-enough-stock',
    status: 409,
    key: 'cart.add.not-enough-stock',
  },
  /** The customer's fields, in core's words, naming the fields at fault. */
  'invalid-customer': { status: 400, text: 'The customer details are incomplete.' },
  /** Stock taken by another order between the cart and the placement. */
  'out-of-stock': { status: 409, key: 'cart.add.not-enough-stock' },
  // Subscriptions (issue 17): a renewal someone else made (or a subscription no longer active),
  // and the customer's own actions on theirs.
  'renewal-not-claimed': {
    status: 409,
    text: 'This renewal was already made, or the subscription is no longer active.',
  },
  'subscription-not-found': { code: 'not-found', status: 404, key: 'subscription.not-found' },
  'subscription-not-allowed': { status: 409, key: 'subscription.not-allowed' },

  // Idempotency-Key (http/idempotency.ts).
  'invalid-idempotency-key': { status: 400, key: 'idempotency.key-invalid' },
  'idempotency-key-reused': { status: 422, key: 'idempotency.key-reused' },
  'idempotency-in-progress': { status: 409, key: 'idempotency.in-progress' },

  // Discount codes, shipping and tax (issue 17); a code's own refusals are core's (`refused`).
  'cart-not-found': { status: 404, text: 'There is no cart: add something to it first.' },
  'coupon-not-on-cart': { status: 404, text: 'That code is not on the cart.' },
  'shipping-unavailable': { status: 400, key: 'shipping.unavailable' },
  'shipping-option-unknown': { status: 400, key: 'shipping.option-unknown' },
  'shipping-country-invalid': { status: 400, key: 'shipping.country-invalid' },

  /** Any other refusal of core's rules (the cart's, checkout's): its own code, worded by core. */
  refused: { status: 400 },

  // The server's side.
  'server-error': { status: 500, key: 'ui.something-went-wrong' },
  'form-server-error': { code: 'server-error', status: 500, key: 'form.status-500' },
  'service-unavailable': { status: 503, key: 'ui.service-unavailable' },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorKey = keyof typeof ERRORS;

type Params = Readonly<Record<string, string | number>>;

export interface ApiErrorOptions {
  params?: Params;
  /** More fields of the answer (`errors`, `problem`, `crumbFail`...). */
  extra?: Record<string, unknown>;
  /** The text a rule already worded (core's, in the site's words), and for `refused` its own code. */
  refusal?: { code?: string; message: string };
  /** For `bad-request` only: the status Fastify gave its own client error. */
  status?: number;
}

/** A refusal to answer with: an entry of ERRORS, filled in. */
export class ApiError extends Error {
  readonly code: string;
  readonly statusCode: number;

  constructor(
    readonly key: ErrorKey,
    readonly options: ApiErrorOptions = {},
  ) {
    const entry: ErrorEntry = ERRORS[key];
    super(options.refusal?.message ?? textOf(entry, options.params, undefined));
    this.code = options.refusal?.code ?? entry.code ?? key;
    this.statusCode = options.status ?? entry.status;
  }

  /** The answer's body, its text in the site's words. */
  body(localizedStrings?: LocalizedStrings): Record<string, unknown> {
    const text =
      this.options.refusal?.message ?? textOf(ERRORS[this.key], this.options.params, localizedStrings);
    return { ...this.options.extra, code: this.code, message: text };
  }
}

function textOf(entry: ErrorEntry, params: Params | undefined, localizedStrings: LocalizedStrings): string {
  if (entry.key) return message(entry.key, params, localizedStrings);
  return interpolate(entry.text ?? '', params);
}

export const apiError = (key: ErrorKey, options?: ApiErrorOptions): ApiError => new ApiError(key, options);

/** A refusal of core's rules: its entry where the catalogue has one, else `refused` in core's words. */
export const coreRefusal = (error: CoreError): ApiError =>
  Object.hasOwn(ERRORS, error.code)
    ? apiError(error.code as ErrorKey)
    : apiError('refused', { refusal: { code: error.code, message: error.message } });

/** The body of `{ status, body }` answers (idempotent replays store them). */
export const refusalAnswer = (error: ApiError, localizedStrings?: LocalizedStrings) => ({
  status: error.statusCode,
  body: error.body(localizedStrings),
});

/** The entries for input that does not parse: telemetry answers the spec's `invalid-payload`. */
type InputErrorKey = 'invalid-request' | 'invalid-payload';

/** `invalid-request` for the first issue of a zod error. */
export function invalidInput(
  error: z.ZodError,
  where: string,
  extra?: Record<string, unknown>,
  entry: InputErrorKey = 'invalid-request',
): ApiError {
  const issue = error.issues[0];
  const keys = issue && issue.code === 'unrecognized_keys' ? (issue as { keys?: string[] }).keys : undefined;
  const path = issue ? [...issue.path, ...(keys ?? [])].join('.') : '';
  return apiError(entry, {
    params: { where, problem: `${path ? `${path}: ` : ''}${issue?.message ?? 'malformed'}` },
    ...(extra ? { extra } : {}),
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route's own entries in place of the generic ones (e.g. the site forms' 500 text, the CSP
     * report's accepted types): `{ 'server-error': 'form-server-error' }`.
     */
    errorVariants?: Partial<Record<ErrorKey, ErrorKey>>;
  }
}

/** Fastify's own errors (the body parser's, the router's) as entries. */
function fromFastify(error: FastifyError): ApiError | undefined {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
    return apiError('invalid-json');
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return apiError('empty-json');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return apiError('unsupported-media-type');
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return apiError('body-too-large');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return apiError('path-too-long');
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return apiError('bad-request', { status, params: { problem: error.message } });
  return undefined;
}

/** Sends `error` as its entry's answer (for the router's errors, which no error handler sees). */
export function sendApiError(
  reply: FastifyReply,
  error: ApiError,
  localizedStrings?: LocalizedStrings,
): FastifyReply {
  const variant = reply.request.routeOptions.config?.errorVariants?.[error.key];
  const answer = variant && !error.options.refusal ? new ApiError(variant, error.options) : error;
  return reply.code(answer.statusCode).send(answer.body(localizedStrings));
}

/** What a client is told to wait before retrying while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Answers 503 with Retry-After: `service-unavailable` for the APIs, a plain page (spec section 2:
 * error, page type 101) for pages and form posts.
 */
export function sendUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  localizedStrings?: LocalizedStrings,
): FastifyReply {
  reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/api/') || path.endsWith('.json'))
    return reply.send(apiError('service-unavailable').body(localizedStrings));
  const text = escapeHtml(message('ui.service-unavailable', {}, localizedStrings));
  return reply
    .type('text/html; charset=utf-8')
    .header('x-page-type', '101')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${text}</title></head>` +
        `<body><h1>${text}</h1><p><a href="">${escapeHtml(message('ui.try-again', {}, localizedStrings))}</a></p></body></html>`,
    );
}

/** A page that failed (spec section 2: error, page type 101): a plain page, never a stack trace. */
function errorPage(localizedStrings: LocalizedStrings): string {
  const text = (code: MessageCode) => escapeHtml(message(code, {}, localizedStrings));
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${text('ui.something-went-wrong')}</title></head>` +
    `<body><h1>${text('ui.something-went-wrong')}</h1><p>${text('ui.try-again-shortly')}</p>` +
    `<p><a href="/">${text('ui.home')}</a></p></body></html>`
  );
}

/**
 * The one error handler: an ApiError answers its entry; Fastify's own errors (body parser, schema
 * validation, limits) become entries; a database that cannot serve answers 503 (http/unavailable.ts);
 * anything else is logged and answers 500 (a plain page for a page, `server-error` for an API).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const localizedStrings = siteIfAny(request)?.strings;
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable: answered 503');
      return sendUnavailable(request, reply, localizedStrings);
    }
    const known =
      error instanceof ApiError
        ? error
        : error instanceof Error
          ? fromFastify(error as FastifyError)
          : undefined;
    if (known) return sendApiError(reply, known, localizedStrings);
    request.log.error({ err: error }, 'request failed');
    if (!request.url.startsWith('/api/') && (request.method === 'GET' || request.method === 'HEAD'))
      return reply
        .code(500)
        .type('text/html; charset=utf-8')
        .header('x-page-type', '101')
        .send(errorPage(localizedStrings));
    return sendApiError(reply, apiError('server-error'), localizedStrings);
  });
}
