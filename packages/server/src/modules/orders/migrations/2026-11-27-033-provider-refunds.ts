import type { Kysely, Migration } from 'kysely';

/**
 * Refunds through the payment provider (issue 27): a refund is pending until the provider's signed
 * webhook says it is done (or failed); it keeps the part a gift card took back, the part the provider
 * (or staff, by hand) gives back, the lines and quantities it refunded, and whether they were put
 * back in stock. Rows written before this keep the defaults of a refund recorded done at once.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const add = (column: string, type: 'text' | 'integer', notNullDefault?: string | number) =>
      db.schema
        .alterTable('order_refunds')
        .addColumn(column, type, (c) =>
          notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault),
        )
        .execute();
    await add('status', 'text', 'succeeded');
    await add('gift_card_cents', 'integer', 0);
    await add('provider_cents', 'integer', 0);
    await add('provider', 'text', 'manual');
    await add('provider_payment_id', 'text');
    await add('provider_refund_id', 'text');
    await add('lines', 'text');
    await add('restocked', 'integer', 0);
    await db.schema
      .createIndex('order_refunds_provider_refund_idx')
      .on('order_refunds')
      .column('provider_refund_id')
      .execute();
    await db.schema
      .createIndex('order_refunds_provider_payment_idx')
      .on('order_refunds')
      .column('provider_payment_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('order_refunds_provider_payment_idx').execute();
    await db.schema.dropIndex('order_refunds_provider_refund_idx').execute();
    for (const column of [
      'restocked',
      'lines',
      'provider_refund_id',
      'provider_payment_id',
      'provider',
      'provider_cents',
      'gift_card_cents',
      'status',
    ])
      await db.schema.alterTable('order_refunds').dropColumn(column).execute();
  },
};
