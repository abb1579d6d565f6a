/**
 * Customer and staff accounts over HTTP (issue 14; spec section 7 for the session calls). Every
 * mutating call needs the crumb (`X-CSRF-Token`, http/crumb.ts); with a session it also needs
 * the session's xsrfToken (`X-XSRF-Token`, http/session.ts).
 *
 * Customers, under /api/site-users/account:
 * - `POST   /session` `{ email, password, rememberMe? }` -> `{ xsrfToken }`; 401 `account.sign-in-failed`
 *   (the same answer for an unknown address and a wrong password), 403 `account.unverified`, 429.
 * - `GET    /session` -> `{ authenticated, memberId?, xsrfToken? }` (a page recovers its token).
 * - `DELETE /session?cloneCart=` -> `{ signedOut: true }`; without `cloneCart=true` the browser's cart
 *   is left behind with the account. A crumb failure answers 403 `{ crumbFail: true }` with a fresh
 *   crumb cookie, so the spec's single retry succeeds.
 * - `DELETE /sessions` signs out everywhere.
 * - `POST   /` `{ email, password, name }` registers -> 202, the same answer whether or not the
 *   address has an account (which is mailed a notice instead of a link).
 * - `POST   /verify` `{ token }` confirms the address (or a new one) and signs in -> `{ xsrfToken }`.
 * - `POST   /code` `{ email }` mails a sign-in code -> 202 always; `POST /code/verify` `{ email, code,
 *   rememberMe? }` -> `{ xsrfToken }`, 400 `account.code-invalid` (one-time-code.ts).
 * - `POST   /password-reset` `{ email }` -> 202 always; `POST /password-reset/confirm` `{ token, password }`.
 * - `GET    /` the profile; `PUT /password` `{ currentPassword, newPassword }` -> `{ xsrfToken }` (a
 *   new session; every other one ends); `PUT /email` `{ password, email }` mails a link to the new
 *   address; `DELETE /` `{ password }` deletes the account, keeping its orders detached.
 *
 * The customer's addresses and orders: customer-api.ts.
 *
 * Staff: `POST /api/config/session` `{ email, password }` -> `{ xsrfToken }`; `GET` -> `{ authenticated,
 * memberId?, roles?, permissions?, xsrfToken? }`; `DELETE` signs out this device; `DELETE
 * /api/config/sessions` signs the staff member out everywhere (every one of their sessions).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CART_COOKIE } from '../../platform/http/cookies.ts';
import { crumbFailure, crumbMatches, ensureCrumb } from '../../platform/http/crumb.ts';
import { ApiError, apiError } from '../../platform/http/errors.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { currentXsrfToken, endAllSessions, endSession } from '../../platform/http/session.ts';
import { deleteAccount } from './accounts.ts';
import { accountById } from './store.ts';
import { customerApiRoutes } from './customer-api.ts';
import { cloneAsAnonymousCart, setCartCookie } from '../cart/index.ts';
import { accountFlows, type AccountOptions, type SignedIn } from './flows.ts';
import { requireMember } from '../../platform/http/guards.ts';
import { sendLoginPage, STAFF_LOGIN_PATH, STAFF_SIGN_OUT_PATH, staffNext } from './login-page.ts';
import { deletedMail } from './mail.ts';
import { signInCodes } from './one-time-code.ts';
import { passkeyRoutes, relyingParty } from './passkeys.ts';
import { totpRoutes, totpState } from './totp.ts';
import { verifyPassword } from './passwords.ts';
import { hasPermission, PERMISSIONS } from '@storefront/core';
import type { AccountKind } from './tables.ts';

export { DEFAULT_SIGN_IN_LIMITS, type AccountOptions } from './flows.ts';

export const ACCOUNT_API = '/api/site-users/account';
export const SESSION_PATH = `${ACCOUNT_API}/session`;
export const STAFF_SESSION_PATH = '/api/config/session';
/** Every session of the signed-in staff member, on every device (a lost laptop, a shared phone). */
export const STAFF_SESSIONS_PATH = '/api/config/sessions';
/** A call that takes nothing: anything else is a mistake, refused before acting. */
const noBody = z.undefined().or(z.object({}).strict());

const EMAIL = z.string().max(1000);
const PASSWORD = z.string().max(4000);
const TOKEN = z.string().max(200);
/** `code`: a staff member's authenticator code (totp.ts). */
const CODE = z.string().max(20).optional();
const signInBody = z
  .object({ email: EMAIL, password: PASSWORD, rememberMe: z.boolean().optional(), code: CODE })
  .strict();
const registerBody = z.object({ email: EMAIL, password: PASSWORD, name: z.string().max(200) }).strict();
const tokenBody = z.object({ token: TOKEN }).strict();
const resetRequestBody = z.object({ email: EMAIL }).strict();
const codeBody = z
  .object({ email: EMAIL, code: z.string().max(20), rememberMe: z.boolean().optional() })
  .strict();
const resetBody = z.object({ token: TOKEN, password: PASSWORD }).strict();
const passwordBody = z.object({ currentPassword: PASSWORD, newPassword: PASSWORD }).strict();
const emailBody = z.object({ password: PASSWORD, email: EMAIL }).strict();
const deleteBody = z.object({ password: PASSWORD }).strict();
const loginForm = z
  .object({
    email: EMAIL,
    password: PASSWORD,
    code: CODE,
    next: z.string().max(200).optional(),
    crumb: z.string().max(200).optional(),
  })
  .strict();
const staffPageQuery = z.object({ next: z.string().max(200).optional() });
const signOutForm = z
  .object({ crumb: z.string().max(200).optional(), everywhere: z.literal('1').optional() })
  .strict();
const signOutQuery = z.object({ cloneCart: z.enum(['true', 'false']).optional() }).strict();

/** `cartNotices` only when the cart merge had to leave something out. */
const signedInAnswer = ({ xsrfToken, cartNotices }: SignedIn) =>
  cartNotices.length > 0 ? { xsrfToken, cartNotices } : { xsrfToken };

export async function accountRoutes(plugin: FastifyInstance, options: AccountOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const flows = accountFlows(plugin, options);

  const signInCall =
    (kind: AccountKind) =>
    async (request: FastifyRequest<{ Body: z.output<typeof signInBody> }>, reply: FastifyReply) => {
      const signedIn = await flows.signIn(kind, request.body, request, reply);
      return reply.header('cache-control', 'no-store').send(signedInAnswer(signedIn));
    };

  /** The spec's sign-out: a crumb failure hands out a crumb, so the one retry the client makes succeeds. */
  const signOut = async (
    request: FastifyRequest<{ Querystring: z.output<typeof signOutQuery> }>,
    reply: FastifyReply,
  ) => {
    const { query } = request;
    if (!crumbMatches(request)) {
      ensureCrumb(request, reply);
      throw crumbFailure(request);
    }
    const signedIn = request.member !== null;
    await endSession(db, request, reply);
    // The customer's cart stays theirs; the browser keeps a copy of it only when asked to.
    if (query.cloneCart !== 'true') setCartCookie(request, reply, undefined);
    else if (signedIn)
      setCartCookie(request, reply, await cloneAsAnonymousCart(db, request.cookies[CART_COOKIE]));
    return reply.send({ signedOut: true });
  };

  const customer = requireMember('customer');
  const crumbed = { crumb: true, jsonBody: true };
  /** Calls a visitor makes without a session's xsrfToken (they hand one out, or need none). */
  const open = { config: { ...crumbed, xsrf: false as const } };

  // ------------------------------------------------------------------ sessions

  const signIn = { ...open, schema: { body: signInBody } };
  app.post(SESSION_PATH, signIn, signInCall('customer'));
  app.post(STAFF_SESSION_PATH, signIn, signInCall('staff'));

  // ------------------------------------------------------------------ the staff sign-in page

  // Passkeys and TOTP name the install's one site (its origin is the passkeys' relying party).
  const rp = relyingParty(plugin.resolveSite());
  const passkeyScript = () => options.webBundle.current().passkeyScript ?? null;
  app.get(STAFF_LOGIN_PATH, async (request, reply) => {
    const crumb = ensureCrumb(request, reply);
    const member =
      request.member?.kind === 'staff' ? await accountById(db, request.member.accountId) : undefined;
    if (member)
      return sendLoginPage(reply, 200, {
        crumb,
        passkeyScript: passkeyScript(),
        signedInAs: member.email,
        totp: totpState(member, rp.name),
      });
    const next = staffPageQuery.safeParse(request.query).data?.next;
    return sendLoginPage(reply, 200, {
      crumb,
      passkeyScript: passkeyScript(),
      ...(next ? { next: staffNext(next) } : {}),
    });
  });

  // A plain form post (no script): the crumb comes as a field, and refusals re-render the form.
  app.post(
    STAFF_LOGIN_PATH,
    { config: { xsrf: false }, schema: { body: loginForm } },
    async (request, reply) => {
      const input = request.body;
      const crumb = ensureCrumb(request, reply);
      try {
        if (!crumbMatches(request, input.crumb)) throw crumbFailure(request);
        const { email, password, code } = input;
        await flows.signIn('staff', { email, password, code }, request, reply);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return sendLoginPage(reply, error.statusCode, {
          crumb,
          passkeyScript: passkeyScript(),
          email: input.email,
          error: error.body(request.site.strings).message as string,
          ...(input.next ? { next: staffNext(input.next) } : {}),
        });
      }
      return reply.code(303).header('location', staffNext(input.next)).send();
    },
  );
  // The staff page's sign-out, a plain form like the sign-in: this device, or every device.
  app.post(
    STAFF_SIGN_OUT_PATH,
    { config: { xsrf: false }, schema: { body: signOutForm } },
    async (request, reply) => {
      const input = request.body;
      if (!crumbMatches(request, input.crumb)) {
        ensureCrumb(request, reply);
        throw crumbFailure(request);
      }
      const member = request.member;
      if (member?.kind === 'staff' && input.everywhere) await endAllSessions(db, member.accountId);
      await endSession(db, request, reply);
      return reply.code(303).header('location', STAFF_LOGIN_PATH).send();
    },
  );
  const signOutRoute = { schema: { querystring: signOutQuery } };
  app.delete(SESSION_PATH, signOutRoute, signOut);
  app.delete(STAFF_SESSION_PATH, signOutRoute, signOut);

  app.get(SESSION_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const member = request.member;
    if (!member || member.kind !== 'customer') return { authenticated: false };
    return { authenticated: true, memberId: member.accountId, xsrfToken: currentXsrfToken(request) };
  });

  app.get(STAFF_SESSION_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const member = request.member;
    if (!member || member.kind !== 'staff') return { authenticated: false };
    return {
      authenticated: true,
      memberId: member.accountId,
      roles: member.roles,
      permissions: PERMISSIONS.filter((permission) => hasPermission(member.roles, permission)),
      xsrfToken: currentXsrfToken(request),
    };
  });

  app.delete(
    STAFF_SESSIONS_PATH,
    { config: crumbed, preValidation: requireMember('staff'), schema: { body: noBody } },
    async (request, reply) => {
      await endAllSessions(db, (request.member as { accountId: string }).accountId);
      await endSession(db, request, reply);
      return { signedOut: true };
    },
  );

  app.delete(`${ACCOUNT_API}/sessions`, { config: crumbed, preHandler: customer }, async (request, reply) => {
    await endAllSessions(db, (request.member as { accountId: string }).accountId);
    await endSession(db, request, reply);
    return { signedOut: true };
  });

  // ------------------------------------------------------------------ registration and verification

  app.post(ACCOUNT_API, { config: crumbed, schema: { body: registerBody } }, async (request, reply) => {
    const text = await flows.register(request.body, request, reply);
    return reply.code(202).send({ message: text });
  });

  app.post(`${ACCOUNT_API}/verify`, { ...open, schema: { body: tokenBody } }, async (request, reply) => {
    const signedIn = await flows.verify(request.body.token, request, reply);
    return reply.header('cache-control', 'no-store').send(signedInAnswer(signedIn));
  });

  // ------------------------------------------------------------------ sign-in by a mailed code

  // ------------------------------------------------------------------ passkeys (passkeys.ts)

  await passkeyRoutes(plugin, { db, flows, rp });
  await totpRoutes(plugin, { db, issuer: rp.name, passkeyScript });

  const codes = signInCodes(db, flows);
  app.post(`${ACCOUNT_API}/code`, { ...open, schema: { body: resetRequestBody } }, async (request, reply) => {
    const { email } = request.body;
    return reply.code(202).send({ message: await codes.request(email, request, reply) });
  });

  app.post(`${ACCOUNT_API}/code/verify`, { ...open, schema: { body: codeBody } }, async (request, reply) => {
    const signedIn = await codes.verify(request.body, request, reply);
    return reply.header('cache-control', 'no-store').send(signedInAnswer(signedIn));
  });

  // ------------------------------------------------------------------ password reset

  app.post(
    `${ACCOUNT_API}/password-reset`,
    { ...open, schema: { body: resetRequestBody } },
    async (request, reply) => {
      const { email } = request.body;
      return reply.code(202).send({ message: await flows.requestReset(email, request, reply) });
    },
  );

  app.post(
    `${ACCOUNT_API}/password-reset/confirm`,
    { ...open, schema: { body: resetBody } },
    async (request) => {
      const input = request.body;
      await flows.confirmReset(input.token, input.password, request.site.strings);
      return { ok: true };
    },
  );

  // ------------------------------------------------------------------ the signed-in customer's account

  app.get(ACCOUNT_API, { preHandler: customer }, async (request, reply) => {
    const account = await flows.signedInAccount(request);
    reply.header('cache-control', 'no-store');
    return {
      id: account.id,
      email: account.email,
      name: account.name,
      emailVerified: account.email_verified_at !== null,
    };
  });

  customerApiRoutes(plugin, { db, flows, base: ACCOUNT_API });

  // The member is checked before the schemas: a signed-out call is refused as such, whatever it sent.
  const customerWrite = { config: crumbed, preValidation: customer };
  app.put(
    `${ACCOUNT_API}/password`,
    { ...customerWrite, schema: { body: passwordBody } },
    async (request, reply) => {
      const input = request.body;
      const { xsrfToken } = await flows.changePassword(input, request, reply);
      return reply.header('cache-control', 'no-store').send({ xsrfToken });
    },
  );

  app.put(
    `${ACCOUNT_API}/email`,
    { ...customerWrite, schema: { body: emailBody } },
    async (request, reply) => {
      const input = request.body;
      return reply.code(202).send({ message: await flows.requestEmailChange(input, request) });
    },
  );

  app.delete(ACCOUNT_API, { ...customerWrite, schema: { body: deleteBody } }, async (request, reply) => {
    const input = request.body;
    const account = await flows.signedInAccount(request);
    if (!(await verifyPassword(input.password, account.password_hash)))
      throw apiError('account.password-wrong');
    await deleteAccount(db, account.id);
    await flows.send(deletedMail(account.email, request.site, request.site.strings), null);
    await endSession(db, request, reply);
    return { deleted: true };
  });
}
