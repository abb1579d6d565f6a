/**
 * What the account calls do, whoever asks: the JSON API (routes.ts) and the pages' form posts
 * (page-routes.ts). Each step parses nothing (its caller did) and refuses by throwing an ApiError.
 */
import { message, type LocalizedStrings } from '@storefront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hit, pruneRateLimits, recentCount } from '../../platform/http/rate-limit.ts';
import type { Db } from '../../platform/db/index.ts';
import { apiError, coreRefusal } from '../../platform/http/errors.ts';
import { queueMail, type OutboxMail } from '../../platform/mail/mail.ts';
import { endAllSessions, pruneSessions, startSession } from '../../platform/http/session.ts';
import {
  accountById,
  findAccount,
  lockAccountRow,
  markVerified,
  setPassword,
  type AccountRow,
} from './store.ts';
import { mergeIntoCustomerCart, setCartCookie, type CartNotice } from '../cart/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { authenticate, changeEmail, checkPassword, createAccount, parseEmail } from './accounts.ts';
import { CART_COOKIE } from '../../platform/http/cookies.ts';
import { alreadyRegisteredMail, resetMail, verifyMail } from './mail.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import type { AccountKind } from './tables.ts';
import { secondFactorRefusal } from './totp.ts';
import { issueToken, spendToken } from './tokens.ts';
import type { WebBundle } from '../../web-bundle.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Sign-in, registration and reset-request limits, counted in the database (docs/accounts.md). */
export const DEFAULT_SIGN_IN_LIMITS: { perClient: Limit; perAccount: Limit } = {
  perClient: { max: 30, windowMs: 10 * 60_000 },
  perAccount: { max: 10, windowMs: 15 * 60_000 },
};

export interface AccountOptions {
  db: Db;
  signInLimits?: typeof DEFAULT_SIGN_IN_LIMITS;
  /** Staff need a passkey or TOTP to sign in (`STAFF_SECOND_FACTOR=required`; totp.ts). */
  staffSecondFactorRequired?: boolean;
  /** The browser bundle, whose passkey entry the sign-in and account pages load (passkeys.ts). */
  webBundle: WebBundle;
}

export interface SignInInput {
  email: string;
  password: string;
  rememberMe?: boolean | undefined;
  /** A staff member's TOTP code (totp.ts), when they have turned it on. */
  code?: string | undefined;
}

export interface RegisterInput {
  email: string;
  password: string;
  name: string;
}

const PRUNE_PROBABILITY = 0.01;

/** A started session: its xsrfToken and what the cart merge could not keep (customer-cart.ts). */
export interface SignedIn {
  xsrfToken: string;
  cartNotices: CartNotice[];
}

export type AccountFlows = ReturnType<typeof accountFlows>;

export function accountFlows(app: FastifyInstance, options: AccountOptions) {
  const { db } = options;
  const limits = options.signInLimits ?? DEFAULT_SIGN_IN_LIMITS;
  // Made at the first sign-in, not at start (it costs a hash); every sign-in waits for it, so the
  // first one takes as long whether or not the address has an account.
  let decoy: Promise<string> | undefined;

  const send = async (mail: Omit<OutboxMail, 'refId'>, refId: string | null) => {
    app.mailer.deliverLater(await queueMail(db, { ...mail, refId }));
  };

  const refuseAfter = (reply: FastifyReply, waitMs: number): never => {
    reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
    throw apiError('rate-limited');
  };
  const housekeeping = (now: number) => {
    if (Math.random() >= PRUNE_PROBABILITY) return;
    const longest = Math.max(limits.perClient.windowMs, limits.perAccount.windowMs);
    void pruneRateLimits(db, longest * 10, now).catch(() => undefined);
    void pruneSessions(db, now).catch(() => undefined);
  };

  /** Counts a call that mails the address, for the client and for the address; 429 past either limit. */
  const countMailing = async (
    action: string,
    request: FastifyRequest,
    reply: FastifyReply,
    emailKey: string,
  ) => {
    const now = Date.now();
    housekeeping(now);
    const client = await hit(db, `${action}:client:${request.ip}`, limits.perClient.windowMs, now);
    const account = await hit(db, `${action}:account:${emailKey}`, limits.perAccount.windowMs, now);
    const wait = Math.max(
      client.current > limits.perClient.max ? client.ttl : 0,
      account.current > limits.perAccount.max ? account.ttl : 0,
    );
    if (wait > 0) refuseAfter(reply, wait);
  };

  /**
   * Starts the session; a customer's browser cart is merged into theirs and the cart cookie then
   * names the customer's cart (every signed-in device shares it). Every way of signing in ends here.
   */
  const begin = async (
    account: AccountRow,
    remember: boolean,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<SignedIn> => {
    const { xsrfToken } = await startSession(db, request, reply, account, remember);
    if (account.kind !== 'customer') return { xsrfToken, cartNotices: [] };
    // Two devices signing in at once: the account's row lock makes their merges take turns, so the
    // second finds the cart the first adopted instead of adopting its own beside it (which no later
    // sign-in would ever merge: its entries would be lost).
    const merged = await writeTransaction(db, async (trx) => {
      await lockAccountRow(trx, account.id);
      return mergeIntoCustomerCart(trx, account.id, request.cookies[CART_COOKIE], request.site.strings);
    });
    // No cart of theirs: whatever cart the cookie named is not theirs to keep using.
    setCartCookie(request, reply, merged.token);
    return { xsrfToken, cartNotices: merged.notices };
  };

  const signedInAccount = async (request: FastifyRequest): Promise<AccountRow> => {
    const account = request.member ? await accountById(db, request.member.accountId) : undefined;
    if (!account) throw apiError('account.sign-in-required');
    return account;
  };

  return {
    send,
    begin,
    countMailing,

    /** Counts a sign-in attempt that names no address (a passkey) for the client; 429 past the limit. */
    async countClientSignIn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const now = Date.now();
      housekeeping(now);
      const client = await hit(db, `sign-in:client:${request.ip}`, limits.perClient.windowMs, now);
      if (client.current > limits.perClient.max) refuseAfter(reply, client.ttl);
    },

    /**
     * Starts a session; answers its xsrfToken. Every attempt counts for the client; only failures
     * count for the address, so that someone who signs in often is never locked out by their own
     * successes.
     */
    async signIn(
      kind: AccountKind,
      input: SignInInput,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<SignedIn> {
      const emailKey = input.email.trim().toLowerCase();
      const now = Date.now();
      housekeeping(now);
      const accountKey = `sign-in:${kind}:${emailKey}`;
      const client = await hit(db, `sign-in:client:${request.ip}`, limits.perClient.windowMs, now);
      const failures = await recentCount(db, accountKey, limits.perAccount.windowMs, now);
      const wait = Math.max(
        client.current > limits.perClient.max ? client.ttl : 0,
        failures.current >= limits.perAccount.max ? failures.ttl : 0,
      );
      if (wait > 0) refuseAfter(reply, wait);
      decoy ??= decoyHash();
      await decoy;
      const account = await authenticate(db, kind, emailKey, input.password, decoy);
      if (!account) {
        await hit(db, accountKey, limits.perAccount.windowMs, Date.now());
        throw apiError('account.sign-in-failed');
      }
      if (account.email_verified_at === null) {
        // Each such sign-in mails a new link: counted as registration's mails are, per address.
        await countMailing('register', request, reply, emailKey);
        await send(
          verifyMail(
            account.email,
            await issueToken(db, account.id, 'verify'),
            request.site,
            request.site.strings,
          ),
          account.id,
        );
        throw apiError('account.unverified');
      }
      const refusal = await secondFactorRefusal(
        db,
        account,
        input.code,
        options.staffSecondFactorRequired === true,
      );
      if (refusal) {
        // A wrong code counts as a failure: the password alone does not buy guesses.
        if (refusal === 'account.totp-invalid')
          await hit(db, accountKey, limits.perAccount.windowMs, Date.now());
        throw apiError(refusal);
      }
      return begin(account, input.rememberMe === true, request, reply);
    },

    /**
     * Registers a customer and mails the confirmation link. A taken address gets the same answer
     * (and the same hashing work); its owner is mailed a notice instead. Answers the message shown.
     */
    async register(input: RegisterInput, request: FastifyRequest, reply: FastifyReply): Promise<string> {
      const { site } = request;
      const ls = site.strings;
      const email = parseEmail(input.email, ls);
      if (!email.ok) throw coreRefusal(email.error);
      const name = input.name.trim();
      if (name === '')
        throw coreRefusal({ code: 'checkout.name-blank', message: message('checkout.name-blank', {}, ls) });
      const password = checkPassword(input.password, ls);
      if (!password.ok) throw coreRefusal(password.error);
      await countMailing('register', request, reply, email.value.key);
      const passwordHash = await hashPassword(password.value);
      const id = await createAccount(db, {
        kind: 'customer',
        email: email.value,
        name,
        passwordHash,
        verified: false,
      });
      if (id) await send(verifyMail(email.value.value, await issueToken(db, id, 'verify'), site, ls), id);
      else await send(alreadyRegisteredMail(email.value.value, site, ls), null);
      return message('account.registered', {}, ls);
    },

    /** Spends a verify token (confirming the address, or moving to a new one) and signs in. */
    async verify(token: string, request: FastifyRequest, reply: FastifyReply): Promise<SignedIn> {
      const spent = await spendToken(db, token, 'verify');
      const account = spent ? await accountById(db, spent.accountId) : undefined;
      if (!spent || !account) throw apiError('account.token-invalid');
      if (spent.data !== null) {
        const email = parseEmail(spent.data, request.site.strings);
        if (!email.ok || !(await changeEmail(db, account, email.value)))
          throw apiError('account.email-in-use');
        // A new address changes who can reset the password: every other session ends.
        await endAllSessions(db, account.id);
      } else await markVerified(db, account.id);
      return begin(account, false, request, reply);
    },

    /** Mails a reset link when a customer has the address; the same answer either way. */
    async requestReset(emailInput: string, request: FastifyRequest, reply: FastifyReply): Promise<string> {
      const { site } = request;
      const ls = site.strings;
      const email = parseEmail(emailInput, ls);
      if (!email.ok) throw coreRefusal(email.error);
      await countMailing('reset', request, reply, email.value.key);
      const account = await findAccount(db, 'customer', email.value.key);
      if (account)
        await send(resetMail(account.email, await issueToken(db, account.id, 'reset'), site, ls), account.id);
      return message('account.reset-sent', {}, ls);
    },

    /** Sets the new password with a reset token; every session of the account ends. */
    async confirmReset(token: string, newPassword: string, ls: LocalizedStrings): Promise<void> {
      const password = checkPassword(newPassword, ls);
      if (!password.ok) throw coreRefusal(password.error);
      const spent = await spendToken(db, token, 'reset');
      if (!spent) throw apiError('account.token-invalid');
      await setPassword(db, spent.accountId, await hashPassword(password.value));
      // The mailed link proves the address; whoever knew the old password is signed out.
      await markVerified(db, spent.accountId);
      await endAllSessions(db, spent.accountId);
    },

    /**
     * The signed-in customer's new password, given the current one: every session of the account
     * ends and this browser gets a new one (answers its xsrfToken).
     */
    async changePassword(
      input: { currentPassword: string; newPassword: string },
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<{ xsrfToken: string }> {
      const account = await signedInAccount(request);
      if (!(await verifyPassword(input.currentPassword, account.password_hash)))
        throw apiError('account.password-wrong');
      const password = checkPassword(input.newPassword, request.site.strings);
      if (!password.ok) throw coreRefusal(password.error);
      await setPassword(db, account.id, await hashPassword(password.value));
      await endAllSessions(db, account.id);
      const { xsrfToken } = await startSession(db, request, reply, account, false);
      return { xsrfToken };
    },

    /**
     * Mails a confirmation link to the new address, given the password; the address changes when
     * the link is used (`verify`). Answers the message shown.
     */
    async requestEmailChange(input: { password: string; email: string }, request: FastifyRequest) {
      const { site } = request;
      const ls = site.strings;
      const account = await signedInAccount(request);
      if (!(await verifyPassword(input.password, account.password_hash)))
        throw apiError('account.password-wrong');
      const email = parseEmail(input.email, ls);
      if (!email.ok) throw coreRefusal(email.error);
      const token = await issueToken(db, account.id, 'verify', email.value.value);
      await send(verifyMail(email.value.value, token, site, ls), account.id);
      return message('account.email-change-sent', {}, ls);
    },

    signedInAccount,
  };
}
