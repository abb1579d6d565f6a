/**
 * The site's header and footer as staff edit them (issue 15): an announcement bar, the footer's text
 * and social links. The header's links are the navigation's (navigation.ts, issue 31). Pages show them as the root
 * `siteHeaderFooter` (docs/site-content.md); the template decides where.
 */
import { SOCIAL_SERVICES, type SavedSiteHeaderFooter, type SiteHeaderFooter } from '@storefront/core/wire';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { headerFooterRow, saveHeaderFooter } from './store.ts';

/** An absolute http(s) link, or a path on this site. */
const linkUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    if (/^\/(?!\/)/.test(value)) return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'must be an http(s) address or a path starting with /');

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const headerSchema = z
  .object({
    /** Empty: no announcement bar. */
    announcementText: text(200).default(''),
    /** Where the announcement leads, if anywhere. */
    announcementUrl: linkUrl.or(z.literal('')).default(''),
  })
  .strict();

export const footerSchema = z
  .object({
    text: text(1000).default(''),
    socialLinks: z
      .array(
        z
          .object({
            service: z.enum(SOCIAL_SERVICES, { error: `must be one of ${SOCIAL_SERVICES.join(', ')}` }),
            url: linkUrl,
          })
          .strict(),
      )
      .max(10, 'must have at most 10 links')
      .default([]),
  })
  .strict();

/** `PUT /api/site-header-footer`: both parts, each complete (what is left out is emptied). */
export const headerFooterBody = z.object({ header: headerSchema, footer: footerSchema }).strict();

/** The wire's shape (core/wire.ts): the schema's output is checked against it where it is saved and read. */
export type HeaderFooter = SiteHeaderFooter;

/** `updated` null: never saved, the template shows its own. */
export type SavedHeaderFooter = SavedSiteHeaderFooter;

/** The row every language shows until it has its own. */
export const EVERY_LANGUAGE = '';

const EMPTY: HeaderFooter = {
  header: { announcementText: '', announcementUrl: '' },
  footer: { text: '', socialLinks: [] },
};

export async function readHeaderFooter(db: Db, language = EVERY_LANGUAGE): Promise<SavedHeaderFooter> {
  const row = await headerFooterRow(db, language);
  if (!row) return { ...EMPTY, updated: null, updatedBy: null };
  // Parsed again on the way out: a row is always what the schema wrote.
  return {
    ...headerFooterBody.parse({ header: JSON.parse(row.header), footer: JSON.parse(row.footer) }),
    updated: Number(row.updated),
    updatedBy: row.updated_by,
  };
}

/** Saves both parts (inside the caller's transaction, which declares the header-footer change key). */
export async function writeHeaderFooter(
  trx: Db,
  value: HeaderFooter,
  by: string | null,
  now = Date.now(),
  language = EVERY_LANGUAGE,
): Promise<void> {
  const columns = {
    header: JSON.stringify(value.header),
    footer: JSON.stringify(value.footer),
    updated: now,
    updated_by: by,
  };
  await saveHeaderFooter(trx, language, columns);
}
