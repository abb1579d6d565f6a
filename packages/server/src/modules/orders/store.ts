/**
 * The orders' tables (tables.ts): the only code that reads or writes them. Placed orders for the
 * confirmation and download pages and a customer's account (issue 14); placing, paying, releasing
 * and staff's actions write through here, in the caller's transaction.
 */
import { randomUUID } from 'node:crypto';
import { centsToMoney, type Customer } from '@storefront/core';
import type { Order } from '@storefront/core/wire';
type Trx = Transaction<OrderTables>;
/** Reads run on the database or in a caller's transaction (which Kysely does not count as one). */
type Db = Kysely<OrderTables> | Trx;
import type { TablesHandle } from '../../platform/db/index.ts';
import type { OrderLinesTable, OrdersTable, OrderTables } from './tables.ts';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';

/** Whether the order's money has been received: its downloads answer, its gift cards exist (issue 27). */
export const isPaid = (status: string): boolean => status === 'paid';

/** Whether the order may still be paid: its pages say what it hands out on payment (issue 27). */
export const awaitsPayment = (status: string): boolean => status === 'awaiting-payment';

/** An order with its lines, or undefined. */
export async function readOrder(db: Db, orderId: string): Promise<Order | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(orderId)) return undefined;
  const row = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row) return undefined;
  const lines = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  return {
    id: row.id,
    orderNumber: Number(row.order_number),
    created: Number(row.created),
    status: row.status,
    kind: row.kind,
    email: row.email,
    customerName: row.customer_name,
    address: row.address ? (JSON.parse(row.address) as Customer['address']) : null,
    currency: row.currency,
    subtotalCents: row.subtotal_cents,
    taxCents: row.tax_cents,
    shippingCents: row.shipping_cents,
    discountCents: row.discount_cents,
    grandTotalCents: row.grand_total_cents,
    grandTotal: centsToMoney(row.grand_total_cents, row.currency),
    paymentProvider: row.payment_provider,
    paymentReference: row.payment_reference,
    cartId: row.cart_id,
    extra: row.extra ? (JSON.parse(row.extra) as Record<string, unknown>) : null,
    lines: lines.map((l) => ({
      id: l.id,
      itemId: l.item_id,
      sku: l.sku,
      title: l.title,
      quantity: l.quantity,
      unitPriceCents: l.unit_price_cents,
      productType: l.product_type,
      attributes: JSON.parse(l.attributes) as Record<string, string>,
      additionalFields: l.additional_fields,
      downloadUrl: l.download_url,
    })),
  };
}

/** One row of a customer's order list. */
export interface OrderSummary {
  orderNumber: number;
  created: number;
  status: string;
  grandTotalCents: number;
  currency: string;
}

/** A page of the customer's orders, newest first, and whether there are more. */
export async function accountOrders(
  db: Db,
  accountId: string,
  page: { offset: number; limit: number },
): Promise<{ orders: OrderSummary[]; more: boolean }> {
  const rows = await accountOrderRows(db, accountId, page);
  return { orders: rows.slice(0, page.limit), more: rows.length > page.limit };
}

/**
 * Up to `limit + 1` of the customer's orders, newest first, from `offset` or (keyset paging, for
 * http/cursor.ts `pageOf`) below order number `before`.
 */
export async function accountOrderRows(
  db: Db,
  accountId: string,
  page: { offset?: number; before?: number | undefined; limit: number },
): Promise<OrderSummary[]> {
  let query = db
    .selectFrom('orders')
    .select(['order_number', 'created', 'status', 'grand_total_cents', 'currency'])
    .where('account_id', '=', accountId);
  if (page.before !== undefined) query = query.where('order_number', '<', page.before);
  const rows = await query
    .orderBy('order_number', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset ?? 0)
    .execute();
  return rows.map((r) => ({
    orderNumber: Number(r.order_number),
    created: Number(r.created),
    status: r.status,
    grandTotalCents: r.grand_total_cents,
    currency: r.currency,
  }));
}

/** The customer's order of that number; undefined when there is none or it is someone else's. */
export async function accountOrder(
  db: Db,
  accountId: string,
  orderNumber: number,
): Promise<Order | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('order_number', '=', orderNumber)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ? readOrder(db, row.id) : undefined;
}

/** The number of each order named (unknown ids are left out): one statement, whatever the count. */
export async function orderNumbersByIds(
  db: TablesHandle<OrderTables>,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('orders').select(['id', 'order_number']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, Number(r.order_number)]));
}

/**
 * Renewal orders whose payment failed, by id after `afterOrderId`, `limit` of them (keyset paging:
 * only failures are read, never every renewal).
 */
export async function failedRenewalOrderIds(
  db: TablesHandle<OrderTables>,
  afterOrderId: string | undefined,
  limit: number,
): Promise<string[]> {
  let query = db
    .selectFrom('orders')
    .select('id')
    .where('kind', '=', 'renewal')
    .where('status', '=', 'payment-failed');
  if (afterOrderId !== undefined) query = query.where('id', '>', afterOrderId);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The detail JSON of the order's first event of that kind, or undefined. */
export async function orderEventDetail(
  db: TablesHandle<OrderTables>,
  orderId: string,
  kind: string,
): Promise<string | null | undefined> {
  const event = await db
    .selectFrom('order_events')
    .select('detail')
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return event?.detail;
}

/** Whom an order is from and its lines (in order), as a review request shows them; undefined for an unknown id. */
export async function orderToReview(
  db: TablesHandle<OrderTables>,
  orderId: string,
): Promise<
  | {
      orderNumber: number;
      customerName: string;
      email: string;
      lines: { id: string; itemId: string; title: string }[];
    }
  | undefined
> {
  const order = await db
    .selectFrom('orders')
    .select(['order_number', 'customer_name', 'email'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const lines = await db
    .selectFrom('order_lines')
    .select(['id', 'item_id', 'title'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  return {
    orderNumber: Number(order.order_number),
    customerName: order.customer_name,
    email: order.email,
    lines: lines.map((l) => ({ id: l.id, itemId: l.item_id, title: l.title })),
  };
}

// ------------------------------------------------------------------ placing

/** The next order number: a row lock hands numbers out without gaps or repeats. */
export async function nextOrderNumber(trx: Trx): Promise<number> {
  const counter = await trx
    .updateTable('order_counter')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('id', '=', 'orders')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(counter.value);
}

/** Stores a placed order with its lines (in their order). */
export async function insertOrder(
  trx: Trx,
  order: Insertable<OrdersTable>,
  lines: readonly Omit<Insertable<OrderLinesTable>, 'order_id' | 'position'>[],
): Promise<void> {
  await trx.insertInto('orders').values(order).execute();
  await trx
    .insertInto('order_lines')
    .values(lines.map((line, i) => ({ ...line, order_id: order.id, position: i + 1 })))
    .execute();
}

/** Records the provider's answer on an order still awaiting payment (its webhook may have settled it). */
export async function recordPaymentAnswer(
  db: Db,
  orderId: string,
  answer: { status: string; reference: string | null },
  awaitingStatus: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: answer.status, payment_reference: answer.reference })
    .where('id', '=', orderId)
    .where('status', '=', awaitingStatus)
    .execute();
}

// ------------------------------------------------------------------ status changes

/**
 * Moves an order from `from` to `status` (and records `reference`) when it is still `from` and,
 * when given, still has `whereReference` (null: none yet); true when this call moved it.
 */
export async function moveOrderStatus(
  trx: Trx,
  orderId: string,
  move: {
    from: string;
    status: string;
    reference?: string | null | undefined;
    whereReference?: string | null | undefined;
  },
): Promise<boolean> {
  let update = trx
    .updateTable('orders')
    .set({
      status: move.status,
      ...(move.reference !== undefined ? { payment_reference: move.reference } : {}),
    })
    .where('id', '=', orderId)
    .where('status', '=', move.from);
  if (move.whereReference === null) update = update.where('payment_reference', 'is', null);
  else if (move.whereReference !== undefined)
    update = update.where('payment_reference', '=', move.whereReference);
  const changed = await update.executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/** Sets the order's status whatever it was (staff's actions, which hold the order's lock). */
export async function setOrderStatus(
  trx: Trx,
  orderId: string,
  status: string,
  reference?: string | undefined,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status, ...(reference ? { payment_reference: reference } : {}) })
    .where('id', '=', orderId)
    .execute();
}

/** What a payment provider's event checks an order against. */
export async function orderPaymentFacts(trx: Db, orderId: string) {
  return trx
    .selectFrom('orders')
    .select(['kind', 'currency', 'payment_reference'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

// ------------------------------------------------------------------ timeline

/** One line of the order's history; `actor` is the staff member, none when the shop did it. */
export async function insertOrderEvent(
  trx: Trx,
  orderId: string,
  kind: string,
  detail: Record<string, unknown> | undefined,
  actor?: { id: string; email: string | null },
): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({
      id: randomUUID(),
      order_id: orderId,
      created: Date.now(),
      kind,
      actor_id: actor?.id ?? null,
      actor_email: actor?.email ?? null,
      detail: detail ? JSON.stringify(detail) : null,
    })
    .execute();
}

/** The order's history line (the back office timeline): made by the shop, not a staff member. */
export const orderEvent = (trx: Trx, orderId: string, kind: string, detail: Record<string, unknown>) =>
  insertOrderEvent(trx, orderId, kind, detail);

/** The details of the order's events of one kind, newest first. */
export async function eventDetails(db: Db, orderId: string, kind: string): Promise<(string | null)[]> {
  const rows = await db
    .selectFrom('order_events')
    .select('detail')
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .orderBy('created', 'desc')
    .execute();
  return rows.map((r) => r.detail);
}

// ------------------------------------------------------------------ lines

/** The lines whose stock goes back when the order is released or cancelled, in their order. */
export function stockLinesOf(db: Db, orderId: string) {
  return db
    .selectFrom('order_lines')
    .select(['variant_id', 'quantity', 'product_type'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
}

/** Everything of the order's lines, in their order. */
export function orderLines(db: Db, orderId: string) {
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
}

/** The order's digital lines' download links, in their order. */
export function downloadLinesOf(db: Db, orderId: string) {
  return db
    .selectFrom('order_lines')
    .select(['title', 'download_url'])
    .where('order_id', '=', orderId)
    .where('download_url', 'is not', null)
    .orderBy('position')
    .execute();
}

/** The order's gift card lines: what its cards were bought for. */
export function giftCardLinesOf(db: Db, orderId: string, giftCardType: number) {
  return db
    .selectFrom('order_lines')
    .select(['unit_price_cents', 'quantity'])
    .where('order_id', '=', orderId)
    .where('product_type', '=', giftCardType)
    .execute();
}

// ------------------------------------------------------------------ staff's actions

/** The order of that number, every column. */
export function orderByNumber(db: Db, number: number) {
  return db.selectFrom('orders').selectAll().where('order_number', '=', number).executeTakeFirst();
}

export type OrderRecord = NonNullable<Awaited<ReturnType<typeof orderByNumber>>>;

/** The order of that number, every column, by id. */
export function orderById(db: Db, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/**
 * Locks the order's row for the transaction (an UPDATE that changes nothing: a row lock on
 * PostgreSQL, the write lock on SQLite); false when there is no such order.
 */
export async function lockOrder(trx: Trx, number: number): Promise<boolean> {
  const locked = await trx
    .updateTable('orders')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('order_number', '=', number)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}

/** What has shipped of the order's lines, by fulfilment. */
export function shippedLines(db: Db, orderId: string) {
  return db
    .selectFrom('order_fulfilment_lines')
    .select(['fulfilment_id', 'line_id', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
}

/** A shipment of some of the order's lines. */
export async function insertFulfilment(
  trx: Trx,
  fulfilment: { id: string; orderId: string; trackingNumber: string | null; trackingUrl: string | null },
  lines: readonly { lineId: string; quantity: number }[],
): Promise<void> {
  await trx
    .insertInto('order_fulfilments')
    .values({
      id: fulfilment.id,
      order_id: fulfilment.orderId,
      created: Date.now(),
      tracking_number: fulfilment.trackingNumber,
      tracking_url: fulfilment.trackingUrl,
    })
    .execute();
  await trx
    .insertInto('order_fulfilment_lines')
    .values(
      lines.map((w) => ({
        fulfilment_id: fulfilment.id,
        order_id: fulfilment.orderId,
        line_id: w.lineId,
        quantity: w.quantity,
      })),
    )
    .execute();
}

/** Everything the order's page shows of its own tables (admin-actions.ts `orderDetail`). */
export async function orderPageRows(db: Db, orderId: string) {
  const [lines, shipped, fulfilments, refunds, events] = await Promise.all([
    orderLines(db, orderId),
    shippedLines(db, orderId),
    db
      .selectFrom('order_fulfilments')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created')
      .orderBy('id')
      .execute(),
    db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).orderBy('created').execute(),
    db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created')
      .orderBy('id')
      .execute(),
  ]);
  return { lines, shipped, fulfilments, refunds, events };
}

// ------------------------------------------------------------------ for other modules

/** A deleted account's orders stay (the shop's books) but no longer say who placed them. */
export async function forgetAccountOrders(trx: Trx, accountId: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ account_id: null, email: '', customer_name: '', address: null })
    .where('account_id', '=', accountId)
    .execute();
}

/** The order numbers of these orders (one statement), by order id; unknown ids are left out. */
export async function orderNumbersOf(db: Db, orderIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('orders').select(['id', 'order_number']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, Number(r.order_number)]));
}

/** Who placed the order and its number, or undefined. */
export function orderContact(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['order_number', 'customer_name', 'email'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** Orders placed since `from`, per currency: their count, what paid ones brought and what unpaid ones would. */
export function salesSince(db: Db, from: number) {
  return db
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
}

/** Whether the store has taken at least one order (a currency change then asks to be confirmed). */
export async function anyOrder(db: TablesHandle<OrderTables>): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
