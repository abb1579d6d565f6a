import { createHash, randomUUID } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { isDatabaseUnavailable } from '../db/faults.ts';
import type { IdempotencyTables } from './idempotency-tables.ts';
import { apiError, sendApiError } from './errors.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '@storefront/core/wire';

export { IDEMPOTENCY_HEADER, REPLAYED_HEADER };
/** Keys are forgotten after 24 h. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a loser waits for the winner's answer before answering 409. */
export const IDEMPOTENCY_WAIT_MS = 5_000;
/**
 * How long a claim lasts unless its request renews it. A request renews it every
 * IDEMPOTENCY_LEASE_MS / 3 while it runs, so only a claim whose process died (or lost the database
 * for that long) lapses, and the next retry takes the key over.
 */
export const IDEMPOTENCY_LEASE_MS = 10_000;
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
 * The claim a request holds on its key, handed to the handler. A handler whose work is one
 * transaction completes the key in it, so the work and its stored answer commit (or roll back)
 * together: a committed order always replays, and a rolled-back one leaves the key free.
 */
export interface KeyClaim {
  /**
   * Stores `answer` as the key's answer inside `trx`. Throws `IdempotencyKeyTakenOver` (rolling the
   * transaction back) when this request's claim lapsed and another request took the key over.
   */
  complete(trx: Transaction<IdempotencyTables>, answer: HandlerAnswer): Promise<void>;
}

/** This request's claim lapsed and another request holds the key now: its work must not commit. */
export class IdempotencyKeyTakenOver extends Error {
  constructor() {
    super('idempotency: the key was taken over by another request');
  }
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
 *   PostgreSQL alike) before the handler runs, naming this request as its owner with a lease that
 *   the request renews while it runs. A concurrent request with the same key polls for the stored
 *   answer for up to IDEMPOTENCY_WAIT_MS, then answers 409 `idempotency-in-progress` with
 *   `Retry-After: 1`. A claim whose lease lapsed (its process died) is taken over by the next
 *   request with the same body, which runs the handler.
 * - Success (< 400) and 4xx answers are stored with the answer's `cookies` (so a retried
 *   add-to-cart still receives its cart cookie); a 5xx answer or a thrown error releases the key,
 *   so the client may retry, unless the handler's transaction already completed it (`KeyClaim`):
 *   then the stored answer is sent, since the work it describes is committed.
 * - Header not 1–255 printable ASCII characters: 400 `invalid-idempotency-key`.
 */
export async function idempotent(
  db: Kysely<IdempotencyTables>,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  handler: (claim: KeyClaim | undefined) => Promise<HandlerAnswer>,
): Promise<FastifyReply> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return send(reply, await handler(undefined));
  if (typeof header !== 'string' || !KEY_PATTERN.test(header))
    return sendApiError(reply, apiError('invalid-idempotency-key'));

  const key = header;
  const fullScope = `${scope}:${clientOf(request)}`;
  const fingerprint = fingerprintOf(request);
  const owner = randomUUID();

  if (Math.random() < PRUNE_PROBABILITY) pruneIdempotencyKeys(db).catch(() => undefined);

  if (!(await claim(db, fullScope, key, fingerprint, owner))) {
    return await answerFromStore(db, reply, fullScope, key, fingerprint);
  }

  const mine = () =>
    db
      .updateTable('idempotency_keys')
      .where('scope', '=', fullScope)
      .where('key', '=', key)
      .where('owner', '=', owner);
  const renewal = setInterval(() => {
    mine()
      .set({ lease_until: Date.now() + IDEMPOTENCY_LEASE_MS })
      .where('status', 'is', null)
      .execute()
      .catch(() => undefined);
  }, IDEMPOTENCY_LEASE_MS / 3);
  renewal.unref();
  const keyClaim: KeyClaim = {
    async complete(trx, answer) {
      const stored = await trx
        .updateTable('idempotency_keys')
        .set(storedAnswer(answer))
        .where('scope', '=', fullScope)
        .where('key', '=', key)
        .where('owner', '=', owner)
        .where('status', 'is', null)
        .executeTakeFirst();
      if (Number(stored.numUpdatedRows) !== 1) throw new IdempotencyKeyTakenOver();
    },
  };

  let answer: HandlerAnswer;
  try {
    answer = await handler(keyClaim);
  } catch (error) {
    if (error instanceof IdempotencyKeyTakenOver) {
      // Either another request holds the key now, or an earlier attempt of this one committed.
      const stored = await storedAnswerOf(db, fullScope, key).catch(() => undefined);
      return stored ? replay(reply, stored) : sendInProgress(reply);
    }
    const stored = await releaseOrStored(db, fullScope, key, owner, request);
    if (stored) return replay(reply, stored);
    throw error;
  } finally {
    clearInterval(renewal);
  }
  if (answer.status >= 500) {
    const stored = await releaseOrStored(db, fullScope, key, owner, request);
    if (stored) return replay(reply, stored);
    return send(reply, answer);
  }
  try {
    // A success also replaces what the handler's transaction stored: the answer may have learnt
    // more since (the payment provider's reference and page), and a replay should say the same. A
    // refusal never replaces a committed answer (a retried attempt finding its own work done).
    const write = mine().set(storedAnswer(answer));
    const stored = await persistently(() =>
      (answer.status < 400 ? write : write.where('status', 'is', null)).executeTakeFirst(),
    );
    if (Number(stored.numUpdatedRows) === 0) {
      const committed = await storedAnswerOf(db, fullScope, key);
      if (committed) return replay(reply, committed);
    }
  } catch (error) {
    // The handler's work is committed and the client is told. A handler that completed the key in
    // its transaction replays that answer; any other key lapses with its lease and runs again.
    request.log.error({ err: error }, 'idempotency: the answer could not be stored for replays');
  }
  return send(reply, answer);
}

async function storedAnswerOf(
  db: Kysely<IdempotencyTables>,
  scope: string,
  key: string,
): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['status', 'body', 'cookies'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && row.status !== null
    ? { status: row.status, body: row.body, cookies: row.cookies }
    : undefined;
}

function storedAnswer(answer: HandlerAnswer) {
  return {
    status: answer.status,
    body: JSON.stringify(answer.body ?? null),
    cookies: answer.cookies?.length ? JSON.stringify(answer.cookies) : null,
  };
}

interface StoredAnswer {
  status: number;
  body: string | null;
  cookies: string | null;
}

/**
 * Frees this request's claim after a failure, unless its work committed with an answer (then that
 * answer is returned, to be sent instead of the failure). When the database cannot be reached the
 * claim is left to lapse with its lease.
 */
async function releaseOrStored(
  db: Kysely<IdempotencyTables>,
  scope: string,
  key: string,
  owner: string,
  request: FastifyRequest,
): Promise<StoredAnswer | undefined> {
  try {
    const released = await persistently(() =>
      db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('owner', '=', owner)
        .where('status', 'is', null)
        .executeTakeFirst(),
    );
    if (Number(released.numDeletedRows) === 1) return undefined;
    return await storedAnswerOf(db, scope, key);
  } catch (error) {
    request.log.warn(
      { err: error },
      `idempotency: the key could not be released; it is free again within ${IDEMPOTENCY_LEASE_MS / 1000} s`,
    );
    return undefined;
  }
}

function replay(reply: FastifyReply, row: StoredAnswer): FastifyReply {
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

function sendInProgress(reply: FastifyReply): FastifyReply {
  return sendApiError(reply.header('retry-after', '1'), apiError('idempotency-in-progress'));
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

/**
 * True when this request now owns the key: it inserted the row, or took over a claim whose lease
 * lapsed (same request body, no answer yet). An expired row is removed and the claim retried once.
 */
async function claim(
  db: Kysely<IdempotencyTables>,
  scope: string,
  key: string,
  fingerprint: string,
  owner: string,
): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const now = Date.now();
    const lease = now + IDEMPOTENCY_LEASE_MS;
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        scope,
        key,
        fingerprint,
        status: null,
        body: null,
        cookies: null,
        created: now,
        owner,
        lease_until: lease,
      })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return true;
    // Its holder's work either committed together with the answer (then status is set and this
    // matches nothing) or never will: a transaction still open under the old claim finds the key
    // no longer its own when it tries to complete it, and rolls back.
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ owner, lease_until: lease })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('fingerprint', '=', fingerprint)
      .where('status', 'is', null)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return true;
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

/**
 * Runs a bookkeeping write, again when the database was unavailable: the connection that failed
 * the handler may have taken others with it (a restart ends them all), and the pool replaces them.
 */
async function persistently<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= BOOKKEEPING_ATTEMPTS || !isDatabaseUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

async function answerFromStore(
  db: Kysely<IdempotencyTables>,
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
    if (row && row.status !== null) return replay(reply, row as StoredAnswer);
    // No row: the first request failed and released the key; this one may not run the handler
    // itself (it already lost the claim), so it asks the client to retry.
    if (!row || Date.now() >= deadline) return sendInProgress(reply);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Drops keys older than the TTL (housekeeping; safe any time). */
export async function pruneIdempotencyKeys(db: Kysely<IdempotencyTables>, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created', '<', now - IDEMPOTENCY_TTL_MS)
    .execute();
}
