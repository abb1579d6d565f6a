import type { Kysely, Migration } from 'kysely';

/**
 * Renewals paid by a saved card (issue 17): a subscription keeps the Stripe customer and payment
 * method its first checkout saved, and a renewal's claim keeps the failures its cycle had before
 * it, so a renewal whose card is declined later can be put back and counted as one more failure.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('subscriptions').addColumn('stripe_customer', 'text').execute();
    await db.schema.alterTable('subscriptions').addColumn('stripe_payment_method', 'text').execute();
    await db.schema
      .alterTable('subscription_renewals')
      .addColumn('failures_before', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('subscription_renewals').dropColumn('failures_before').execute();
    await db.schema.alterTable('subscriptions').dropColumn('stripe_payment_method').execute();
    await db.schema.alterTable('subscriptions').dropColumn('stripe_customer').execute();
  },
};
