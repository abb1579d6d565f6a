/**
 * Where the catalogue shows a media file (issue 30: the media library's "used by" and its refusal
 * to delete a file in use): the items, variants and collections whose content names
 * `/media/<file>`. One scan of each table answers a whole page of files.
 */
import { sql } from 'kysely';
import type { CatalogueDb } from './tables.ts';

export interface CatalogueMediaUse {
  kind: 'product' | 'post' | 'collection';
  id: string;
  title: string;
  fileName: string;
}

const likeOf = (fileName: string) => `%/media/${fileName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** True when `text` names `/media/<fileName>` itself, not a longer name that starts the same. */
function names(text: string, fileName: string): boolean {
  const needle = `/media/${fileName}`;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const next = text.charAt(at + needle.length);
    if (!/[\w.-]/.test(next)) return true;
  }
  return false;
}

export async function catalogueMediaUses(
  db: CatalogueDb,
  fileNames: readonly string[],
): Promise<CatalogueMediaUse[]> {
  if (fileNames.length === 0) return [];
  const uses: CatalogueMediaUse[] = [];
  const seen = new Set<string>();
  const add = (use: CatalogueMediaUse) => {
    const key = `${use.kind}|${use.id}|${use.fileName}`;
    if (seen.has(key)) return;
    seen.add(key);
    uses.push(use);
  };
  const anyOf = (column: string) =>
    sql<boolean>`(${sql.join(
      fileNames.map((name) => sql`${sql.ref(column)} like ${likeOf(name)} escape '\\'`),
      sql` or `,
    )})`;

  const items = await db
    .selectFrom('items')
    .select(['id', 'title', 'data', 'product_type'])
    .where(anyOf('items.data'))
    .execute();
  for (const item of items)
    for (const fileName of fileNames)
      if (names(item.data, fileName))
        add({
          kind: item.product_type === null ? 'post' : 'product',
          id: item.id,
          title: item.title,
          fileName,
        });

  const variants = await db
    .selectFrom('variants')
    .innerJoin('items', 'items.id', 'variants.item_id')
    .select(['items.id as id', 'items.title as title', 'variants.data as data'])
    .where(anyOf('variants.data'))
    .execute();
  for (const variant of variants)
    for (const fileName of fileNames)
      if (names(variant.data, fileName))
        add({ kind: 'product', id: variant.id, title: variant.title, fileName });

  const collections = await db
    .selectFrom('collections')
    .select(['id', 'title', 'data'])
    .where(anyOf('collections.data'))
    .execute();
  for (const collection of collections)
    for (const fileName of fileNames)
      if (names(collection.data, fileName))
        add({ kind: 'collection', id: collection.id, title: collection.title, fileName });
  return uses;
}
