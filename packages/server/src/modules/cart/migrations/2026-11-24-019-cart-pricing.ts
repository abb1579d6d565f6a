import type { Kysely, Migration } from 'kysely';

/**
 * What the shopper chose for a cart's pricing (issue 17): the discount code typed (as typed), the
 * shipping location of the estimate (JSON `{ country, region, postalCode }`) and the chosen
 * shipping option's id. The amounts themselves are computed on every read, never stored here.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('carts').addColumn('coupon_code', 'text').execute();
    await db.schema.alterTable('carts').addColumn('shipping_location', 'text').execute();
    await db.schema.alterTable('carts').addColumn('shipping_option', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('carts').dropColumn('shipping_option').execute();
    await db.schema.alterTable('carts').dropColumn('shipping_location').execute();
    await db.schema.alterTable('carts').dropColumn('coupon_code').execute();
  },
};
