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
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import {
  adjustStock,
  ledgerPage,
  LEDGER_REASONS,
  recordStockChanges,
  setStockIfUnchanged,
  stockPage,
  variantAttributes,
  variantLevel,
  type LedgerPosition,
} from './stock-store.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { decodeCursor, pageOf } from '../../platform/http/cursor.ts';
import { apiError } from '../../platform/http/errors.ts';
import { batchedCsv } from '../../platform/http/csv.ts';
import { day, dayEnd, dayStart } from '../../platform/http/list-search.ts';

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
  const rows = await stockPage(db, {
    text: query.q,
    filter: query.filter,
    lowStock: LOW_STOCK,
    after: query.cursor ? decodeCursor(query.cursor, ['string', 'string']) : undefined,
    limit: PAGE + 1,
  });
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
    const variant = await variantLevel(trx, variantId);
    if (!variant) throw apiError('variant-not-found');
    if (variant.unlimited) throw apiError('stock.unlimited');
    let units: number;
    if (change.adjust !== undefined) {
      units = change.adjust;
      if (!(await adjustStock(trx, variantId, units))) {
        const now = await currentLevel(trx, variantId);
        throw apiError('stock.below-zero', { params: { stock: now, taking: -units } });
      }
    } else {
      const target = change.set as number;
      const expected = change.expected as number;
      units = target - expected;
      if (!(await setStockIfUnchanged(trx, variantId, target, expected))) {
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
  const level = await variantLevel(db, variantId);
  if (!level) throw new Error(`variant ${variantId} is gone`);
  return level.qtyInStock;
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

/** The staff members' addresses by account id (the accounts module knows them). */
export type AccountEmails = (ids: readonly string[]) => Promise<ReadonlyMap<string, string>>;

/** A page of the ledger with each entry's author's address: one statement for the entries, one for the addresses. */
async function ledgerPageWithAuthors(
  db: Db,
  emailsOf: AccountEmails,
  filter: LedgerFilter,
  after: LedgerPosition | undefined,
  limit: number,
) {
  const rows = await ledgerPage(
    db,
    {
      variantId: filter.variantId,
      reason: filter.reason,
      from: filter.from ? dayStart(filter.from) : undefined,
      before: filter.to ? dayEnd(filter.to) : undefined,
    },
    after,
    limit,
  );
  const actors = rows.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id]));
  const emails = actors.length ? await emailsOf(actors) : new Map<string, string>();
  return rows.map((r) => ({ ...r, email: r.actor_id === null ? null : (emails.get(r.actor_id) ?? null) }));
}

type LedgerRow = Awaited<ReturnType<typeof ledgerPageWithAuthors>>[number];

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
  by: r.email,
});

/** The stock ledger, newest first, for one variant or the whole store, of one reason or all. */
export async function stockLedger(
  db: Db,
  emailsOf: AccountEmails,
  query: z.infer<typeof ledgerQuery>,
): Promise<StockLedgerPage> {
  const { cursor, ...filter } = query;
  const after = cursor ? decodeCursor(cursor, ['number', 'string']) : undefined;
  const rows = await ledgerPageWithAuthors(
    db,
    emailsOf,
    filter,
    after && { created: after[0], id: after[1] },
    PAGE + 1,
  );
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
export function ledgerCsv(db: Db, emailsOf: AccountEmails, filter: LedgerFilter): AsyncGenerator<string> {
  return batchedCsv(
    LEDGER_CSV_COLUMNS,
    (after: LedgerRow | undefined, size) => ledgerPageWithAuthors(db, emailsOf, filter, after, size),
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
