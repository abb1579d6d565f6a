/**
 * Passkeys (WebAuthn) for customers and staff (issue 14), through @simplewebauthn/server: the
 * library checks the authenticator's signatures, origins and flags, which are easy to get subtly
 * wrong by hand. The relying party is the site: its id is SITE_URL's host name and the expected
 * origin SITE_URL's origin, so a passkey made for the shop works only there.
 *
 * Each ceremony is two calls: `…/options` hands out a challenge (kept, as a digest, in the database
 * for five minutes, so that any instance can check the answer; spent by the first answer), then the
 * browser's answer is posted. Sign-in asks for a discoverable credential: no address is typed, so
 * nothing tells whether an address has an account.
 *
 *   customers  POST /api/site-users/account/passkeys/options, POST /api/site-users/account/passkeys
 *              (signed in: register);  POST /api/site-users/account/passkey-session/options,
 *              POST /api/site-users/account/passkey-session `{ response, rememberMe? }` (sign in);
 *              GET /api/site-users/account/passkeys (one's own), DELETE …/passkeys/:id
 *   staff      the same under /api/config/passkeys and /api/config/passkey-session
 *
 * The browser side is the web bundle's passkey entry (packages/web/src/passkey.ts, named
 * `passkeyEntry` in its manifest), loaded only by the sign-in and account pages (passkeyButton).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { apiError } from '../../platform/http/errors.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { digest } from '../../platform/http/session.ts';
import {
  deletePasskey,
  insertPasskey,
  keepChallenge as keepChallengeRow,
  passkeyForSignIn,
  passkeysOf,
  recordPasskeyUse,
  spendChallenge as spendChallengeRow,
} from './passkey-store.ts';
import { accountById } from './store.ts';
import type { AccountFlows, SignedIn } from './flows.ts';
import { requireMember } from '../../platform/http/guards.ts';
import type { AccountKind } from './tables.ts';
import type { SiteContext } from '../../platform/site/context.ts';

export { PASSKEY_API, passkeyButton } from './passkey-button.ts';
import { PASSKEY_API } from './passkey-button.ts';

const CHALLENGE_MS = 5 * 60_000;

/** The browser's answer, as @simplewebauthn/browser sends it; the library checks the rest. */
const credentialJson = z
  .object({
    id: z.string().max(1400),
    rawId: z.string().max(1400),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .strict();
/** `name`: what the owner calls it (their list shows it); without one the list names it by its day. */
const registerBody = z
  .object({ response: credentialJson, name: z.string().trim().min(1).max(60).optional() })
  .strict();
const signInBody = z.object({ response: credentialJson, rememberMe: z.boolean().optional() }).strict();
const passkeyParams = z.object({ id: z.string().max(1400) }).strict();

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export const relyingParty = (site: Pick<SiteContext, 'origin' | 'title'>): RelyingParty => {
  const url = new URL(site.origin);
  return { id: url.hostname, origin: url.origin, name: site.title || url.hostname };
};

const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** One's own passkeys as the list call and the /account page show them. */
export const passkeyList = async (db: Db, accountId: string) =>
  (await passkeysOf(db, accountId)).map((key) => ({
    id: key.id,
    name: key.name,
    created: Number(key.created),
    lastUsed: key.last_used === null ? null : Number(key.last_used),
  }));

/** Removes one of the account's own passkeys; `account.passkey-not-found` for any other id. */
export async function removePasskey(db: Db, accountId: string, id: string): Promise<void> {
  if (!(await deletePasskey(db, accountId, id))) throw apiError('account.passkey-not-found');
}

export interface PasskeyOptions {
  db: Db;
  flows: AccountFlows;
  rp: RelyingParty;
}

export function passkeys({ db, flows, rp }: PasskeyOptions) {
  const keepChallenge = async (
    challenge: string,
    purpose: 'register' | 'sign-in',
    kind: AccountKind,
    accountId: string | null,
  ) => {
    const now = Date.now();
    // Housekeeping without a timer: challenges nobody answered go as a new one is kept.
    await keepChallengeRow(
      db,
      { hash: digest(challenge), purpose, kind, accountId },
      now,
      now + CHALLENGE_MS,
    );
  };
  /** Spends a challenge we handed out for this purpose (and account); false when it is not one. */
  const spendChallenge =
    (purpose: 'register' | 'sign-in', kind: AccountKind, accountId: string | null) =>
    (challenge: string): Promise<boolean> =>
      spendChallengeRow(db, { hash: digest(challenge), purpose, kind, accountId }, Date.now());

  return {
    async registrationOptions(member: { accountId: string; kind: AccountKind }) {
      const account = await accountById(db, member.accountId);
      if (!account) throw apiError('account.sign-in-required');
      const existing = await passkeysOf(db, account.id);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: account.email,
        userDisplayName: account.name,
        userID: new TextEncoder().encode(account.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.id,
          ...(p.transports ? { transports: JSON.parse(p.transports) as string[] } : {}),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await keepChallenge(options.challenge, 'register', account.kind, account.id);
      return options;
    },

    async register(
      member: { accountId: string; kind: AccountKind },
      response: RegistrationResponseJSON,
      name?: string,
    ) {
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: spendChallenge('register', member.kind, member.accountId),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verification?.verified) throw apiError('account.passkey-invalid');
      const { credential } = verification.registrationInfo;
      await insertPasskey(
        db,
        {
          id: credential.id,
          accountId: member.accountId,
          publicKey: toBase64Url(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ? JSON.stringify(credential.transports) : null,
          name: name ?? null,
        },
        Date.now(),
      );
      return { id: credential.id };
    },

    /** Counted as the sign-in attempt (an answer needs one of these challenges). */
    async signInOptions(kind: AccountKind, request: FastifyRequest, reply: FastifyReply) {
      await flows.countClientSignIn(request, reply);
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
      await keepChallenge(options.challenge, 'sign-in', kind, null);
      return options;
    },

    /** Checks the passkey's signature and starts a session of its owner (the cart follows, flows.begin). */
    async signIn(
      kind: AccountKind,
      response: AuthenticationResponseJSON,
      remember: boolean,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<SignedIn> {
      const stored = await passkeyForSignIn(db, response.id, kind);
      // An unknown passkey still spends the challenge: each is good for one answer.
      if (!stored) {
        await spendChallenge('sign-in', kind, null)(challengeOf(response));
        throw apiError('account.passkey-failed');
      }
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: spendChallenge('sign-in', kind, null),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: stored.id,
          publicKey: fromBase64Url(stored.public_key),
          counter: Number(stored.counter),
          ...(stored.transports ? { transports: JSON.parse(stored.transports) as string[] } : {}),
        },
        requireUserVerification: false,
      }).catch(() => undefined);
      const account = verification?.verified ? await accountById(db, stored.account_id) : undefined;
      if (!verification?.verified || !account) throw apiError('account.passkey-failed');
      await recordPasskeyUse(db, stored.id, verification.authenticationInfo.newCounter, Date.now());
      return flows.begin(account, remember, request, reply);
    },
  };
}

/** The challenge the browser signed, read from its client data (undefined-safe: '' when absent). */
function challengeOf(response: AuthenticationResponseJSON): string {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}

/** The passkey calls of both kinds. */
export async function passkeyRoutes(plugin: FastifyInstance, options: PasskeyOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const keys = passkeys(options);
  const crumbed = { crumb: true, jsonBody: true };
  const open = { config: { ...crumbed, xsrf: false as const } };
  const memberOf = (request: FastifyRequest) => request.member as { accountId: string; kind: AccountKind };

  for (const kind of ['customer', 'staff'] as const) {
    const paths = PASSKEY_API[kind];
    // The member is checked before the schemas: a signed-out call is refused as such, whatever it sent.
    const signedIn = { config: crumbed, preValidation: requireMember(kind) };
    app.post(`${paths.register}/options`, signedIn, async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await keys.registrationOptions(memberOf(request))),
    );
    app.post(paths.register, { ...signedIn, schema: { body: registerBody } }, async (request) => {
      const { response, name } = request.body;
      return keys.register(memberOf(request), response as unknown as RegistrationResponseJSON, name);
    });
    app.get(paths.register, { preHandler: requireMember(kind) }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return passkeyList(options.db, memberOf(request).accountId);
    });
    app.delete(
      `${paths.register}/:id`,
      { ...signedIn, schema: { params: passkeyParams } },
      async (request) => {
        const { id } = request.params;
        await removePasskey(options.db, memberOf(request).accountId, id);
        return { deleted: true };
      },
    );
    app.post(`${paths.signIn}/options`, open, async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await keys.signInOptions(kind, request, reply)),
    );
    app.post(paths.signIn, { ...open, schema: { body: signInBody } }, async (request, reply) => {
      const input = request.body;
      const signedInAs = await keys.signIn(
        kind,
        input.response as unknown as AuthenticationResponseJSON,
        input.rememberMe === true,
        request,
        reply,
      );
      return reply.header('cache-control', 'no-store').send({ xsrfToken: signedInAs.xsrfToken });
    });
  }
}
