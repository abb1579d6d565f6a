/**
 * Build 5 of issue 30, shared by every record staff edit on a version (products, store pages, media
 * files, pages, posts, page content, the site settings, the navigation): the 409 `record-changed` that names who saved the version the editor did not see and
 * when, in the site's time zone (wire `RecordChanged`), and a stored revision as the screens list it.
 */
import { message, type MessageCode } from '@storefront/core';
import type { RecordRevision } from '@storefront/core/wire';
import type { FastifyRequest } from 'fastify';
import { apiError, type ApiError, type ErrorKey } from './errors.ts';

/** The zone a site names none in shows times in. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** What a record says of its last save. */
export interface LastSave {
  /** The staff member's address; null for an import or the content folder. */
  updatedBy: string | null;
  updatedOn: number;
  version: number;
}

/** The words a refusal uses for the record, by kind. */
const NOUNS = {
  product: 'record.product',
  'store-page': 'record.store-page',
  file: 'record.file',
  page: 'record.page',
} as const satisfies Record<string, MessageCode>;

/** Records whose refusal is worded as a whole sentence of its own: by staff, by an import. */
const OWN_WORDS = {
  settings: ['settings.record-changed', 'settings.record-changed-by-import'],
  navigation: ['navigation.record-changed', 'navigation.record-changed-by-import'],
  content: ['content.record-changed', 'content.record-changed-by-import'],
  form: ['site-forms.record-changed', 'site-forms.record-changed-by-import'],
} as const satisfies Record<string, readonly [ErrorKey, ErrorKey]>;

export type RecordKind = keyof typeof NOUNS | keyof typeof OWN_WORDS;

/** The site's time zone (its website settings), else DEFAULT_TIME_ZONE. */
export function siteTimeZone(request: FastifyRequest): string {
  const zone = request.site.template.content.website.timeZone;
  return typeof zone === 'string' && zone ? zone : DEFAULT_TIME_ZONE;
}

/** Epoch milliseconds as `YYYY-MM-DD HH:mm` on the wall clocks of `zone`. */
export function wallClock(epoch: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(epoch));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** 409 `record-changed`: `saved` is the record as it is now, saved after the editor opened it. */
export function recordChanged(saved: LastSave, timeZone: string, kind: RecordKind): ApiError {
  const when = `${wallClock(saved.updatedOn, timeZone)} (${timeZone})`;
  const extra = { changedBy: saved.updatedBy, changedOn: saved.updatedOn, currentVersion: saved.version };
  if (kind in OWN_WORDS) {
    const [byStaff, byImport] = OWN_WORDS[kind as keyof typeof OWN_WORDS];
    return saved.updatedBy === null
      ? apiError(byImport, { params: { when }, extra })
      : apiError(byStaff, { params: { who: saved.updatedBy, when }, extra });
  }
  const record = message(NOUNS[kind as keyof typeof NOUNS]);
  return saved.updatedBy === null
    ? apiError('catalogue.record-changed-by-import', { params: { record, when }, extra })
    : apiError('catalogue.record-changed', { params: { record, who: saved.updatedBy, when }, extra });
}

/** A revision row as the stores keep it (changes: JSON array of readable strings). */
export interface StoredRevision {
  id: string;
  version: number;
  saved_on: number;
  saved_by: string | null;
  changes: string;
}

export const revisionOnWire = (row: StoredRevision): RecordRevision => ({
  id: row.id,
  version: row.version,
  savedOn: row.saved_on,
  savedBy: row.saved_by,
  changes: JSON.parse(row.changes) as string[],
});
