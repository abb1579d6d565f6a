/**
 * A site document (`site_documents`: `navigation.json`, `website.json`…) as pages read it: parsed
 * once per version of its change key, on every instance. A save moves the key in its transaction
 * (`changes.touch(key)`), so the next request anywhere reads and parses it again; until then every
 * request shares the parsed value.
 */
import type { ChangeKey, ChangeSnapshot } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { documentRow } from './documents-store.ts';

export class SiteDocument<T> {
  private kept: { made: number; value: Promise<T> } | undefined;

  constructor(
    readonly name: string,
    readonly key: ChangeKey,
    /** The stored JSON text (undefined: no such document) as pages use it. */
    private readonly parse: (data: string | undefined) => T,
  ) {}

  /** The document as of `snapshot` (none: read it now). */
  read(db: Db, snapshot?: ChangeSnapshot): Promise<T> {
    if (snapshot === undefined) return this.load(db);
    if (!this.kept || snapshot.movedSince(this.kept.made, [this.key])) {
      const value = this.load(db);
      const kept = { made: snapshot.latest, value };
      this.kept = kept;
      value.catch(() => {
        if (this.kept === kept) this.kept = undefined;
      });
    }
    return this.kept.value;
  }

  private async load(db: Db): Promise<T> {
    return this.parse((await documentRow(db, this.name))?.data);
  }
}

/** A reader of the document `name`, kept while `key` holds. */
export const siteDocument = <T>(name: string, key: ChangeKey, parse: (data: string | undefined) => T) =>
  new SiteDocument(name, key, parse);
