/**
 * Server-side sessions for customers and staff (issue 14; DESIGN.md "Accounts"). The cookie holds a
 * random id; the database holds its SHA-256 digest, so a leaked table cannot be replayed, and any
 * instance on the same database knows every session. A signed-in request carries the session's
 * `xsrfToken` (spec section 7) in `X-XSRF-Token` on every mutating call, next to the crumb.
 *
 * `registerSessions(app, db, accounts)` reads the session once per request (only when the cookie is
 * there) and decorates the request with `member`: the signed-in account, or null. The accounts are a
 * module's, not the platform's: the app hands in `accounts` (`SessionAccounts`), which adds the
 * account's name and email to the session's read and tells a staff member's roles.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// Brings in the `cookies`/`setCookie` declarations this module reads, whoever imports it.
import type {} from '@fastify/cookie';
import type { AccountKind } from '@storefront/core';
import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { Db, TablesHandle } from '../db/index.ts';
import type { SessionsTable, SessionTables } from './session-tables.ts';
import { sessionCrumb, setCrumbCookie } from './crumb.ts';
import { apiError } from './errors.ts';
import { CSP_REPORT_PATH } from './security-headers.ts';
import { writeTransaction } from '../db/transaction.ts';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@storefront/core/wire';

export { SESSION_COOKIE };
/** Where staff sign in; staff pages send a signed-out visitor there. */
export const STAFF_LOGIN_PATH = '/config/login';
/**
 * The xsrfToken again, readable by the page's scripts (like the crumb: another origin can read
 * neither), so that the browser code sends it on every write without keeping it anywhere.
 */
export { XSRF_COOKIE, XSRF_HEADER };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Idle and absolute lifetimes (docs/accounts.md). Staff sessions are never remembered. */
export const SESSION_LIFETIMES = {
  customer: { idleMs: 2 * HOUR, absoluteMs: DAY },
  staff: { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR },
  remembered: { idleMs: 30 * DAY, absoluteMs: 30 * DAY },
} as const;
/** `last_seen` is written at most this often: a signed-in visitor's reads stay reads. */
const TOUCH_EVERY_MS = MINUTE;

export interface Member {
  accountId: string;
  kind: AccountKind;
  /** Staff roles (spec section 6 codes); empty for customers. */
  roles: number[];
  /** The digest the session is stored under (to end or replace this one session). */
  sessionHash: string;
  xsrfHash: string;
  /** Read with the session (one query): what pages show of the signed-in person. */
  name: string;
  email: string;
}

/** The session's own read, before the accounts add who it is. */
export type SessionQuery = SelectQueryBuilder<SessionTables, 'sessions', Selectable<SessionsTable>>;

/** What the pages show of the signed-in person. */
export interface AccountIdentity {
  name: string;
  email: string;
}

/** What the session layer asks of the accounts (the app supplies the accounts module's). */
export interface SessionAccounts {
  /**
   * Runs the session's read with its account's name and email joined in: one statement, since
   * every signed-in page shows them. Undefined when there is no such session (or account).
   */
  readWithIdentity(query: SessionQuery): Promise<(Selectable<SessionsTable> & AccountIdentity) | undefined>;
  /** A staff account's roles (spec section 6 codes). */
  rolesOf(db: Db, accountId: string): Promise<number[]>;
}

type SessionDb = TablesHandle<SessionTables>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, or null (read once per request by registerSessions). */
    member: Member | null;
  }
  interface FastifyContextConfig {
    /**
     * `false`: a signed-in session's mutating call to this route needs no xsrfToken (signing in,
     * which hands one out; the crumb still guards it).
     */
    xsrf?: false;
  }
}

/**
 * Telemetry ingest and CSP reports: beacons and the browser's reports cannot carry headers, and
 * these calls only record what the page reports (no account state changes), so they go without
 * the xsrfToken.
 */
const INGEST_PREFIXES = [
  '/api/census/',
  '/api/events/',
  '/api/v1/clanker/',
  '/api/1/performance/records',
  CSP_REPORT_PATH,
];
/**
 * An HTML form cannot send a header either: its routes (the no-script checkout, /config/login)
 * check the crumb it carries as a field, which another origin cannot read.
 */
const FORM_POST = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
/**
 * The back office's calls: its screens are scripts that always send the xsrfToken, and its only
 * forms (staff sign-in and the authenticator app's) are marked `xsrf: false`; so a form-encoded
 * body there is no reason to go without it.
 */
const BACK_OFFICE = /^\/(api\/)?config\//;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const digest = (secret: string): string => createHash('sha256').update(secret).digest('hex');
const newSecret = (): string => randomBytes(32).toString('base64url');
/**
 * The session's xsrfToken, derived from its id: the page can ask for it again (GET session) without
 * the database keeping it in clear, and only a holder of the HttpOnly cookie can.
 */
const xsrfFor = (sessionId: string): string =>
  createHmac('sha256', sessionId).update('xsrf-token').digest('base64url');

/** The xsrfToken of the request's session, or undefined when it has none. */
export function currentXsrfToken(request: FastifyRequest): string | undefined {
  const id = request.cookies[SESSION_COOKIE];
  return request.member && id ? xsrfFor(id) : undefined;
}

/** The request's signed-in customer (staff are not shoppers), as pages show them. */
export const signedInCustomer = (request: FastifyRequest): Member | undefined =>
  request.member?.kind === 'customer' ? request.member : undefined;

/** True when the two digests are equal, in constant time. */
function sameDigest(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function registerSessions(app: FastifyInstance, db: Db, accounts: SessionAccounts): void {
  app.decorateRequest('member', null);
  app.addHook('onRequest', async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    if (!id) return;
    const member = await readSession(db, accounts, id, Date.now());
    if (!member) {
      clearSessionCookie(request, reply);
      return;
    }
    request.member = member;
    if (!MUTATING.has(request.method) || request.routeOptions.config.xsrf === false) return;
    const path = request.url.split('?')[0] ?? '';
    if (INGEST_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    if (FORM_POST.test(request.headers['content-type'] ?? '') && !BACK_OFFICE.test(path)) return;
    const header = request.headers[XSRF_HEADER];
    if (typeof header !== 'string' || !sameDigest(digest(header), member.xsrfHash))
      throw apiError('xsrf-fail', { extra: { crumbFail: true } });
  });
}

/** The live session with this cookie value, or null (unknown, idle too long, or past its end). */
async function readSession(
  db: SessionDb,
  accounts: SessionAccounts,
  id: string,
  now: number,
): Promise<Member | null> {
  if (!/^[\w-]{43}$/.test(id)) return null;
  const sessionHash = digest(id);
  const row = await accounts.readWithIdentity(
    db.selectFrom('sessions').selectAll('sessions').where('sessions.id_hash', '=', sessionHash),
  );
  if (!row) return null;
  const lastSeen = Number(row.last_seen);
  if (Number(row.expires_at) <= now || lastSeen + Number(row.idle_ms) <= now) {
    await db.deleteFrom('sessions').where('id_hash', '=', sessionHash).execute();
    return null;
  }
  if (now - lastSeen > TOUCH_EVERY_MS)
    await db.updateTable('sessions').set({ last_seen: now }).where('id_hash', '=', sessionHash).execute();
  const roles = row.kind === 'staff' ? await accounts.rolesOf(db, row.account_id) : [];
  return {
    accountId: row.account_id,
    kind: row.kind,
    roles,
    sessionHash,
    xsrfHash: row.xsrf_hash,
    name: row.name,
    email: row.email,
  };
}

export interface StartedSession {
  /** The spec's xsrfToken: the client sends it back in `X-XSRF-Token`. */
  xsrfToken: string;
}

/**
 * Starts a session for the account and sets its cookie. Always a new id (no session fixation): the
 * request's earlier session, if any, is ended.
 */
export async function startSession(
  db: SessionDb,
  request: FastifyRequest,
  reply: FastifyReply,
  account: { id: string; kind: AccountKind },
  remember: boolean,
  now = Date.now(),
): Promise<StartedSession> {
  const remembered = remember && account.kind === 'customer';
  const lifetime = remembered ? SESSION_LIFETIMES.remembered : SESSION_LIFETIMES[account.kind];
  const id = newSecret();
  const xsrfToken = xsrfFor(id);
  await writeTransaction(db, async (trx) => {
    const earlier = request.cookies[SESSION_COOKIE];
    if (earlier) await trx.deleteFrom('sessions').where('id_hash', '=', digest(earlier)).execute();
    await trx
      .insertInto('sessions')
      .values({
        id_hash: digest(id),
        account_id: account.id,
        kind: account.kind,
        xsrf_hash: digest(xsrfToken),
        remember: remembered ? 1 : 0,
        created: now,
        last_seen: now,
        idle_ms: lifetime.idleMs,
        expires_at: now + lifetime.absoluteMs,
      })
      .execute();
  });
  const cookie = {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    ...(remembered ? { maxAge: lifetime.absoluteMs / 1000 } : {}),
  };
  reply.setCookie(SESSION_COOKIE, id, { ...cookie, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, xsrfToken, { ...cookie, httpOnly: false });
  // A new session, a new crumb: whatever crumb the browser held before signing in stops working.
  const crumb = sessionCrumb(request.server.crumbSecret, digest(id));
  if (crumb !== undefined) setCrumbCookie(request, reply, crumb);
  return { xsrfToken };
}

/** Ends the request's session (sign-out) and clears its cookie. */
export async function endSession(db: SessionDb, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = request.cookies[SESSION_COOKIE];
  if (id) await db.deleteFrom('sessions').where('id_hash', '=', digest(id)).execute();
  clearSessionCookie(request, reply);
}

/** Ends every session of the account (sign-out everywhere), except the one digest given. */
export async function endAllSessions(db: SessionDb, accountId: string, exceptHash?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('account_id', '=', accountId);
  if (exceptHash) query = query.where('id_hash', '!=', exceptHash);
  await query.execute();
}

function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const cookie = { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https' };
  reply.clearCookie(SESSION_COOKIE, { ...cookie, httpOnly: true });
  reply.clearCookie(XSRF_COOKIE, cookie);
}

/** Removes sessions past their end (housekeeping; safe to run any time). */
export async function pruneSessions(db: SessionDb, now = Date.now()): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
