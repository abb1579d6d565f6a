import type { ColumnType } from 'kysely';

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
