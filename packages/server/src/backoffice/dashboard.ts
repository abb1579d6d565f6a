/**
 * The back office's landing screen: today's and this week's orders, revenue (paid orders only; what
 * unpaid orders would bring is shown apart), visitors and
 * conversion (orders per visitor), the variants low on stock and the restock sign-ups waiting to be
 * sent. Each part is answered only to a member whose permissions cover it (orders.read,
 * reports.read, stock.manage); days are UTC, and a week starts on Monday.
 */
import type { DashboardAnswer } from '@storefront/core/wire';
import type { Db } from '../platform/db/index.ts';
import {
  variantAttributes,
  LOW_STOCK,
  availableVariantIds,
  lowStockVariants,
} from '../modules/catalogue/index.ts';
import { waitingSignUpsByVariant } from '../modules/restock/index.ts';
import { visitorsSince } from '../modules/telemetry/index.ts';
import { salesSince as orderSales } from '../modules/orders/index.ts';

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
  const rows = await orderSales(db, from);
  const amounts = (cents: (row: (typeof rows)[number]) => unknown): Amounts =>
    rows.map((r) => ({ currency: r.currency, cents: Number(cents(r) ?? 0) })).filter((r) => r.cents > 0);
  return {
    orders: rows.reduce((n, r) => n + Number(r.n), 0),
    revenue: amounts((r) => r.paid),
    unpaid: amounts((r) => r.unpaid),
  };
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
  const waiting = await waitingSignUpsByVariant(db);
  const available = await availableVariantIds(
    db,
    waiting.map((w) => w.variantId),
  );
  return {
    waiting: waiting.reduce((n, w) => n + w.waiting, 0),
    readyToSend: waiting.reduce((n, w) => n + (available.has(w.variantId) ? w.waiting : 0), 0),
  };
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
