/**
 * Telemetry's storage, the only code touching its tables: one insert per call, whatever it carries
 * (spec section 7, issue 8), with
 * the secrets of every address in it redacted first (a reset link as a referrer, a manage page's
 * address in a script error: http/secret-urls.ts, issue 27).
 */
import type { TablesHandle } from '../../platform/db/index.ts';
import { randomUUID } from 'node:crypto';
import { isConfigPath, parseVisitorRecord } from '@storefront/core';
import type { z } from 'zod';
import { sql } from 'kysely';
import { redactSecrets, redactSecretsDeep } from '../../platform/http/secret-urls.ts';
import type { errorsBody, performanceBody } from './schemas.ts';
import type { TelemetryTables } from './tables.ts';

/** Runs on the database or inside a transaction. */
type TelemetryDb = TablesHandle<TelemetryTables>;

export interface Hit {
  kind: string;
  event?: string;
  path?: string | undefined;
  pageType?: number | undefined;
  target?: string | undefined;
  /** The visitor record cookie (`ss_cvr`). */
  ssCvr?: string | undefined;
  newVisit?: boolean;
  data: unknown;
}

export async function storeHit(db: TelemetryDb, hit: Hit, now: number): Promise<void> {
  const visitor = parseVisitorRecord(hit.ssCvr);
  const path = redactSecrets(hit.path ?? '');
  await db
    .insertInto('telemetry_hits')
    .values({
      id: randomUUID(),
      created: now,
      kind: hit.kind,
      event: hit.event ?? '',
      visitor_id: visitor?.id ?? null,
      visit_count: visitor?.visitCount ?? null,
      new_visit: hit.newVisit ? 1 : 0,
      path,
      page_type: hit.pageType ?? null,
      is_config: isConfigPath(path) ? 1 : 0,
      target: redactSecrets(hit.target ?? ''),
      data: JSON.stringify(redactSecretsDeep(hit.data)),
    })
    .execute();
}

export async function storeEvent(
  db: TelemetryDb,
  event: { source: string; name: string; cartId: string | null; data: Record<string, unknown> },
  now: number,
): Promise<void> {
  await db
    .insertInto('telemetry_events')
    .values({
      id: randomUUID(),
      created: now,
      source: event.source,
      name: event.name,
      cart_id: event.cartId,
      data: JSON.stringify(redactSecretsDeep(event.data)),
    })
    .execute();
}

export async function storeErrors(
  db: TelemetryDb,
  events: z.output<typeof errorsBody>,
  now: number,
): Promise<void> {
  await db
    .insertInto('telemetry_errors')
    .values(
      redactSecretsDeep(events).map((e) => ({
        id: randomUUID(),
        created: now,
        client_timestamp: e.timestamp,
        event: e.event,
        app: e.data.app,
        message: e.data.message,
        stack: e.data.stack,
        file: e.data.file,
        line: e.data.line,
        col: e.data.column,
        url: e.data.url,
        user_agent: e.data.userAgent,
        website_id: e.data.websiteId,
        data: JSON.stringify({ custom: e.data.custom, templateId: e.data.templateId }),
      })),
    )
    .execute();
}

export async function storePerformance(
  db: TelemetryDb,
  records: z.output<typeof performanceBody>,
  now: number,
): Promise<void> {
  await db
    .insertInto('telemetry_performance')
    .values(
      redactSecretsDeep(records).map((r) => {
        const { pageType, path, ...context } = r.data.context;
        return {
          id: randomUUID(),
          created: now,
          client_timestamp: r.timestamp,
          page_load_id: r.pageLoadId,
          app: r.app,
          event: r.event,
          page_type: pageType,
          path: path ?? '',
          metrics: JSON.stringify(r.data.metrics),
          context: JSON.stringify(context),
        };
      }),
    )
    .execute();
}

// ------------------------------------------------------------------ the owner's reads, each over `[from, to)` in epoch ms

export const pageViewsBetween = (db: TelemetryDb, from: number, to: number) =>
  db
    .selectFrom('telemetry_hits')
    .select(['created', 'path', 'visitor_id', 'visit_count', 'is_config'])
    .where('kind', '=', 'page-view')
    .where('created', '>=', from)
    .where('created', '<', to)
    .execute();

export const buttonClicksBetween = (db: TelemetryDb, from: number, to: number) =>
  db
    .selectFrom('telemetry_hits')
    .select(['target', sql<number | string>`count(*)`.as('n')])
    .where('kind', '=', 'button-click')
    .where('created', '>=', from)
    .where('created', '<', to)
    .groupBy('target')
    .execute();

export const eventsBetween = (db: TelemetryDb, names: readonly string[], from: number, to: number) =>
  db
    .selectFrom('telemetry_events')
    .select(['name', 'cart_id'])
    .where('name', 'in', names)
    .where('created', '>=', from)
    .where('created', '<', to)
    .execute();

/** Newest first. */
export const errorsBetween = (db: TelemetryDb, from: number, to: number) =>
  db
    .selectFrom('telemetry_errors')
    .select(['message', 'created', 'stack', 'url'])
    .where('created', '>=', from)
    .where('created', '<', to)
    .orderBy('created', 'desc')
    .execute();

export const performanceBetween = (db: TelemetryDb, from: number, to: number) =>
  db
    .selectFrom('telemetry_performance')
    .select(['page_type', 'metrics'])
    .where('created', '>=', from)
    .where('created', '<', to)
    .execute();

/** Distinct visitors of the storefront (back-office pages left out) since `from`. */
export async function visitorsSince(db: TelemetryDb, from: number): Promise<number> {
  const row = await db
    .selectFrom('telemetry_hits')
    .select(sql<number | string>`count(distinct visitor_id)`.as('n'))
    .where('kind', '=', 'page-view')
    .where('is_config', '=', 0)
    .where('created', '>=', from)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
