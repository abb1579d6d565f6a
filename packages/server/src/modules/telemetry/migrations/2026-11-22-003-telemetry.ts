import type { Kysely, Migration } from 'kysely';

/**
 * Telemetry: census hits, events, client errors, performance records (issue 8).
 * Released: frozen. Portable types only, and no import of the current row types: this is the
 * schema as it was shipped, whatever the tables look like later.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('telemetry_hits')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('visitor_id', 'text')
      .addColumn('visit_count', 'integer')
      .addColumn('new_visit', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('page_type', 'integer')
      .addColumn('is_config', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('telemetry_hits_created_idx')
      .on('telemetry_hits')
      .columns(['created', 'kind'])
      .execute();

    await db.schema
      .createTable('telemetry_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('cart_id', 'text')
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('telemetry_events_created_idx')
      .on('telemetry_events')
      .columns(['created', 'name'])
      .execute();

    await db.schema
      .createTable('telemetry_errors')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('client_timestamp', 'bigint', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('app', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('stack', 'text', (c) => c.notNull())
      .addColumn('file', 'text', (c) => c.notNull())
      .addColumn('line', 'integer', (c) => c.notNull())
      .addColumn('col', 'integer', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('telemetry_errors_created_idx')
      .on('telemetry_errors')
      .columns(['created'])
      .execute();

    await db.schema
      .createTable('telemetry_performance')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('client_timestamp', 'bigint', (c) => c.notNull())
      .addColumn('page_load_id', 'text', (c) => c.notNull())
      .addColumn('app', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('page_type', 'integer')
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('metrics', 'text', (c) => c.notNull())
      .addColumn('context', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('telemetry_performance_created_idx')
      .on('telemetry_performance')
      .columns(['created'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['telemetry_performance', 'telemetry_errors', 'telemetry_events', 'telemetry_hits'])
      await db.schema.dropTable(t).ifExists().execute();
  },
};
