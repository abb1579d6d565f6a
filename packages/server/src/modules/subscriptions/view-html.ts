/**
 * One subscription as a shopper sees it (issue 17): its line, its next renewal, and the buttons its
 * state allows, each a form posting `action` and `crumb` (plus the given hidden fields) that works
 * without JavaScript. Shared by /account's list and a guest's manage page.
 */
import { message, type LocalizedStrings, type MessageCode } from '@storefront/core';
import { subscriptionActionsOf } from '@storefront/core/subscriptions';
import { escapeHtml as h } from '../../platform/http/html.ts';
import type { SubscriptionView } from './store.ts';

export interface SubscriptionForm {
  action: string;
  crumb: string;
  /** Hidden fields besides the crumb (a manage link's token). */
  fields?: Record<string, string>;
}

export function subscriptionItemHtml(
  s: SubscriptionView,
  form: SubscriptionForm,
  ls?: LocalizedStrings,
): string {
  const t = (code: MessageCode, params: Record<string, string | number> = {}) => h(message(code, params, ls));
  const hidden = Object.entries({ crumb: form.crumb, ...form.fields })
    .map(([name, value]) => `<input type="hidden" name="${h(name)}" value="${h(value)}">`)
    .join('');
  const buttons = subscriptionActionsOf(s.state)
    .map(
      (action) =>
        `<form method="post" action="${h(form.action)}" class="sf-account__inline">${hidden}` +
        `<button type="submit" name="action" value="${action}">${t(`subscription.${action}`)}</button></form>`,
    )
    .join('');
  return (
    `<li class="sf-account__subscription" data-subscription-id="${h(s.id)}" data-state="${s.state}">` +
    `<p>${t('account.subscription-line', {
      title: s.title,
      quantity: s.quantity,
      state: message(`subscription.state-${s.state}`, {}, ls),
      made: s.cyclesMade,
    })}</p>` +
    (s.state === 'active' && s.nextRenewalDay !== null
      ? `<p>${t('account.subscription-next', { date: s.nextRenewalDay })}</p>`
      : '') +
    buttons +
    `</li>`
  );
}
