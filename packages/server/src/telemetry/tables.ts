import type { ColumnType, Kysely, Migration } from 'kysely';

/**
 * The telemetry tables (issue 8). Portable column types only: times are epoch milliseconds
 * (PostgreSQL returns bigint as a string: read them with `Number`); payloads are JSON text.
 */
type Millis = ColumnType<number | string, number, number>;

/** Census calls: page views (`RecordHit`), button clicks and renders, form renders, overlays, quick views. */
export interface TelemetryHitsTable {
  id: string;
  created: Millis;
  /** 'page-view', 'button-click', 'button-render', 'form-render', 'overlay', 'quick-view'. */
  kind: string;
  /** The event name sent with a RecordHit ('' for the other census calls). */
  event: string;
  visitor_id: string | null;
  /** The visit count of the visitor record sent with the hit. */
  visit_count: number | null;
  /** 1 when the hit opened a new visit (first landing or a new session). */
  new_visit: number;
  path: string;
  page_type: number | null;
  /** 1 for paths under /config. */
  is_config: number;
  /** The button label, form id, overlay id or quick-view item id; '' when none. */
  target: string;
  data: string;
}

/** `RecordEvent` and clanker events (commerce events among them). */
export interface TelemetryEventsTable {
  id: string;
  created: Millis;
  /** 'record-event' or 'clanker'. */
  source: string;
  name: string;
  cart_id: string | null;
  data: string;
}

export interface TelemetryErrorsTable {
  id: string;
  created: Millis;
  client_timestamp: Millis;
  event: string;
  app: string;
  message: string;
  stack: string;
  file: string;
  line: number;
  col: number;
  url: string;
  user_agent: string;
  website_id: string;
  data: string;
}

export interface TelemetryPerformanceTable {
  id: string;
  created: Millis;
  client_timestamp: Millis;
  page_load_id: string;
  app: string;
  event: string;
  page_type: number | null;
  path: string;
  /** JSON: metric name -> number. */
  metrics: string;
  /** JSON: the record's context fields. */
  context: string;
}

export interface TelemetryTables {
  telemetry_hits: TelemetryHitsTable;
  telemetry_events: TelemetryEventsTable;
  telemetry_errors: TelemetryErrorsTable;
  telemetry_performance: TelemetryPerformanceTable;
}

export const telemetryMigration: Migration = {
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
