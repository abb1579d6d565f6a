/**
 * The back office's landing screen: today's and this week's orders, revenue (paid orders only; what
 * unpaid orders would bring is shown apart), visitors and
 * conversion (orders per visitor), the variants low on stock and the restock sign-ups waiting to be
 * sent. Each part is answered only to a member whose permissions cover it (orders.read,
 * reports.read, stock.manage); days are UTC, and a week starts on Monday.
 */
import type { DashboardAnswer } from '@storefront/core/wire';
import { sql } from 'kysely';
import type { Db } from '../platform/db/index.ts';
import {
  availableVariantIds,
  LOW_STOCK,
  lowStockVariants,
  variantAttributes,
} from '../modules/catalogue/index.ts';

const DAY = 86_400_000;

/** The start of today and of this week (Monday), UTC. */
export function periodStarts(now: number): { today: number; week: number } {
  const today = Math.floor(now / DAY) * DAY;
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  return { today, week: today - sinceMonday * DAY };
}

type Amounts = { currency: string; cents: number }[];

interface Sales {
  orders: number;
  /** What paid orders brought in, per currency: money actually received. */
  revenue: Amounts;
  /** What orders still awaiting payment would bring, per currency: promised, not received. */
  unpaid: Amounts;
}

async function salesSince(db: Db, from: number): Promise<Sales> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'currency',
      sql<number | string>`count(*)`.as('n'),
      sql<number | string>`sum(case when status = 'paid' then grand_total_cents else 0 end)`.as('paid'),
      sql<number | string>`sum(case when status = 'awaiting-payment' then grand_total_cents else 0 end)`.as(
        'unpaid',
      ),
    ])
    .where('created', '>=', from)
    .groupBy('currency')
    .execute();
  const amounts = (cents: (row: (typeof rows)[number]) => unknown): Amounts =>
    rows.map((r) => ({ currency: r.currency, cents: Number(cents(r) ?? 0) })).filter((r) => r.cents > 0);
  return {
    orders: rows.reduce((n, r) => n + Number(r.n), 0),
    revenue: amounts((r) => r.paid),
    unpaid: amounts((r) => r.unpaid),
  };
}

/** Distinct visitors of the storefront (back-office pages left out) since `from`. */
async function visitorsSince(db: Db, from: number): Promise<number> {
  const row = await db
    .selectFrom('telemetry_hits')
    .select(sql<number | string>`count(distinct visitor_id)`.as('n'))
    .where('kind', '=', 'page-view')
    .where('is_config', '=', 0)
    .where('created', '>=', from)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function lowStock(db: Db) {
  const rows = await lowStockVariants(db, LOW_STOCK, 10);
  return rows.map((r) => ({
    variantId: r.id,
    productId: r.item_id,
    productTitle: r.title,
    sku: r.sku,
    attributes: variantAttributes(r.data),
    qtyInStock: Number(r.qty_in_stock),
  }));
}

/** Sign-ups not mailed yet, and how many of them wait for a variant that is back in stock. */
async function restockWaiting(db: Db) {
  const rows = await db
    .selectFrom('restock_signups')
    .select((eb) => [
      eb.ref('variant_id').$castTo<string>().as('variant_id'),
      eb.fn.countAll<number | string>().as('waiting'),
    ])
    .where('notified_at', 'is', null)
    .groupBy('variant_id')
    .execute();
  const available = await availableVariantIds(
    db,
    rows.map((row) => row.variant_id),
  );
  let waiting = 0;
  let readyToSend = 0;
  for (const row of rows) {
    waiting += Number(row.waiting);
    if (available.has(row.variant_id)) readyToSend += Number(row.waiting);
  }
  return { waiting, readyToSend };
}

export interface DashboardAccess {
  orders: boolean;
  reports: boolean;
  stock: boolean;
}

/** The dashboard's figures, the parts the member may see only. */
export async function dashboard(db: Db, access: DashboardAccess, now: number): Promise<DashboardAnswer> {
  const starts = periodStarts(now);
  const period = async (from: number) => {
    const sales = await salesSince(db, from);
    const visitors = access.reports ? await visitorsSince(db, from) : 0;
    return {
      ...(access.orders ? sales : {}),
      ...(access.reports
        ? {
            visitors,
            conversion: visitors > 0 ? Math.round((sales.orders / visitors) * 10_000) / 10_000 : null,
          }
        : {}),
    };
  };
  return {
    today: await period(starts.today),
    week: await period(starts.week),
    ...(access.stock ? { lowStock: await lowStock(db), restock: await restockWaiting(db) } : {}),
  };
}
