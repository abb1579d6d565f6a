import type { Kysely, Migration } from 'kysely';

/**
 * Issue 28, rules in core. What one unit of a variant costs a shopper, as core's `variantUnitPrice` says (the sale
 * price while on sale; a digital product's own price), written by content sync so that a list sorted
 * by price orders products by the price their pages, the cart and the order show. Rows written before
 * this hold 0 until the next content sync rewrites them (it compares the column). And the time zone
 * a subscription's billing dates are counted in (the site's when it started); subscriptions started
 * before this keep the UTC dates they were given.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('variants')
      .addColumn('unit_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('subscriptions')
      .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('subscriptions').dropColumn('time_zone').execute();
    await db.schema.alterTable('variants').dropColumn('unit_price_cents').execute();
  },
};
