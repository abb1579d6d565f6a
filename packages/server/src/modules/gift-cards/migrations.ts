import type { Migration } from 'kysely';
import { migration as giftCards } from './migrations/2026-11-24-021-gift-cards.ts';

/** The migrations of the gift-cards module's tables, by the name Kysely records (never rename one). */
export const giftCardsMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-24-021-gift-cards': giftCards,
};
