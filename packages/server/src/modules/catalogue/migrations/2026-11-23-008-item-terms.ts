import type { Kysely, Migration } from 'kysely';

/**
 * Issue 20: list filters and tag queries run in SQL. `item_terms` holds each item's categories,
 * tags and author (its display name as `label`), one row each, indexed by value within a collection;
 * content sync keeps it in step with the items. Existing items are filled here from their content.
 * Released: frozen. Portable types only, and no import of the current code or row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('item_terms')
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('label', 'text')
      .addPrimaryKeyConstraint('item_terms_pk', ['item_id', 'kind', 'position'])
      .execute();
    await db.schema
      .createIndex('item_terms_value_idx')
      .on('item_terms')
      .columns(['collection_id', 'kind', 'value', 'item_id'])
      .execute();

    const items = db as unknown as Kysely<{
      items: { id: string; collection_id: string; data: string };
      item_terms: TermRow;
    }>;
    const batch = 500;
    for (let after = ''; ;) {
      const rows = await items
        .selectFrom('items')
        .select(['id', 'collection_id', 'data'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(batch)
        .execute();
      const terms = rows.flatMap((row) => termsOf(row.id, row.collection_id, JSON.parse(row.data)));
      for (let i = 0; i < terms.length; i += batch)
        await items
          .insertInto('item_terms')
          .values(terms.slice(i, i + batch))
          .execute();
      if (rows.length < batch) break;
      after = (rows[rows.length - 1] as { id: string }).id;
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('item_terms').ifExists().execute();
  },
};

interface TermRow {
  item_id: string;
  collection_id: string;
  kind: string;
  position: number;
  value: string;
  label: string | null;
}

/** The terms of one item's content as shipped with this migration. */
function termsOf(itemId: string, collectionId: string, item: Record<string, unknown>): TermRow[] {
  const row = (kind: string, position: number, value: string, label: string | null = null) => ({
    item_id: itemId,
    collection_id: collectionId,
    kind,
    position,
    value,
    label,
  });
  const strings = (value: unknown) =>
    (Array.isArray(value) ? value : []).flatMap((v, i) => (typeof v === 'string' ? [[v, i] as const] : []));
  const terms = [
    ...strings(item.categories).map(([v, i]) => row('category', i, v)),
    ...strings(item.tags).map(([v, i]) => row('tag', i, v)),
  ];
  const author =
    item.author && typeof item.author === 'object' ? (item.author as Record<string, unknown>) : {};
  const authorId =
    typeof author.id === 'string' ? author.id : typeof item.authorId === 'string' ? item.authorId : undefined;
  if (authorId !== undefined)
    terms.push(
      row('author', 0, authorId, typeof author.displayName === 'string' ? author.displayName : null),
    );
  return terms;
}
