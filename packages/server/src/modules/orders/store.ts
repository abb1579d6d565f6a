/**
 * Reading placed orders (checkout's tables): the confirmation and download pages, and a customer's
 * own orders in their account (issue 14), which may read orders but not import checkout.
 */
import { centsToMoney, type Customer } from '@storefront/core';
import type { Order } from '@storefront/core/wire';
import type { Db } from '../../platform/db/index.ts';

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

/** An order's lines as far as giving back their stock goes, in line order. */
export async function orderStockLines(
  db: Db,
  orderId: string,
): Promise<{ variant_id: string; quantity: number; product_type: number }[]> {
  return db
    .selectFrom('order_lines')
    .select(['variant_id', 'quantity', 'product_type'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
}
