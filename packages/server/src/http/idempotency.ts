import { createHash } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isDatabaseUnavailable } from '../db/faults.ts';
import type { Database } from '../db/schema.ts';
import { apiError, sendApiError } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Keys are forgotten after 24 h. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a loser waits for the winner's answer before answering 409. */
export const IDEMPOTENCY_WAIT_MS = 5_000;
const POLL_MS = 20;
const PRUNE_PROBABILITY = 0.01;
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const BOOKKEEPING_ATTEMPTS = 3;

export interface HandlerAnswer {
  status: number;
  body: unknown;
  /** Cookies to set with the answer; stored with it, so a replay sets them too. */
  cookies?: AnswerCookie[];
}

export interface AnswerCookie {
  name: string;
  value: string;
  options: CookieSerializeOptions;
}

/**
 * Runs `handler` at most once per (scope, Idempotency-Key); a replay answers the stored status and
 * body with `Idempotent-Replayed: true`; the same key with a different body answers 422. Without the
 * header, runs the handler plainly.
 *
 * - The key belongs to the caller's `scope` (e.g. 'cart-entries') and to the client: its `crumb`
 *   cookie (every mutating call carries it), else its `CART` cookie, else its address. Two shoppers
 *   using the same key never see each other's answers.
 * - The key is claimed by inserting its row (the primary key makes the claim unique on SQLite and
 *   PostgreSQL alike) before the handler runs. A concurrent request with the same key polls for the
 *   stored answer for up to IDEMPOTENCY_WAIT_MS, then answers 409 `idempotency-in-progress` with
 *   `Retry-After: 1`.
 * - Success (< 400) and 4xx answers are stored with the answer's `cookies` (so a retried
 *   add-to-cart still receives its cart cookie); a 5xx answer or a thrown error releases the key,
 *   so the client may retry.
 * - Header not 1–255 printable ASCII characters: 400 `invalid-idempotency-key`.
 */
export async function idempotent(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  handler: () => Promise<HandlerAnswer>,
): Promise<FastifyReply> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return send(reply, await handler());
  if (typeof header !== 'string' || !KEY_PATTERN.test(header))
    return sendApiError(reply, apiError('invalid-idempotency-key'));

  const key = header;
  const fullScope = `${scope}:${clientOf(request)}`;
  const fingerprint = fingerprintOf(request);

  if (Math.random() < PRUNE_PROBABILITY) pruneIdempotencyKeys(db).catch(() => undefined);

  if (!(await claim(db, fullScope, key, fingerprint))) {
    return await answerFromStore(db, reply, fullScope, key, fingerprint);
  }

  let answer: HandlerAnswer;
  try {
    answer = await handler();
  } catch (error) {
    await release(db, fullScope, key);
    throw error;
  }
  if (answer.status >= 500) {
    await release(db, fullScope, key);
    return send(reply, answer);
  }
  try {
    await persistently(() =>
      db
        .updateTable('idempotency_keys')
        .set({
          status: answer.status,
          body: JSON.stringify(answer.body ?? null),
          cookies: answer.cookies?.length ? JSON.stringify(answer.cookies) : null,
        })
        .where('scope', '=', fullScope)
        .where('key', '=', key)
        .execute(),
    );
  } catch (error) {
    // The handler's work is committed (an order may be placed): the client is told, even though
    // a replay cannot be (it answers 409 in-progress until the key expires).
    request.log.error({ err: error }, 'idempotency: the answer could not be stored for replays');
  }
  return send(reply, answer);
}

function send(reply: FastifyReply, answer: HandlerAnswer): FastifyReply {
  for (const c of answer.cookies ?? []) reply.setCookie(c.name, c.value, c.options);
  return reply.code(answer.status).send(answer.body);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function clientOf(request: FastifyRequest): string {
  const identity = request.cookies?.crumb
    ? `crumb:${request.cookies.crumb}`
    : request.cookies?.CART
      ? `cart:${request.cookies.CART}`
      : `ip:${request.ip}`;
  // Hashed: the table never holds a usable cookie value.
  return sha256(identity).slice(0, 32);
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 of method, path (with its query) and canonical body. */
export function fingerprintOf(request: FastifyRequest): string {
  const body = typeof request.body === 'string' ? request.body : canonicalJson(request.body);
  return sha256(`${request.method}\n${request.url}\n${body}`);
}

/** True when this request now owns the key. An expired row is removed and the claim retried once. */
async function claim(
  db: Kysely<Database>,
  scope: string,
  key: string,
  fingerprint: string,
): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const now = Date.now();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ scope, key, fingerprint, status: null, body: null, cookies: null, created: now })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return true;
    const removed = await db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('created', '<', now - IDEMPOTENCY_TTL_MS)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return false;
  }
  return false;
}

async function release(db: Kysely<Database>, scope: string, key: string): Promise<void> {
  await persistently(() =>
    db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute(),
  );
}

/**
 * Runs a bookkeeping write, again when the database was unavailable: the connection that failed
 * the handler may have taken others with it (a restart ends them all), and the pool replaces them.
 */
async function persistently(write: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      return;
    } catch (error) {
      if (attempt >= BOOKKEEPING_ATTEMPTS || !isDatabaseUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

async function answerFromStore(
  db: Kysely<Database>,
  reply: FastifyReply,
  scope: string,
  key: string,
  fingerprint: string,
): Promise<FastifyReply> {
  const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
  for (;;) {
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'status', 'body', 'cookies'])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (row && row.fingerprint !== fingerprint)
      return sendApiError(reply, apiError('idempotency-key-reused'));
    if (row && row.status !== null) {
      for (const c of row.cookies ? (JSON.parse(row.cookies) as AnswerCookie[]) : []) {
        // A stored expiry date comes back as text.
        const options = {
          ...c.options,
          ...(c.options.expires ? { expires: new Date(c.options.expires) } : {}),
        };
        reply.setCookie(c.name, c.value, options);
      }
      return reply
        .code(row.status)
        .header(REPLAYED_HEADER, 'true')
        .header('content-type', 'application/json; charset=utf-8')
        .send(row.body ?? 'null');
    }
    // No row: the first request failed and released the key; this one may not run the handler
    // itself (it already lost the claim), so it asks the client to retry.
    if (!row || Date.now() >= deadline)
      return sendApiError(reply.header('retry-after', '1'), apiError('idempotency-in-progress'));
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Drops keys older than the TTL (housekeeping; safe any time). */
export async function pruneIdempotencyKeys(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created', '<', now - IDEMPOTENCY_TTL_MS)
    .execute();
}
