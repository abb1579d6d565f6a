/**
 * A site document (`site_documents`: 'website.json', 'navigation.json'...) kept parsed in memory
 * while its change key holds: a save moves the key (db/change-version.ts), and every instance reads
 * the document again on its next request, once, whatever the number of requests waiting for it.
 * What the site reads at start (`site.content`) then follows the database without a restart.
 */
import type { ChangeKey, ChangeSnapshot } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Json, SiteContent } from '../../platform/site/types.ts';
import { documentRow } from './documents-store.ts';

export class LiveDocument<T> {
  private kept: { made: number; value: Promise<T> } | undefined;

  /** `parse` is given the stored JSON, or undefined when the site has no such document. */
  constructor(
    private readonly name: string,
    private readonly key: ChangeKey,
    private readonly parse: (json: Json | undefined) => T,
  ) {}

  /** The document as of `snapshot`: the kept one while its key has not moved since it was read. */
  read(db: Db, snapshot: ChangeSnapshot): Promise<T> {
    if (!this.kept || snapshot.movedSince(this.kept.made, [this.key])) {
      const value = documentRow(db, this.name).then((row) =>
        this.parse(row === undefined ? undefined : (JSON.parse(row.data) as Json)),
      );
      const kept = { made: snapshot.latest, value };
      this.kept = kept;
      value.catch(() => {
        if (this.kept === kept) this.kept = undefined;
      });
    }
    return this.kept.value;
  }
}

/** website.json's three parts as the site holds them. */
export type WebsiteParts = Pick<SiteContent, 'website' | 'websiteSettings' | 'localizedStrings'>;

export const websiteParts = (json: Json | undefined): WebsiteParts | undefined =>
  json === undefined
    ? undefined
    : {
        website: (json.website ?? {}) as SiteContent['website'],
        websiteSettings: (json.websiteSettings ?? {}) as Json,
        localizedStrings: (json.localizedStrings ?? {}) as Record<string, string>,
      };

/** Replaces what `target` holds with what `source` holds, keeping the object (others hold it). */
function refill(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const key of Object.keys(target)) if (!(key in source)) delete target[key];
  Object.assign(target, source);
}

/**
 * Puts a read website.json in the site's content in place: the objects stay the ones every module
 * was given at start, so each of them reads the saved settings from then on.
 */
export function applyWebsiteParts(content: SiteContent, parts: WebsiteParts): void {
  refill(content.website, parts.website);
  refill(content.websiteSettings, parts.websiteSettings);
  refill(content.localizedStrings, parts.localizedStrings);
}
