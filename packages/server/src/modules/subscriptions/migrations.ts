import type { Migration } from 'kysely';
import { migration as subscriptions } from './migrations/2026-11-24-025-subscriptions.ts';
import { migration as subscriptionManageLinks } from './migrations/2026-11-24-027-subscription-manage-links.ts';
import { migration as savedCards } from './migrations/2026-11-24-028-saved-cards.ts';

/** The migrations of the subscriptions module's tables, by the name Kysely records (never rename one). */
export const subscriptionsMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-24-025-subscriptions': subscriptions,
  '2026-11-24-027-subscription-manage-links': subscriptionManageLinks,
  '2026-11-24-028-saved-cards': savedCards,
};
