import type { Migration } from 'kysely';
import { migration as passkeys } from './migrations/2026-11-24-012-passkeys.ts';
import { migration as passkeyNamesCodeLinks } from './migrations/2026-11-24-016-passkey-names-code-links.ts';

/** The migrations of the accounts module's tables, by the name Kysely records (never rename one). */
export const accountsMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-24-012-passkeys': passkeys,
  '2026-11-24-016-passkey-names-code-links': passkeyNamesCodeLinks,
};
