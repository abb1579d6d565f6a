/**
 * Stock in the back office: the variants with their stock (low-stock and sold-out filters), and
 * changes by staff, each one conditional UPDATE that orders running at the same time cannot undo:
 * an adjustment adds to whatever the stock is when it runs (never below zero), and setting a level
 * applies only if the stock is still what the staff member saw (409 otherwise, with the new level).
 * Every change is written to the permanent stock ledger in the same transaction.
 */
import type {
  StockChangeAnswer,
  StockLedgerEntry,
  StockLedgerPage,
  StockPage,
  StockVariant,
} from '@storefront/core/wire';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import {
  LEDGER_REASONS,
  recordStockChanges,
  variantAttributes,
  variantAvailableSql,
  variantsWithStock,
} from './stock.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { decodeCursor, pageOf } from '../../platform/http/cursor.ts';
import { apiError } from '../../platform/http/errors.ts';
import { batchedCsv } from '../../backoffice/csv.ts';
import { day, dayEnd, dayStart } from '../../platform/http/list-search.ts';
import { accountEmails } from '../accounts/index.ts';

/** At or below this, a limited variant is low on stock. */
export const LOW_STOCK = 5;
const MAX_STOCK = 1_000_000_000;

export const stockQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    filter: z.enum(['low', 'sold-out']).optional(),
    cursor: z.string().max(500).optional(),
  })
  .strict();

export const STOCK_REASONS = ['received', 'correction', 'damaged', 'returned', 'other'] as const;

export const stockChangeBody = z
  .object({
    /** Units to add (positive) or take (negative). */
    adjust: z
      .number()
      .int()
      .min(-MAX_STOCK)
      .max(MAX_STOCK)
      .refine((n) => n !== 0, 'must not be 0')
      .optional(),
    /** The new level; needs `expected`, the level the staff member saw. */
    set: z.number().int().min(0).max(MAX_STOCK).optional(),
    expected: z.number().int().min(0).max(MAX_STOCK).optional(),
    reason: z.enum(STOCK_REASONS),
    note: z.string().trim().max(1000).optional(),
  })
  .strict()
  .refine((b) => (b.adjust === undefined) !== (b.set === undefined), 'give either adjust or set')
  .refine((b) => b.set === undefined || b.expected !== undefined, 'set needs expected, the level you saw');
export type StockChange = z.infer<typeof stockChangeBody>;

const PAGE = 50;

/** Variants of products with their stock, by product title, a page at a time. */
export async function listStock(db: Db, query: z.infer<typeof stockQuery>): Promise<StockPage> {
  let q = variantsWithStock(db).select('items.id as item_id').where('items.product_type', 'is not', null);
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(items.title)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(variants.sku)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (query.filter === 'sold-out') q = q.where((eb) => eb.not(variantAvailableSql(eb)));
  if (query.filter === 'low')
    q = q.where('variants.unlimited', '=', 0).where('variants.qty_in_stock', '<=', LOW_STOCK);
  if (query.cursor) {
    const [title, id] = decodeCursor(query.cursor, ['string', 'string']);
    q = q.where((eb) =>
      eb.or([
        eb('items.title', '>', title),
        eb.and([eb('items.title', '=', title), eb('variants.id', '>', id)]),
      ]),
    );
  }
  const rows = await q
    .orderBy('items.title')
    .orderBy('variants.id')
    .limit(PAGE + 1)
    .execute();
  const { shown, ...paging } = pageOf(rows, PAGE, (r) => [r.title, r.id]);
  return {
    variants: shown.map((r): StockVariant => ({
      variantId: r.id,
      productId: r.item_id,
      productTitle: r.title,
      sku: r.sku,
      attributes: variantAttributes(r.data),
      unlimited: r.unlimited === 1,
      qtyInStock: Number(r.qty_in_stock),
    })),
    ...paging,
  };
}

/** Applies a staff member's change; answers the new level. */
export async function changeStock(
  db: Db,
  variantId: string,
  change: StockChange,
  actorId: string,
): Promise<StockChangeAnswer> {
  return writeTransaction(db, async (trx) => {
    const variant = await trx
      .selectFrom('variants')
      .select(['unlimited', 'qty_in_stock'])
      .where('id', '=', variantId)
      .executeTakeFirst();
    if (!variant) throw apiError('variant-not-found');
    if (variant.unlimited === 1) throw apiError('stock.unlimited');
    let units: number;
    if (change.adjust !== undefined) {
      units = change.adjust;
      const adjust = units;
      const updated = await trx
        .updateTable('variants')
        .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '+', adjust) }))
        .where('id', '=', variantId)
        .where('unlimited', '=', 0)
        .where((eb) => eb(eb('qty_in_stock', '+', adjust), '>=', 0))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        const now = await currentLevel(trx, variantId);
        throw apiError('stock.below-zero', { params: { stock: now, taking: -adjust } });
      }
    } else {
      const target = change.set as number;
      const expected = change.expected as number;
      units = target - expected;
      const updated = await trx
        .updateTable('variants')
        .set({ qty_in_stock: target })
        .where('id', '=', variantId)
        .where('unlimited', '=', 0)
        .where('qty_in_stock', '=', expected)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        const now = await currentLevel(trx, variantId);
        throw apiError('stock.changed', { params: { stock: now } });
      }
    }
    await recordStockChanges(trx, [
      { variantId, change: units, reason: change.reason, actorId, note: change.note ?? null },
    ]);
    return { variantId, qtyInStock: await currentLevel(trx, variantId) };
  });
}

async function currentLevel(db: Db, variantId: string): Promise<number> {
  const row = await db
    .selectFrom('variants')
    .select('qty_in_stock')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return Number(row.qty_in_stock);
}

export const ledgerFilter = z
  .object({
    variantId: z.string().min(1).max(100).optional(),
    reason: z.enum(LEDGER_REASONS).optional(),
    /** Changes on or after this day (UTC). */
    from: day.optional(),
    /** Changes on or before this day (UTC). */
    to: day.optional(),
  })
  .strict();
export type LedgerFilter = z.infer<typeof ledgerFilter>;
export const ledgerQuery = ledgerFilter.extend({ cursor: z.string().max(500).optional() });

/** Where the next page starts: the last entry's (created, id), newest first. */
interface LedgerPosition {
  created: number | string;
  id: string;
}

async function ledgerPage(db: Db, filter: LedgerFilter, after: LedgerPosition | undefined, limit: number) {
  let q = db
    .selectFrom('stock_ledger')
    .leftJoin('variants', 'variants.id', 'stock_ledger.variant_id')
    .leftJoin('items', 'items.id', 'variants.item_id')
    .select([
      'variants.sku',
      'items.title',
      'stock_ledger.id',
      'stock_ledger.created',
      'stock_ledger.variant_id',
      'stock_ledger.change',
      'stock_ledger.reason',
      'stock_ledger.ref_id',
      'stock_ledger.note',
      'stock_ledger.actor_id',
    ]);
  if (filter.variantId) q = q.where('stock_ledger.variant_id', '=', filter.variantId);
  if (filter.reason) q = q.where('stock_ledger.reason', '=', filter.reason);
  if (filter.from) q = q.where('stock_ledger.created', '>=', dayStart(filter.from));
  if (filter.to) q = q.where('stock_ledger.created', '<', dayEnd(filter.to));
  if (after)
    q = q.where((eb) =>
      eb(
        eb.refTuple('stock_ledger.created', 'stock_ledger.id'),
        '<',
        eb.tuple(Number(after.created), after.id),
      ),
    );
  const rows = await q
    .orderBy('stock_ledger.created', 'desc')
    .orderBy('stock_ledger.id', 'desc')
    .limit(limit)
    .execute();
  // Who made each change: the accounts module's, one statement for the page.
  const emails = await accountEmails(
    db,
    rows.flatMap((r) => (r.actor_id ? [r.actor_id] : [])),
  );
  return rows.map((r) => ({ ...r, email: r.actor_id ? (emails.get(r.actor_id) ?? null) : null }));
}

type LedgerRow = Awaited<ReturnType<typeof ledgerPage>>[number];

const entryOf = (r: LedgerRow): StockLedgerEntry => ({
  id: r.id,
  created: Number(r.created),
  variantId: r.variant_id,
  sku: r.sku ?? null,
  productTitle: r.title ?? null,
  change: r.change,
  reason: r.reason,
  orderId: r.ref_id,
  note: r.note,
  by: r.email ?? null,
});

/** The stock ledger, newest first, for one variant or the whole store, of one reason or all. */
export async function stockLedger(db: Db, query: z.infer<typeof ledgerQuery>): Promise<StockLedgerPage> {
  const { cursor, ...filter } = query;
  const after = cursor ? decodeCursor(cursor, ['number', 'string']) : undefined;
  const rows = await ledgerPage(db, filter, after && { created: after[0], id: after[1] }, PAGE + 1);
  const { shown, ...paging } = pageOf(rows, PAGE, (r) => [Number(r.created), r.id]);
  return { entries: shown.map(entryOf), ...paging };
}

export const LEDGER_CSV_COLUMNS = [
  'created',
  'variant_id',
  'sku',
  'product',
  'change',
  'reason',
  'order_id',
  'note',
  'by',
] as const;

/** The filtered ledger as CSV, newest first, streamed a batch at a time (csv.ts). */
export function ledgerCsv(db: Db, filter: LedgerFilter): AsyncGenerator<string> {
  return batchedCsv(
    LEDGER_CSV_COLUMNS,
    (after: LedgerRow | undefined, size) => ledgerPage(db, filter, after, size),
    (row) => {
      const e = entryOf(row);
      return [
        new Date(e.created).toISOString(),
        e.variantId,
        e.sku,
        e.productTitle,
        e.change,
        e.reason,
        e.orderId,
        e.note,
        e.by,
      ];
    },
  );
}
