/**
 * Where the site's pages and posts show a site form (issue 31: the forms editor refuses to delete a
 * form still in use): the collections and items whose blocks name it (form and newsletter blocks).
 */
import { sql } from 'kysely';
import type { CatalogueDb } from './tables.ts';

export interface FormUse {
  kind: 'page' | 'post' | 'product';
  title: string;
  urlId: string;
}

export async function formUses(db: CatalogueDb, formId: string): Promise<FormUse[]> {
  const needle = `"formId":${JSON.stringify(formId)}`;
  const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const naming = (column: string) => sql<boolean>`${sql.ref(column)} like ${like} escape '\\'`;
  const collections = await db
    .selectFrom('collections')
    .select(['url_id', 'title', 'data'])
    .where(naming('collections.data'))
    .execute();
  const items = await db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select([
      'items.url_id as urlId',
      'items.title as title',
      'items.data as data',
      'items.product_type as productType',
      'collections.url_id as collectionUrlId',
    ])
    .where(naming('items.data'))
    .execute();
  return [
    ...collections
      .filter((row) => row.data.includes(needle))
      .map((row) => ({ kind: 'page' as const, title: row.title, urlId: row.url_id })),
    ...items
      .filter((row) => row.data.includes(needle))
      .map((row) => ({
        kind: row.productType === null ? ('post' as const) : ('product' as const),
        title: row.title,
        urlId: `${row.collectionUrlId}/${row.urlId}`,
      })),
  ];
}
