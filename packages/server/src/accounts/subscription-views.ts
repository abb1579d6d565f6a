/**
 * The customer's subscriptions on /account (issue 17): each with its state and next renewal, and
 * the buttons its state allows (forms posting to subscriptions/routes.ts, working without
 * JavaScript).
 */
import {
  escapeHtml as h,
  escapeHtmlAttr as a,
  message,
  type LocalizedStrings,
  type MessageCode,
} from '@storefront/core';
import type { SubscriptionView } from '../db/subscriptions.ts';

/** Where a subscription's form posts. */
export const subscriptionActionUrl = (id: string) => `/account/subscriptions/${encodeURIComponent(id)}`;

const day = (millis: number) => new Date(millis).toISOString().slice(0, 10);

/** The actions each state offers. */
const ACTIONS: Record<SubscriptionView['state'], ('pause' | 'resume' | 'cancel')[]> = {
  active: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  failed: ['resume', 'cancel'],
  cancelled: [],
  ended: [],
};

export function subscriptionsSection(
  subscriptions: readonly SubscriptionView[],
  crumb: string,
  ls?: LocalizedStrings,
): string {
  const t = (code: MessageCode, params: Record<string, string | number> = {}) => h(message(code, params, ls));
  const rows = subscriptions.map((s) => {
    const buttons = ACTIONS[s.state]
      .map(
        (action) =>
          `<form method="post" action="${a(subscriptionActionUrl(s.id))}" class="sf-account__inline">` +
          `<input type="hidden" name="crumb" value="${a(crumb)}">` +
          `<button type="submit" name="action" value="${action}">${t(`subscription.${action}`)}</button></form>`,
      )
      .join('');
    return (
      `<li class="sf-account__subscription" data-subscription-id="${a(s.id)}" data-state="${s.state}">` +
      `<p>${t('account.subscription-line', {
        title: s.title,
        quantity: s.quantity,
        state: message(`subscription.state-${s.state}`, {}, ls),
        made: s.cyclesMade,
      })}</p>` +
      (s.state === 'active' && s.nextRenewal !== null
        ? `<p>${t('account.subscription-next', { date: day(s.nextRenewal) })}</p>`
        : '') +
      buttons +
      `</li>`
    );
  });
  return (
    `<section id="subscriptions" class="sf-account__subscriptions"><h2>${t('account.subscriptions')}</h2>` +
    (rows.length > 0 ? `<ul>${rows.join('')}</ul>` : `<p>${t('account.subscriptions-none')}</p>`) +
    `</section>`
  );
}
