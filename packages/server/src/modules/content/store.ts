/** The site content module's reads and writes of its tables (the header and footer, the languages). */
import type { TablesHandle } from '../../platform/db/index.ts';
import type { SiteContentTables } from './tables.ts';

/** What the caller holds (the database or a transaction), narrowed to these tables. */
type ContentDb = TablesHandle<SiteContentTables>;

/** The stored header and footer of a language ('': every language's), as JSON texts. */
export async function headerFooterRow(db: ContentDb, language: string) {
  return db
    .selectFrom('site_header_footer')
    .select(['header', 'footer', 'updated', 'updated_by'])
    .where('language', '=', language)
    .executeTakeFirst();
}

/** Saves a language's header and footer, in place of what it had. */
export async function saveHeaderFooter(
  trx: ContentDb,
  language: string,
  columns: { header: string; footer: string; updated: number; updated_by: string | null },
): Promise<void> {
  await trx
    .insertInto('site_header_footer')
    .values({ language, ...columns })
    .onConflict((oc) => oc.column('language').doUpdateSet(columns))
    .execute();
}

/** The enabled languages in their order. */
export async function languageRows(db: ContentDb): Promise<{ tag: string; is_default: number }[]> {
  return db.selectFrom('site_languages').select(['tag', 'is_default']).orderBy('position').execute();
}

/** Replaces the enabled languages with these, in this order. */
export async function replaceLanguages(
  trx: ContentDb,
  languages: readonly { tag: string; isDefault: boolean }[],
): Promise<void> {
  await trx.deleteFrom('site_languages').execute();
  await trx
    .insertInto('site_languages')
    .values(languages.map((l, position) => ({ tag: l.tag, is_default: l.isDefault ? 1 : 0, position })))
    .execute();
}
