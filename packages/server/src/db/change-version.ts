/**
 * Change versions (issue 20): two counters in the database saying when what a page shows may have
 * changed, so that what was made from the catalogue can be kept in memory while they hold.
 *
 *   readChangeVersions(db)   -> { content, stock }, one primary-key read (per request)
 *   contentVersion(db)       -> the content version alone (the catalogue cache's key)
 *   bumpContentVersion(trx)  -> call inside every transaction that writes content
 *
 * - content: moved by content sync (db/content-sync.ts) in the transaction that writes, and only
 *   when it writes; the back office will do the same.
 * - stock: moved by a trigger on `variants` (migrations/2026-11-23-010-change-versions.ts) in the
 *   transaction that changes stock, whoever writes it (checkout, its compensation, an operator's
 *   SQL), and only when a page could show the difference: the count of a limited variant (pages
 *   carry it, for "only N left" and the quantity the browser allows) or whether it is limited.
 *   Carts hold nothing, so add-to-cart never moves it.
 *
 * Across instances: every instance on the same database (PostgreSQL, or one SQLite file shared by
 * several processes) reads the same row, and a commit that changed stock has moved it, so the next
 * request anywhere sees the new version: nothing to miss. LISTEN/NOTIFY would spare the read but
 * needs a connection of its own per instance and a fallback for a notice lost while it reconnects;
 * a read of two rows by primary key costs less than the page's own reads.
 */
import { sql } from 'kysely';
import type { Db } from './index.ts';

export interface ChangeVersions {
  content: string;
  stock: string;
}

/** Both versions, as the last committed writes left them. */
export async function readChangeVersions(db: Db): Promise<ChangeVersions> {
  const rows = await db.selectFrom('change_versions').select(['name', 'version']).execute();
  const of = (name: string) => String(rows.find((r) => r.name === name)?.version ?? 0);
  return { content: of('content'), stock: of('stock') };
}

/** The content version alone. */
export async function contentVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('change_versions')
    .select('version')
    .where('name', '=', 'content')
    .executeTakeFirst();
  return String(row?.version ?? 0);
}

/** Moves the content version; inside the transaction that writes the content. */
export async function bumpContentVersion(trx: Db): Promise<void> {
  await trx
    .updateTable('change_versions')
    .set({ version: sql<number>`version + 1` })
    .where('name', '=', 'content')
    .execute();
}
