/**
 * A site document (`site_documents`: 'website.json', 'navigation.json'...) kept parsed in memory
 * while its change key holds: a save moves the key (db/change-version.ts), and every instance reads
 * the document again on its next request, once, whatever the number of requests waiting for it.
 * What the site reads at start (`site.content`) then follows the database without a restart.
 */
import { changeKey } from '../../platform/db/change-version.ts';
import type { Json, SiteContent } from '../../platform/site/types.ts';
import { siteDocument } from './site-document.ts';

/** `website.json` as the site holds it, kept while the `settings` change key holds. */
export const liveWebsite = () =>
  siteDocument('website.json', changeKey.settings, (data) =>
    websiteParts(data === undefined ? undefined : (JSON.parse(data) as Json)),
  );

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
export function refill(target: Record<string, unknown>, source: Record<string, unknown>): void {
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
