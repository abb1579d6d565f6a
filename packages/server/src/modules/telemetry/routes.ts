/**
 * First-party telemetry over HTTP (spec section 7, issue 8):
 *
 * - `POST /api/census/RecordHit` `{ event, data (analytics payload, object or JSON string), ss_cvr? }`
 *   (JSON or form-encoded): a page view. Excluded pages (spec section 6) are answered and not stored.
 * - `POST /api/census/button-click`, `/button-render`, `/form-render`, `/overlay`,
 *   `/api/census/RecordQuickView/{id}`: `{ pagePath?, target?, label?, ... }`.
 * - `POST /api/events/RecordEvent`: JSON `{ event, data }`, or form-encoded `crumb, event, data`
 *   (data a JSON string; the crumb must match the cookie). Commerce event names must carry the
 *   section 3 fields. Answers 202.
 * - `POST /api/v1/clanker/events` `{ eventSchemaName, eventContent (JSON string) }` (JSON or
 *   form-encoded): 202. `POST /api/v1/clanker/validate-event-content/{schema}`: the content alone;
 *   200 `{ valid: true }` or 400; stores nothing.
 * - `POST /api/events/RecordJavascriptErrors`: a JSON array of `{ event, data, timestamp }` (at most
 *   10); `X-CSRF-Token` must match the crumb cookie (403, the crumb failure of http/crumb.ts). 204.
 * - `GET /api/census/settings`: `{ cookiePolicy }` ('permissive' or 'restrictive', a site setting).
 * - `GET /api/1/performance/settings`: `{ pageLoadId, rollout }` (rollout from the site settings).
 * - `POST /api/1/performance/records`: a JSON array of records, as JSON or text/plain (beacon). 204.
 *
 * Every refusal answers 400 `{ code: 'invalid-payload', message }` (http/errors.ts) and stores nothing.
 */
import { randomUUID } from 'node:crypto';
import { isTrackedPageView, type PerformanceSettings } from '@storefront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerDatabaseRateLimit } from '../../platform/http/rate-limit.ts';
import { ownerRoutes, type OwnerOptions } from './owner.ts';
import { ownerKeyDigest } from './owner-access.ts';
import { storeErrors, storeEvent, storeHit, storePerformance, type Hit } from './store.ts';
import {
  censusBody,
  clankerBody,
  commerceData,
  errorsBody,
  isCommerceEvent,
  performanceBody,
  quickViewId,
  recordEventBody,
  recordHitBody,
} from './schemas.ts';
import { crumbFailure, crumbMatches } from '../../platform/http/crumb.ts';
import { apiError, invalidInput } from '../../platform/http/errors.ts';
import {
  jsonTextBody,
  payloadSchema,
  zodValidatorCompiler,
  type ZodTypeProvider,
} from '../../platform/http/schemas.ts';

export interface TelemetryOptions {
  /** The rollout flags `GET /api/1/performance/settings` answers (site setting). */
  performanceRollout: PerformanceSettings['rollout'];
  /** Site setting `websiteSettings.cookiePolicy`: under 'restrictive' the browser tracks only after consent. */
  cookiePolicy?: CookiePolicy;
  /** The analytics API key's digest (owner-access.ts); from the environment at start when not given. */
  ownerKeyDigest?: Buffer | undefined;
  now?: () => number;
  /** Per client, over every ingest call: `max` per `windowMs` (default 1200 per minute). */
  ingestLimit?: { max: number; windowMs: number };
  /** Answers the back office's screen to staff (owner.ts: the analytics screen is the back office's). */
  staffScreen?: OwnerOptions['staffScreen'];
}

export const DEFAULT_INGEST_LIMIT = { max: 1200, windowMs: 60_000 };

export type CookiePolicy = 'permissive' | 'restrictive';

/** `websiteSettings.cookiePolicy`: 'restrictive', else permissive. */
export const cookiePolicyFromSettings = (websiteSettings: Record<string, unknown>): CookiePolicy =>
  websiteSettings.cookiePolicy === 'restrictive' ? 'restrictive' : 'permissive';

/** Default rollout: the storefront app's page speed and user timings on. */
export const DEFAULT_ROLLOUT: PerformanceSettings['rollout'] = {
  rum: true,
  apps: { storefront: true },
  pageSpeed: true,
  userTiming: true,
};

/** Reads the rollout from `websiteSettings.performanceRollout` (missing fields take the defaults). */
export function rolloutFromSettings(
  websiteSettings: Record<string, unknown>,
): PerformanceSettings['rollout'] {
  const raw = websiteSettings.performanceRollout;
  if (typeof raw !== 'object' || raw === null) return DEFAULT_ROLLOUT;
  const r = raw as Record<string, unknown>;
  const apps: Record<string, boolean> = {};
  if (typeof r.apps === 'object' && r.apps !== null)
    for (const [k, v] of Object.entries(r.apps)) apps[k] = v === true;
  return {
    rum: typeof r.rum === 'boolean' ? r.rum : DEFAULT_ROLLOUT.rum,
    apps: typeof r.apps === 'object' && r.apps !== null ? apps : DEFAULT_ROLLOUT.apps,
    pageSpeed: typeof r.pageSpeed === 'boolean' ? r.pageSpeed : DEFAULT_ROLLOUT.pageSpeed,
    userTiming: typeof r.userTiming === 'boolean' ? r.userTiming : DEFAULT_ROLLOUT.userTiming,
  };
}

/** A route's body schema: text/plain (beacon, XHR) holds JSON; a refusal is `invalid-payload`. */
const body = <T extends z.ZodType>(schema: T, options?: { asSent: boolean }) =>
  payloadSchema(jsonTextBody(schema, options));

const recordHitInput = body(recordHitBody);
const censusInput = body(censusBody);
const quickViewParams = payloadSchema(z.object({ id: quickViewId }));
const recordEventInput = body(recordEventBody);
const clankerInput = body(clankerBody);
const errorsInput = body(errorsBody);
const performanceInput = body(performanceBody);
// The content alone, checked by the handler: a missing or null body is no content, and refused.
const eventContentInput = body(z.unknown(), { asSent: true });

const isForm = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/** The signed-in customer's account id (spec section 3 `memberAccountId`), or null. */
const memberIdOf = (request: FastifyRequest): string | null =>
  request.member?.kind === 'customer' ? request.member.accountId : null;

export async function telemetryRoutes(plugin: FastifyInstance, options: TelemetryOptions): Promise<void> {
  // Its own, so the routes also stand on a bare Fastify (the telemetry tests mount them alone).
  plugin.setValidatorCompiler(zodValidatorCompiler);
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const now = options.now ?? Date.now;

  // Every ingest call writes: a client gets a budget across all of them (counters in the database,
  // shared by every instance). A refused call answers 429; the browser swallows it.
  const limit = options.ingestLimit ?? DEFAULT_INGEST_LIMIT;
  await registerDatabaseRateLimit(app, db, 'telemetry', () => apiError('telemetry-rate-limited'));
  const ingest = {
    config: {
      rateLimit: { max: limit.max, timeWindow: limit.windowMs, keyGenerator: (r: FastifyRequest) => r.ip },
    },
  };

  const hit = (row: Hit) => storeHit(db, row, now());

  app.post(
    '/api/census/RecordHit',
    { ...ingest, schema: { body: recordHitInput } },
    async (request, reply) => {
      const body = request.body;
      const data = body.data;
      // The browser applies the same rule; a hit for an excluded page is answered but not kept.
      // Signed-in staff are not counted unless their only role is viewer (spec section 6), whatever
      // the page says: the session decides.
      const staff = request.member?.kind === 'staff' ? request.member : undefined;
      const tracked = isTrackedPageView({
        path: data.pagePath,
        pageType: data.pageType ?? 0,
        signedIn: staff !== undefined,
        roles: staff?.roles ?? [],
      });
      if (!tracked) return reply.code(202).send({ stored: false });
      // The member id comes from the session, never from what the page sends.
      data.memberAccountId = memberIdOf(request);
      await hit({
        kind: 'page-view',
        event: body.event,
        path: data.pagePath,
        pageType: data.pageType,
        ssCvr: body.ss_cvr,
        newVisit: data.visit === 'new-visitor' || data.visit === 'new-session',
        data,
      });
      return reply.code(202).send({ stored: true });
    },
  );

  for (const kind of ['button-click', 'button-render', 'form-render', 'overlay'] as const) {
    app.post(`/api/census/${kind}`, { ...ingest, schema: { body: censusInput } }, async (request, reply) => {
      const body = request.body;
      await hit({
        kind,
        path: body.pagePath,
        pageType: body.pageType,
        target: body.target ?? body.label,
        ssCvr: body.ss_cvr,
        data: body,
      });
      return reply.code(202).send({ stored: true });
    });
  }

  app.post(
    '/api/census/RecordQuickView/:id',
    { ...ingest, schema: { params: quickViewParams, body: censusInput } },
    async (request, reply) => {
      const id = request.params.id;
      const body = request.body;
      await hit({
        kind: 'quick-view',
        path: body.pagePath,
        pageType: body.pageType,
        target: id,
        ssCvr: body.ss_cvr,
        data: body,
      });
      return reply.code(202).send({ stored: true });
    },
  );

  const record = async (source: string, name: string, data: Record<string, unknown>) => {
    let cartId: string | null = null;
    if (isCommerceEvent(name)) {
      // Which fields the data needs depends on the event's name: checked here, not by the route.
      const fields = commerceData.safeParse(data);
      if (!fields.success) throw invalidInput(fields.error, 'body', undefined, 'invalid-payload');
      cartId = fields.data.cart_id || null;
    }
    await storeEvent(db, { source, name, cartId, data }, now());
  };

  app.post(
    '/api/events/RecordEvent',
    { ...ingest, schema: { body: recordEventInput } },
    async (request, reply) => {
      const body = request.body;
      // The tracker's form-encoded variant carries the crumb in the body.
      if (isForm(request) && !crumbMatches(request, body.crumb)) throw crumbFailure(request);
      await record('record-event', body.event, body.data);
      return reply.code(202).send({});
    },
  );

  app.post(
    '/api/v1/clanker/events',
    { ...ingest, schema: { body: clankerInput } },
    async (request, reply) => {
      const body = request.body;
      await record('clanker', body.eventSchemaName, body.eventContent);
      return reply.code(202).send({});
    },
  );

  app.post(
    '/api/v1/clanker/validate-event-content/:schema',
    { schema: { params: z.object({ schema: z.string() }), body: eventContentInput } },
    async (request, reply) => {
      const schema = request.params.schema;
      // Refused with `{ valid: false }` beside the message: checked here, not by the route.
      const parsed = clankerBody.safeParse({ eventSchemaName: schema, eventContent: request.body });
      if (!parsed.success) throw invalidInput(parsed.error, 'body', { valid: false }, 'invalid-payload');
      if (isCommerceEvent(schema)) {
        const fields = commerceData.safeParse(parsed.data.eventContent);
        if (!fields.success) throw invalidInput(fields.error, 'body', { valid: false }, 'invalid-payload');
      }
      return reply.code(200).send({ valid: true });
    },
  );

  app.post(
    '/api/events/RecordJavascriptErrors',
    { config: { ...ingest.config, crumb: true }, schema: { body: errorsInput } },
    async (request, reply) => {
      const events = request.body;
      await storeErrors(db, events, now());
      return reply.code(204).send();
    },
  );

  app.get('/api/census/settings', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ cookiePolicy: options.cookiePolicy ?? 'permissive' }),
  );

  app.get('/api/1/performance/settings', async (_request, reply) => {
    const answer: PerformanceSettings = { pageLoadId: randomUUID(), rollout: options.performanceRollout };
    return reply.header('cache-control', 'no-store').send(answer);
  });

  app.post(
    '/api/1/performance/records',
    { ...ingest, schema: { body: performanceInput } },
    async (request, reply) => {
      const records = request.body;
      // Spec section 6: the member id of performance data is read from the signed-in account.
      for (const record of records) record.data.context.memberId = memberIdOf(request);
      await storePerformance(db, records, now());
      return reply.code(204).send();
    },
  );

  await app.register(ownerRoutes, {
    db,
    ownerKeyDigest: 'ownerKeyDigest' in options ? options.ownerKeyDigest : ownerKeyDigest(),
    now,
    ...(options.staffScreen ? { staffScreen: options.staffScreen } : {}),
  });
}
