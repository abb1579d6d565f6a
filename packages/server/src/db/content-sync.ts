import type { CollectionContent, ItemContent, SiteContent, VariantContent } from '../site/types.ts';
import { DEFAULT_CURRENCY, moneyToCents } from '@storefront/core';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './index.ts';

export interface SyncResult {
  collections: number;
  items: number;
  variants: number;
  /** Variants seen for the first time (their starting stock was inserted). */
  newVariants: number;
}

/** The advisory lock's first key: content sync's, per schema (the second key). */
const CONTENT_SYNC_LOCK = 0x5f0c;

/**
 * Loads the site's content into the database, idempotently, in one transaction: content fields are
 * upserted; a variant's stock (qtyInStock, unlimited) is written only when the variant row is new,
 * since the database owns stock afterwards. Rows no longer in the content are removed.
 */
export async function syncContent(db: Db, content: SiteContent, now = Date.now()): Promise<SyncResult> {
  const currency = storeCurrency(content);
  return db.transaction().execute(async (trx) => {
    // Instances starting together on one PostgreSQL database take turns: the second waits here,
    // then finds the content in place (a transaction-scoped lock: released by commit or rollback).
    if (db.getExecutor().adapter instanceof PostgresAdapter)
      await sql`SELECT pg_advisory_xact_lock(${CONTENT_SYNC_LOCK}, hashtext(current_schema()))`.execute(trx);
    const result: SyncResult = { collections: 0, items: 0, variants: 0, newVariants: 0 };
    const collectionIds = content.collections.map((c) => c.id);
    const allItems = content.collections.flatMap((c) => (c as CollectionContent).items ?? []);
    const itemIds = allItems.map((i) => i.id);
    const variantIds = allItems.flatMap((i) => (i.structuredContent?.variants ?? []).map((v) => v.id));

    // Whatever the content no longer lists goes (carts keep their entries; reads skip the missing).
    // A collection is removed only after the loop has moved its items away, but its URL is freed
    // first, so that a collection the content gives another id (another site in the same
    // database, or a re-created collection) can take it.
    await trx
      .deleteFrom('variants')
      .where('id', 'not in', variantIds.length ? variantIds : [''])
      .execute();
    await trx
      .deleteFrom('items')
      .where('id', 'not in', itemIds.length ? itemIds : [''])
      .execute();
    await trx
      .updateTable('collections')
      .set({ url_id: sql<string>`'removed:' || id` })
      .where('id', 'not in', collectionIds.length ? collectionIds : [''])
      .execute();

    for (const [position, collection] of content.collections.entries()) {
      const { items = [], ...rest } = collection as CollectionContent;
      const row = {
        url_id: collection.urlId,
        title: collection.title,
        type_name: collection.typeName,
        type: collection.type ?? 1,
        homepage: collection.homepage ? 1 : 0,
        position,
        data: JSON.stringify(rest),
        updated_on: now,
      };
      await trx
        .insertInto('collections')
        .values({ id: collection.id, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      result.collections++;

      for (const [itemPosition, item] of items.entries()) {
        await upsertItem(trx, collection, item as ItemContent, itemPosition, now);
        result.items++;
        for (const [variantPosition, variant] of (item.structuredContent?.variants ?? []).entries()) {
          const isNew = await upsertVariant(trx, item.id, variant, variantPosition, currency);
          result.variants++;
          if (isNew) result.newVariants++;
        }
      }
    }

    await trx
      .deleteFrom('collections')
      .where('id', 'not in', collectionIds.length ? collectionIds : [''])
      .execute();
    return result;
  });
}

type Trx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

async function upsertItem(
  trx: Trx,
  collection: CollectionContent,
  item: ItemContent,
  position: number,
  now: number,
) {
  const added = typeof item.addedOn === 'number' ? item.addedOn : now;
  const row = {
    collection_id: collection.id,
    url_id: item.urlId,
    title: item.title,
    record_type: item.recordType ?? (item.structuredContent?.variants ? 11 : 1),
    product_type: item.structuredContent?.productType ?? null,
    position,
    starred: item.starred ? 1 : 0,
    added_on: added,
    publish_on: typeof item.publishOn === 'number' ? item.publishOn : added,
    data: JSON.stringify(item),
    updated_on: now,
  };
  await trx
    .insertInto('items')
    .values({ id: item.id, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

async function upsertVariant(
  trx: Trx,
  itemId: string,
  variant: VariantContent,
  position: number,
  storeCurrencyCode: string,
): Promise<boolean> {
  const currency = variant.priceMoney?.currency ?? storeCurrencyCode;
  const fields = {
    item_id: itemId,
    sku: variant.sku,
    position,
    currency,
    price_cents: variant.priceMoney ? moneyToCents(variant.priceMoney).cents : (variant.price ?? 0),
    sale_price_cents: variant.salePriceMoney
      ? moneyToCents(variant.salePriceMoney).cents
      : (variant.salePrice ?? 0),
    on_sale: variant.onSale ? 1 : 0,
    data: JSON.stringify(variant),
  };
  const inserted = await trx
    .insertInto('variants')
    .values({
      id: variant.id,
      ...fields,
      unlimited: variant.unlimited ? 1 : 0,
      qty_in_stock: variant.qtyInStock ?? 0,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return true;
  // Known variant: content fields only; stock stays as the database has it.
  await trx.updateTable('variants').set(fields).where('id', '=', variant.id).execute();
  return false;
}

export function storeCurrency(content: SiteContent): string {
  const settings = content.websiteSettings.storeSettings as
    { selectedCurrency?: string; defaultCurrency?: string } | undefined;
  return settings?.selectedCurrency ?? settings?.defaultCurrency ?? DEFAULT_CURRENCY;
}
