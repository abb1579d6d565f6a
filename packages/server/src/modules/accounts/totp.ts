/**
 * A staff member's second factor: TOTP codes from an authenticator app (RFC 6238: SHA-1, six
 * digits, 30-second steps, one step of clock drift either way), through the `otpauth` package
 * (small, no dependencies, kept up to date, and the one most apps' `otpauth://` links are tested
 * against). A code works once: the last accepted step is kept and an equal or earlier one refused.
 *
 * Enrolling: `start` keeps a new secret on the account (not yet asked for at sign-in) and answers
 * it with its `otpauth://` link; `confirm` with a code from the app turns it on. From then on staff
 * sign-in needs a code (`code` in the sign-in body, or the form's field) unless a passkey is used.
 * With `STAFF_SECOND_FACTOR=required` a staff member with neither a passkey nor TOTP cannot sign in
 * with a password alone (docs/accounts.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { crumbFailure, crumbMatches, ensureCrumb } from '../../platform/http/crumb.ts';
import { ApiError, apiError, type ErrorKey } from '../../platform/http/errors.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import {
  accountById,
  clearTotp,
  enableTotp,
  setTotpSecret,
  spendTotpStep,
  type AccountRow,
} from './store.ts';
import { requireMember } from '../../platform/http/guards.ts';
import { hit } from '../../platform/http/rate-limit.ts';
import { sendLoginPage, STAFF_LOGIN_PATH, STAFF_TOTP_PATH, type TotpState } from './login-page.ts';

export const TOTP_API = '/api/config/totp';

/**
 * Changes of an account's authenticator app (start, confirm, turn off), counted per account: a
 * stolen session must not be able to try every code until one turns TOTP off. The cap of
 * sign-ins per address (flows.ts), which is plenty for someone setting up their app.
 */
export const TOTP_CHANGE_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;

const PERIOD_MS = 30_000;
const DRIFT_STEPS = 1;

const totpOf = (secret: string, issuer: string, label: string) =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_MS / 1000,
    secret: Secret.fromBase32(secret),
  });

export const totpEnabled = (account: Pick<AccountRow, 'totp_enabled_at'>) => account.totp_enabled_at !== null;

/** The time step the code belongs to, or undefined when it is not a current code of the secret. */
function stepOf(secret: string, code: string, now: number): number | undefined {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpOf(secret, '', '').validate({ token, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? undefined : Math.floor(now / PERIOD_MS) + delta;
}

/**
 * Spends a code of the account's secret: true when it is current and later than the last one
 * used. One conditional update, so two requests racing with the same code cannot both win.
 */
export async function spendTotpCode(db: Db, account: AccountRow, code: string, now = Date.now()) {
  if (!account.totp_secret) return false;
  const step = stepOf(account.totp_secret, code, now);
  if (step === undefined) return false;
  return spendTotpStep(db, account.id, step);
}

/**
 * Why a staff password sign-in cannot go on yet, or undefined: TOTP is on and the code is missing
 * or wrong, or the shop requires a second factor the account does not have.
 */
export async function secondFactorRefusal(
  db: Db,
  account: AccountRow,
  code: string | undefined,
  required: boolean,
): Promise<ErrorKey | undefined> {
  if (account.kind !== 'staff') return undefined;
  if (totpEnabled(account)) {
    if (code === undefined || code.trim() === '') return 'account.totp-required';
    return (await spendTotpCode(db, account, code)) ? undefined : 'account.totp-invalid';
  }
  return required ? 'account.second-factor-required' : undefined;
}

/** Starts enrolling: a new secret, kept but not yet asked for. Answers it and its otpauth:// link. */
export async function startTotp(db: Db, account: AccountRow, issuer: string) {
  const secret = new Secret({ size: 20 }).base32;
  await setTotpSecret(db, account.id, secret, Date.now());
  return { secret, uri: totpOf(secret, issuer, account.email).toString() };
}

/** Turns TOTP on with a code from the app; false when the code does not match the new secret. */
export async function confirmTotp(db: Db, account: AccountRow, code: string, now = Date.now()) {
  if (!(await spendTotpCode(db, account, code, now))) return false;
  await enableTotp(db, account.id, now);
  return true;
}

/** A code of the secret now (tests, and the users command's checks). */
export const currentTotpCode = (secret: string, now = Date.now()) =>
  totpOf(secret, '', '').generate({ timestamp: now });

/** What the staff page shows of the account's authenticator app. */
export function totpState(account: AccountRow, issuer: string): TotpState {
  if (totpEnabled(account)) return { state: 'on' };
  if (!account.totp_secret) return { state: 'off' };
  return {
    state: 'pending',
    secret: account.totp_secret,
    uri: totpOf(account.totp_secret, issuer, account.email).toString(),
  };
}

/** Turns TOTP off with a current code. */
async function stopTotp(db: Db, account: AccountRow, code: string): Promise<boolean> {
  if (!(await spendTotpCode(db, account, code))) return false;
  await clearTotp(db, account.id);
  return true;
}

const codeBody = z.object({ code: z.string().max(20) }).strict();
const totpForm = z
  .object({
    action: z.enum(['start', 'confirm', 'off']),
    code: z.string().max(20).optional(),
    crumb: z.string().max(200).optional(),
  })
  .strict();

/**
 * A signed-in staff member's authenticator app, as JSON calls and as the staff page's forms:
 *   POST   /api/config/totp            -> { secret, uri }; 409 when already on
 *   POST   /api/config/totp/confirm    { code } -> { enabled: true }
 *   DELETE /api/config/totp            { code } -> { enabled: false }
 *   POST   /config/login/totp          form: action=start|confirm|off, code, crumb
 */
export async function totpRoutes(
  plugin: FastifyInstance,
  options: { db: Db; issuer: string; passkeyScript: () => string | null },
) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db, issuer } = options;
  const staff = requireMember('staff');
  const signedIn = async (request: FastifyRequest): Promise<AccountRow> => {
    const account = request.member ? await accountById(db, request.member.accountId) : undefined;
    if (!account) throw apiError('account.sign-in-required');
    return account;
  };
  const act = async (
    account: AccountRow,
    reply: FastifyReply,
    action: 'start' | 'confirm' | 'off',
    code = '',
  ) => {
    const count = await hit(db, `totp:account:${account.id}`, TOTP_CHANGE_LIMIT.windowMs, Date.now());
    if (count.current > TOTP_CHANGE_LIMIT.max) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(count.ttl / 1000))));
      throw apiError('rate-limited');
    }
    if (action === 'start') {
      if (totpEnabled(account)) throw apiError('account.totp-enabled');
      return startTotp(db, account, issuer);
    }
    const done =
      action === 'confirm' ? await confirmTotp(db, account, code) : await stopTotp(db, account, code);
    if (!done) throw apiError('account.totp-invalid');
    return { enabled: action === 'confirm' };
  };

  // The member is checked before the schemas: a signed-out call is refused as such, whatever it sent.
  const crumbed = { config: { crumb: true, jsonBody: true }, preValidation: staff };
  app.post(`${TOTP_API}`, crumbed, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await act(await signedIn(request), reply, 'start')),
  );
  app.post(`${TOTP_API}/confirm`, { ...crumbed, schema: { body: codeBody } }, async (request, reply) =>
    act(await signedIn(request), reply, 'confirm', request.body.code),
  );
  app.delete(TOTP_API, { ...crumbed, schema: { body: codeBody } }, async (request, reply) =>
    act(await signedIn(request), reply, 'off', request.body.code),
  );

  // The staff page's forms (no script): the crumb is a field; a refusal shows the page again.
  app.post(
    STAFF_TOTP_PATH,
    { config: { xsrf: false }, preValidation: staff, schema: { body: totpForm } },
    async (request, reply) => {
      const input = request.body;
      const crumb = ensureCrumb(request, reply);
      const account = await signedIn(request);
      try {
        if (!crumbMatches(request, input.crumb)) throw crumbFailure(request);
        await act(account, reply, input.action, input.code);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const now = (await accountById(db, account.id)) ?? account;
        return sendLoginPage(reply, error.statusCode, {
          crumb,
          passkeyScript: options.passkeyScript(),
          signedInAs: account.email,
          totp: totpState(now, issuer),
          error: error.body().message as string,
        });
      }
      return reply.code(303).header('location', STAFF_LOGIN_PATH).send();
    },
  );
}
