/**
 * The back office's reads of orders: the list (search, filters, keyset paging), one order with
 * everything staff see on its page, and the filtered list as CSV, read in batches so that any
 * number of orders exports in constant memory while other requests go on being served.
 */
import { minorToDecimal } from '@storefront/core';
import type { OrderPage, OrderSummary } from '@storefront/core/wire';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { decodeCursor, pageOf } from '../../platform/http/cursor.ts';
import { batchedCsvRecords } from '../../platform/http/csv.ts';
import { day } from '../../platform/http/list-search.ts';
import { exportDetails, orderListPage as page, type OrderRow } from './list-store.ts';

export const ORDER_STATUSES = ['awaiting-payment', 'paid', 'cancelled', 'refunded'] as const;

export const orderFilter = z
  .object({
    /** An order number (`12` or `#12`), or part of the customer's address or name. */
    q: z.string().trim().max(200).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    /** Placed on or after this day (UTC). */
    from: day.optional(),
    /** Placed on or before this day (UTC). */
    to: day.optional(),
    /** Orders with a line of this product. */
    productId: z.string().min(1).max(100).optional(),
  })
  .strict();
export type OrderFilter = z.infer<typeof orderFilter>;

export const orderListQuery = orderFilter.extend({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export type { OrderRow };

const fulfilmentOf = (items: number, fulfilled: number): OrderSummary['fulfilment'] =>
  fulfilled <= 0 ? 'unfulfilled' : fulfilled >= items ? 'fulfilled' : 'partial';

function summary(row: OrderRow): OrderSummary {
  const items = Number(row.items ?? 0);
  return {
    number: Number(row.order_number),
    created: Number(row.created),
    email: row.email,
    customerName: row.customer_name,
    status: row.status,
    fulfilment: fulfilmentOf(items, Number(row.fulfilled ?? 0)),
    items,
    grandTotalCents: row.grand_total_cents,
    currency: row.currency,
  };
}

/** One page of the list, newest first. */
export async function listOrders(
  db: Db,
  filter: OrderFilter,
  cursor: string | undefined,
  limit: number,
): Promise<OrderPage> {
  const after = cursor ? decodeCursor(cursor, ['number', 'string']) : undefined;
  const rows = await page(db, filter, after ? { created: after[0], id: after[1] } : undefined, limit + 1);
  const { shown, ...paging } = pageOf(rows, limit, (r) => [Number(r.created), r.id]);
  return {
    orders: shown.map(summary),
    ...paging,
  };
}

/**
 * The orders export: one row per order line, as Shopify's order export has it, so that a spreadsheet
 * can count what sold. Every row names its order (number, dates, status, customer, address, payment);
 * the order's money columns are on its first line's row only, so a column's sum is the orders' total.
 * An order without lines still has its one row.
 */
export const CSV_COLUMNS = [
  'number',
  'created',
  'status',
  'fulfilment',
  'email',
  'customer_name',
  'items',
  'grand_total',
  'currency',
  'subtotal',
  'shipping',
  'tax',
  'discount',
  'refunded',
  'payment_provider',
  'payment_reference',
  'shipping_name',
  'shipping_line1',
  'shipping_line2',
  'shipping_city',
  'shipping_state',
  'shipping_zip',
  'shipping_country',
  'line_sku',
  'line_title',
  'line_variant',
  'line_quantity',
  'line_unit_price',
  'line_total',
  'line_fulfilled',
] as const;

type CsvField = string | number | null;

interface ExportLine {
  order_id: string;
  sku: string;
  title: string;
  attributes: string;
  quantity: number;
  unit_price_cents: number;
  fulfilled: number;
}

interface ExportOrder {
  row: OrderRow;
  address: Record<string, unknown> | null;
  money: { subtotal: number; shipping: number; tax: number; discount: number; refunded: number };
  reference: string | null;
  lines: ExportLine[];
}

/** A batch of the list's orders with what the export adds: address, totals, payment and lines. */
async function exportBatch(db: Db, filter: OrderFilter, after: ExportOrder | undefined, size: number) {
  const rows = await page(
    db,
    filter,
    after && { created: Number(after.row.created), id: after.row.id },
    size,
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const { details, lines, refunds } = await exportDetails(db, ids);
  return rows.map((row): ExportOrder => {
    const detail = details.find((d) => d.id === row.id);
    return {
      row,
      address: detail?.address ? (JSON.parse(detail.address) as Record<string, unknown>) : null,
      money: {
        subtotal: Number(detail?.subtotal_cents ?? 0),
        shipping: Number(detail?.shipping_cents ?? 0),
        tax: Number(detail?.tax_cents ?? 0),
        discount: Number(detail?.discount_cents ?? 0),
        refunded: Number(refunds.find((r) => r.order_id === row.id)?.cents ?? 0),
      },
      reference: detail?.payment_reference ?? null,
      lines: lines
        .filter((l) => l.order_id === row.id)
        .map((l) => ({ ...l, quantity: Number(l.quantity), fulfilled: Number(l.fulfilled ?? 0) })),
    };
  });
}

const variantText = (attributes: string): string =>
  Object.entries(JSON.parse(attributes) as Record<string, string>)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');

/** An order's rows: one per line (the first carrying the order's money), or one when it has none. */
function exportRows(order: ExportOrder): CsvField[][] {
  const s = summary(order.row);
  const decimal = (cents: number) => minorToDecimal(cents, s.currency);
  const text = (key: string) => {
    const value = order.address?.[key];
    return typeof value === 'string' ? value : '';
  };
  const named: CsvField[] = [
    s.number,
    new Date(s.created).toISOString(),
    s.status,
    s.fulfilment,
    s.email,
    s.customerName,
    s.items,
  ];
  const money: CsvField[] = [
    decimal(s.grandTotalCents),
    s.currency,
    decimal(order.money.subtotal),
    decimal(order.money.shipping),
    decimal(order.money.tax),
    decimal(order.money.discount),
    decimal(order.money.refunded),
  ];
  const noMoney: CsvField[] = ['', s.currency, '', '', '', '', ''];
  const rest: CsvField[] = [
    order.row.payment_provider,
    order.reference,
    order.address ? s.customerName : '',
    text('line1'),
    text('line2'),
    text('city'),
    text('state'),
    text('zip'),
    text('country'),
  ];
  if (order.lines.length === 0) return [[...named, ...money, ...rest, '', '', '', '', '', '', '']];
  return order.lines.map((line, i) => [
    ...named,
    ...(i === 0 ? money : noMoney),
    ...rest,
    line.sku,
    line.title,
    variantText(line.attributes),
    line.quantity,
    decimal(line.unit_price_cents),
    decimal(line.unit_price_cents * line.quantity),
    line.fulfilled,
  ]);
}

/**
 * The filtered list as CSV, a batch of orders at a time (keyset paging: each batch is a few indexed
 * queries, and no more than one batch is in memory). The event loop gets a turn between batches.
 */
export function ordersCsv(db: Db, filter: OrderFilter): AsyncGenerator<string> {
  return batchedCsvRecords(
    CSV_COLUMNS,
    (after: ExportOrder | undefined, size) => exportBatch(db, filter, after, size),
    exportRows,
  );
}
