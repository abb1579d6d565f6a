/**
 * The back office's order list and export queries (admin-orders.ts gives them their shape): filters,
 * keyset paging, and what the export adds to a batch of orders.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { OrderTables } from './tables.ts';
import { dayEnd, dayStart, likePattern } from '../../platform/http/list-search.ts';

type OrdersQuery = SelectQueryBuilder<OrderTables, 'orders', object>;

/** The list's filters (admin-orders.ts `orderFilter`). */
export interface OrderListFilter {
  q?: string | undefined;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  productId?: string | undefined;
}

/** Where the next page starts: the last row's (created, id), newest first. */
interface Position {
  created: number;
  id: string;
}

function filtered(query: OrdersQuery, filter: OrderListFilter): OrdersQuery {
  let q = query;
  const text = filter.q?.replace(/^#/, '') ?? '';
  if (/^\d{1,9}$/.test(text)) q = q.where('orders.order_number', '=', Number(text));
  else if (text) {
    const pattern = likePattern(text);
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(orders.email)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(orders.customer_name)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (filter.status) q = q.where('orders.status', '=', filter.status);
  if (filter.from) q = q.where('orders.created', '>=', dayStart(filter.from));
  if (filter.to) q = q.where('orders.created', '<', dayEnd(filter.to));
  if (filter.productId) {
    const productId = filter.productId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_lines')
          .select('order_lines.id')
          .whereRef('order_lines.order_id', '=', 'orders.id')
          .where('order_lines.item_id', '=', productId),
      ),
    );
  }
  return q;
}

export function orderListPage(
  db: Kysely<OrderTables>,
  filter: OrderListFilter,
  after: Position | undefined,
  limit: number,
) {
  let q = filtered(db.selectFrom('orders'), filter);
  // A row-value comparison: both databases walk the (created, id) index from the cursor on.
  if (after)
    q = q.where((eb) =>
      eb(eb.refTuple('orders.created', 'orders.id'), '<', eb.tuple(after.created, after.id)),
    );
  return q
    .select([
      'orders.id',
      'orders.order_number',
      'orders.created',
      'orders.email',
      'orders.customer_name',
      'orders.status',
      'orders.grand_total_cents',
      'orders.currency',
      'orders.payment_provider',
      (eb) =>
        eb
          .selectFrom('order_lines')
          .select((l) => l.fn.coalesce(l.fn.sum<number>('quantity'), sql<number>`0`).as('n'))
          .whereRef('order_lines.order_id', '=', 'orders.id')
          .as('items'),
      (eb) =>
        eb
          .selectFrom('order_fulfilment_lines')
          .select((l) => l.fn.coalesce(l.fn.sum<number>('quantity'), sql<number>`0`).as('n'))
          .whereRef('order_fulfilment_lines.order_id', '=', 'orders.id')
          .as('fulfilled'),
    ])
    .orderBy('orders.created', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
}

export type OrderRow = Awaited<ReturnType<typeof orderListPage>>[number];

/** What the export adds to a batch of orders: their address, money, reference, lines and refunds. */
export async function exportDetails(db: Kysely<OrderTables>, ids: readonly string[]) {
  const [details, lines, refunds] = await Promise.all([
    db
      .selectFrom('orders')
      .select([
        'id',
        'address',
        'subtotal_cents',
        'shipping_cents',
        'tax_cents',
        'discount_cents',
        'payment_reference',
      ])
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('order_lines')
      .select([
        'order_lines.order_id',
        'order_lines.sku',
        'order_lines.title',
        'order_lines.attributes',
        'order_lines.quantity',
        'order_lines.unit_price_cents',
        (eb) =>
          eb
            .selectFrom('order_fulfilment_lines')
            .select((l) => l.fn.coalesce(l.fn.sum<number>('quantity'), sql<number>`0`).as('n'))
            .whereRef('order_fulfilment_lines.line_id', '=', 'order_lines.id')
            .as('fulfilled'),
      ])
      .where('order_lines.order_id', 'in', ids)
      .orderBy('order_lines.order_id')
      .orderBy('order_lines.position')
      .execute(),
    db
      .selectFrom('order_refunds')
      .select(['order_id', (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
      .where('order_id', 'in', ids)
      .groupBy('order_id')
      .execute(),
  ]);
  return { details, lines, refunds };
}
