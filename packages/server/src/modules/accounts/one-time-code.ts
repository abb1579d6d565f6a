/**
 * Sign-in by a code mailed to a customer (issue 14): six digits, working once, for ten minutes,
 * kept as a SHA-256 digest of the account and the code. A few wrong codes burn it. The mail carries
 * the code itself; its link only opens the page where the code is typed, so a mail scanner that
 * follows links neither spends the code nor uses up its attempts: only a POST with the code does.
 * The link names the pending sign-in by an opaque token (`?pending=`, its digest kept with the
 * code), never by the address, which would otherwise end up in browser histories and access logs.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { message, type LocalizedStrings } from '@storefront/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/index.ts';
import { apiError, coreRefusal } from '../../platform/http/errors.ts';
import type { OutboxMail } from '../../platform/mail/mail.ts';
import { hit, resetRateLimit } from '../../platform/http/rate-limit.ts';
import { digest } from '../../platform/http/session.ts';
import { parseEmail } from './accounts.ts';
import { accountById, findAccount, markVerified } from './store.ts';
import type { AccountFlows, SignedIn } from './flows.ts';
import type { MailSite } from './mail.ts';
import { accountIdOfTokenData, forgetTokens, spendTokenDigest, storeToken } from './token-store.ts';
import { TOKEN_LIFETIMES } from './tokens.ts';

/** Wrong codes a mailed code survives; the next wrong one burns it. */
export const CODE_ATTEMPTS = 5;
export const CODE_PAGE = '/account/login/code';
const LIFETIME = TOKEN_LIFETIMES['sign-in-code'];

const codeDigest = (accountId: string, code: string) => digest(`${accountId}:${code}`);
const attemptsKey = (accountId: string) => `sign-in-code:attempts:${accountId}`;

/** Who signs in: the address typed, or the pending sign-in the mailed link named. */
export type CodeInput = ({ email: string } | { pending: string }) & {
  code: string;
  rememberMe?: boolean | undefined;
};

export function codeMail(
  to: string,
  code: string,
  pending: string,
  site: MailSite,
  ls?: LocalizedStrings,
): Omit<OutboxMail, 'refId'> {
  return {
    kind: 'account-code',
    to,
    subject: message('account.mail.code-subject', { site: site.title }, ls),
    body: message(
      'account.mail.code-body',
      {
        code,
        link: `${site.origin}${CODE_PAGE}?pending=${pending}`,
        minutes: LIFETIME / 60_000,
      },
      ls,
    ),
  };
}

export type SignInCodes = ReturnType<typeof signInCodes>;

export function signInCodes(db: Db, flows: AccountFlows) {
  const burn = (accountId: string) => forgetTokens(db, accountId, 'sign-in-code');

  /** The customer whose unexpired code the mailed link's token belongs to. */
  const pendingAccount = async (pending: string, now: number) => {
    if (!/^[\w-]{43}$/.test(pending)) return undefined;
    const accountId = await accountIdOfTokenData(db, digest(pending), 'sign-in-code', now);
    const account = accountId ? await accountById(db, accountId) : undefined;
    return account?.kind === 'customer' ? account : undefined;
  };

  return {
    /** Mails a code when a customer has the address; the same answer either way. */
    async request(emailInput: string, request: FastifyRequest, reply: FastifyReply): Promise<string> {
      const ls = request.site.strings;
      const email = parseEmail(emailInput, ls);
      if (!email.ok) throw coreRefusal(email.error);
      await flows.countMailing('sign-in-code', request, reply, email.value.key);
      const account = await findAccount(db, 'customer', email.value.key);
      if (account) {
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const pending = randomBytes(32).toString('base64url');
        const now = Date.now();
        await storeToken(
          db,
          {
            accountId: account.id,
            purpose: 'sign-in-code',
            idHash: codeDigest(account.id, code),
            data: digest(pending),
          },
          now,
          now + LIFETIME,
        );
        // A new code gets its own attempts.
        await resetRateLimit(db, attemptsKey(account.id));
        await flows.send(codeMail(account.email, code, pending, request.site, ls), account.id);
      }
      return message('account.code-sent', {}, ls);
    },

    /**
     * Spends the code and signs in (flows.begin: the cart follows). Every try counts for the
     * client and the address (as a password sign-in does) and for the code, which the last allowed
     * wrong try deletes. Receiving the code proves the address, so the account becomes verified.
     */
    async verify(input: CodeInput, request: FastifyRequest, reply: FastifyReply): Promise<SignedIn> {
      const ls = request.site.strings;
      const now = Date.now();
      let account;
      if ('email' in input) {
        const email = parseEmail(input.email, ls);
        if (!email.ok) throw coreRefusal(email.error);
        await flows.countMailing('sign-in-code-check', request, reply, email.value.key);
        account = await findAccount(db, 'customer', email.value.key);
      } else {
        account = await pendingAccount(input.pending, now);
        const key = account?.email_key ?? `pending:${digest(input.pending)}`;
        await flows.countMailing('sign-in-code-check', request, reply, key);
      }
      const code = input.code.replace(/\s/g, '');
      if (!account || !/^\d{6}$/.test(code)) throw apiError('account.code-invalid');
      const attempts = await hit(db, attemptsKey(account.id), LIFETIME, now);
      const spent =
        attempts.current <= CODE_ATTEMPTS
          ? await spendTokenDigest(db, codeDigest(account.id, code), 'sign-in-code', now)
          : undefined;
      if (!spent) {
        if (attempts.current >= CODE_ATTEMPTS) await burn(account.id);
        throw apiError('account.code-invalid');
      }
      await markVerified(db, account.id, now);
      return flows.begin(account, input.rememberMe === true, request, reply);
    },
  };
}
