import type { Migration } from 'kysely';
import { migration as cataloguePageIndexes } from './migrations/2026-11-23-007-catalogue-page-indexes.ts';
import { migration as itemTerms } from './migrations/2026-11-23-008-item-terms.ts';
import { migration as collectionSort } from './migrations/2026-11-24-015-collection-sort.ts';
import { migration as eventDates } from './migrations/2026-11-24-024-event-dates.ts';
import { migration as productVersions } from './migrations/2026-11-28-039-product-versions.ts';
import { migration as productFromPrice } from './migrations/2026-11-28-040-product-from-price.ts';
import { migration as storePageRedirects } from './migrations/2026-11-28-042-store-page-redirects.ts';
import { migration as storePageVersions } from './migrations/2026-11-28-043-store-page-versions.ts';
import { migration as pageContentVersions } from './migrations/2026-11-28-050-page-content-versions.ts';
import { migration as pageContentRevisions } from './migrations/2026-11-28-051-page-content-revisions.ts';
import { migration as digitalFiles } from './migrations/2026-11-28-046-digital-files.ts';
import { migration as pageEditing } from './migrations/2026-11-28-049-page-editing.ts';

/** The migrations of the catalogue module's tables, by the name Kysely records (never rename one). */
export const catalogueMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-23-007-catalogue-page-indexes': cataloguePageIndexes,
  '2026-11-23-008-item-terms': itemTerms,
  '2026-11-24-015-collection-sort': collectionSort,
  '2026-11-24-024-event-dates': eventDates,
  '2026-11-28-039-product-versions': productVersions,
  '2026-11-28-040-product-from-price': productFromPrice,
  '2026-11-28-042-store-page-redirects': storePageRedirects,
  '2026-11-28-043-store-page-versions': storePageVersions,
  '2026-11-28-050-page-content-versions': pageContentVersions,
  '2026-11-28-051-page-content-revisions': pageContentRevisions,
  '2026-11-28-046-digital-files': digitalFiles,
  '2026-11-28-049-page-editing': pageEditing,
};
