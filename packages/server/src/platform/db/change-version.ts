/**
 * Change keys (issue 28): what pages show is named by keys (a collection's items, the list of
 * collections, the header and footer, the site's settings, a variant's stock, an item's comments,
 * a product's reviews), and each key has a version in the database, so that what was made from
 * them can be kept in memory while they hold, by every instance on the database.
 *
 * - Writing: a write declares the keys it touches on its unit of work (db/transaction.ts:
 *   `writeTransaction(db, async (trx, changes) => { ...; changes.touch(key) })`); the commit moves
 *   those keys alone. Stock moves itself: a trigger on `variants`
 *   (migrations/2026-11-27-036-change-keys.ts) moves the variant's key in the transaction that
 *   changes its stock, whoever writes it, and only when a page could show the difference (the
 *   count of a limited variant, or whether it is limited).
 * - Versions: every move takes the next number of one sequence (the `latest` row of
 *   `change_versions`) and gives it to each key moved. The row's lock is held to the commit, so
 *   numbers are handed out in commit order: once `latest` reads N, every move up to N is visible.
 * - Reading (ChangeWatch): one primary-key read of `latest` per request; only when it moved, one
 *   read of the keys moved since. What was made at `latest` = N from keys K is current while no key
 *   of K has a version above N.
 *
 * LISTEN/NOTIFY would spare the read but needs a connection of its own per instance and a fallback
 * for a notice lost while it reconnects; one row by primary key costs less than a page's own reads.
 */
import { sql } from 'kysely';
import type { Db, TablesHandle } from './index.ts';
import type { ChangeTables } from './change-tables.ts';

type ChangeDb = TablesHandle<ChangeTables>;

/** The name of something pages show, whose version moves when a write changes it. */
export type ChangeKey = string;

/** A version of content for what keeps its own copy (the search index): equal versions, equal content. */
export type ContentVersion = (db: Db) => Promise<string | number>;

export const changeKey = {
  /** The list of collections: every page's navigation and routing. */
  navigation: 'navigation',
  /** The site settings staff edit (its languages). */
  settings: 'settings',
  /** The header and footer staff edit. */
  headerFooter: 'header-footer',
  /** The site's forms (`forms/<id>.json`): their fields, texts and redirects. */
  forms: 'forms',
  /** A collection and its items (their content, order and terms). */
  collection: (collectionId: string): ChangeKey => `collection:${collectionId}`,
  /** One item's content. */
  item: (itemId: string): ChangeKey => `item:${itemId}`,
  /** A variant's stock as pages show it (moved by the trigger on `variants`). */
  stock: (variantId: string): ChangeKey => `stock:${variantId}`,
  /** An item's public comments, and its comment and like counts. */
  comments: (itemId: string): ChangeKey => `comments:${itemId}`,
  /** A product's approved reviews (its rating). */
  reviews: (itemId: string): ChangeKey => `reviews:${itemId}`,
};

/** Keys whose move changes what the catalogue holds (search keeps its vocabulary while none moves). */
const CATALOGUE_KEYS = /^(navigation|collection:|item:)/;

/**
 * Moves `keys` in the caller's transaction: the next number of the sequence, given to each. The
 * sequence row's lock, taken here, is held to the commit.
 */
export async function moveVersions(trx: ChangeDb, keys: Iterable<ChangeKey>): Promise<void> {
  const moved = [...new Set(keys)];
  if (moved.length === 0) return;
  const row = await trx
    .updateTable('change_versions')
    .set({ version: sql<number>`version + 1` })
    .where('name', '=', LATEST)
    .returning('version')
    .executeTakeFirstOrThrow();
  const version = Number(row.version);
  for (let start = 0; start < moved.length; start += KEYS_PER_STATEMENT)
    await trx
      .insertInto('change_keys')
      .values(moved.slice(start, start + KEYS_PER_STATEMENT).map((key) => ({ key, version })))
      .onConflict((oc) => oc.column('key').doUpdateSet({ version }))
      .execute();
}

const LATEST = 'latest';
/** Keys upserted per statement: a bounded number of parameters whatever the write. */
const KEYS_PER_STATEMENT = 500;

/** Takes the sequence row's lock in the caller's transaction, moving nothing. */
export async function lockVersions(trx: ChangeDb): Promise<void> {
  await trx
    .updateTable('change_versions')
    .set({ version: sql<number>`version` })
    .where('name', '=', LATEST)
    .execute();
}

/** The versions as one request sees them. */
export interface ChangeSnapshot {
  /** The sequence's number: what is made now is made at this number. */
  readonly latest: number;
  /** Whether any of `keys` moved after what was made at `made`. */
  movedSince(made: number, keys: Iterable<ChangeKey>): boolean;
  /** The last number given to a catalogue key (the search index's version). */
  readonly catalogue: number;
}

/**
 * One instance's view of the versions. Keys moved before it first reads are never asked about:
 * nothing it keeps was made before that read.
 */
export class ChangeWatch {
  private latest: number | undefined;
  private catalogue = 0;
  private readonly versions = new Map<ChangeKey, number>();
  private catchingUp: Promise<void> | undefined;

  /** The versions now: one read, and a second only when something moved since the last. */
  async read(db: ChangeDb): Promise<ChangeSnapshot> {
    const row = await db
      .selectFrom('change_versions')
      .select('version')
      .where('name', '=', LATEST)
      .executeTakeFirst();
    const latest = Number(row?.version ?? 0);
    if (this.latest === undefined) {
      this.latest = latest;
      this.catalogue = latest;
    } else if (latest > this.latest) await this.catchUp(db, latest);
    return this.snapshot(latest);
  }

  private catchUp(db: ChangeDb, latest: number): Promise<void> {
    // One read at a time; a request that saw a later number reads again after it.
    const previous = this.catchingUp ?? Promise.resolve();
    const next = previous.then(async () => {
      const known = this.latest ?? 0;
      if (latest <= known) return;
      const moved = await db
        .selectFrom('change_keys')
        .select(['key', 'version'])
        .where('version', '>', known)
        .execute();
      for (const { key, version } of moved) {
        const number = Number(version);
        if (number > (this.versions.get(key) ?? 0)) this.versions.set(key, number);
        if (CATALOGUE_KEYS.test(key) && number > this.catalogue) this.catalogue = number;
      }
      this.latest = Math.max(known, latest);
    });
    this.catchingUp = next.catch(() => undefined);
    return next;
  }

  private snapshot(latest: number): ChangeSnapshot {
    const versions = this.versions;
    return {
      latest,
      catalogue: this.catalogue,
      movedSince(made, keys) {
        for (const key of keys) if ((versions.get(key) ?? 0) > made) return true;
        return false;
      },
    };
  }
}

/**
 * What one request read: the versions it read at, the keys of everything it showed, and until when
 * it holds whatever moves (a scheduled item's publish time: what it shows changes then, with no
 * write to move a key).
 */
export class ReadKeys {
  readonly keys = new Set<ChangeKey>();
  private earliestChange = Infinity;
  constructor(readonly snapshot: ChangeSnapshot) {}

  add(...keys: ChangeKey[]): void {
    for (const key of keys) this.keys.add(key);
  }

  /** What was read changes at `time` (epoch ms) even if no key moves. */
  expiresAt(time: number): void {
    if (time < this.earliestChange) this.earliestChange = time;
  }

  /** The earliest time what was read changes by itself (Infinity: never). */
  get until(): number {
    return this.earliestChange;
  }
}

/**
 * A value made from the database (a parsed document, the site's forms), kept while `keys` have not
 * moved: after a write that moves one, every instance makes it again once, on its next read, however
 * many requests wait for it. A failed read is not kept.
 */
export class KeptWhileUnchanged<T> {
  private kept: { made: number; value: Promise<T> } | undefined;

  constructor(
    private readonly keys: readonly ChangeKey[],
    private readonly make: (db: Db) => Promise<T>,
  ) {}

  /** The value as of `snapshot` (none: made now, and not kept). */
  read(db: Db, snapshot?: ChangeSnapshot): Promise<T> {
    if (snapshot === undefined) return this.make(db);
    if (!this.kept || snapshot.movedSince(this.kept.made, this.keys)) {
      const value = this.make(db);
      const kept = { made: snapshot.latest, value };
      this.kept = kept;
      value.catch(() => {
        if (this.kept === kept) this.kept = undefined;
      });
    }
    return this.kept.value;
  }
}
