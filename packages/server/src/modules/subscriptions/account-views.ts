/**
 * The customer's subscriptions on /account (issue 17): each with its state and next renewal, and
 * the buttons its state allows (forms posting to subscriptions/routes.ts, working without
 * JavaScript).
 */
import { message, type LocalizedStrings, type MessageCode } from '@storefront/core';
import { escapeHtml as h } from '../../platform/http/html.ts';
import type { SubscriptionView } from './store.ts';
import { subscriptionItemHtml } from './view-html.ts';

/** Where a subscription's form posts. */
export const subscriptionActionUrl = (id: string) => `/account/subscriptions/${encodeURIComponent(id)}`;

export function subscriptionsSection(
  subscriptions: readonly SubscriptionView[],
  crumb: string,
  ls?: LocalizedStrings,
): string {
  const t = (code: MessageCode) => h(message(code, {}, ls));
  const rows = subscriptions.map((s) =>
    subscriptionItemHtml(s, { action: subscriptionActionUrl(s.id), crumb }, ls),
  );
  return (
    `<section id="subscriptions" class="sf-account__subscriptions"><h2>${t('account.subscriptions')}</h2>` +
    (rows.length > 0 ? `<ul>${rows.join('')}</ul>` : `<p>${t('account.subscriptions-none')}</p>`) +
    `</section>`
  );
}
