/**
 * The account mails (plain text), through the outbox and mailer of http/mail.ts: a link with a
 * one-time token to confirm an address or choose a new password, and the notices that need none.
 * Each is one entry of ACCOUNT_MAILS: its outbox kind and its subject and body in core's catalogue.
 */
import { message, type LocalizedStrings, type MessageCode } from '@storefront/core';
import type { OutboxMail } from '../../platform/mail/mail.ts';
import { TOKEN_LIFETIMES } from './tokens.ts';
import type { MailingSite } from '../../platform/site/context.ts';

/** The site a mail comes from: its title, and its origin (SITE_URL), the only source of absolute links. */
export type MailSite = Pick<MailingSite, 'origin' | 'title'>;

export type AccountMail = Omit<OutboxMail, 'refId'>;

const ACCOUNT_MAILS = {
  'account-verify': { subject: 'account.mail.verify-subject', body: 'account.mail.verify-body' },
  'account-exists': { subject: 'account.mail.exists-subject', body: 'account.mail.exists-body' },
  'account-reset': { subject: 'account.mail.reset-subject', body: 'account.mail.reset-body' },
  'account-deleted': { subject: 'account.mail.deleted-subject', body: 'account.mail.deleted-body' },
  'account-code': { subject: 'account.mail.code-subject', body: 'account.mail.code-body' },
} as const satisfies Record<string, { subject: MessageCode; body: MessageCode }>;

/** A link into the site, from SITE_URL. */
export const siteLink = (site: MailSite, path: string, token?: string) =>
  `${site.origin}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

/** The mail of `kind` to `to`: the subject names the site, the body fills in `params`. */
export function accountMail(
  kind: keyof typeof ACCOUNT_MAILS,
  to: string,
  site: MailSite,
  params: Record<string, string | number>,
  ls?: LocalizedStrings,
): AccountMail {
  const texts = ACCOUNT_MAILS[kind];
  return {
    kind,
    to,
    subject: message(texts.subject, { site: site.title }, ls),
    body: message(texts.body, params, ls),
  };
}

export const verifyMail = (to: string, token: string, site: MailSite, ls?: LocalizedStrings) =>
  accountMail(
    'account-verify',
    to,
    site,
    { link: siteLink(site, '/account/verify', token), hours: TOKEN_LIFETIMES.verify / 3_600_000 },
    ls,
  );

export const alreadyRegisteredMail = (to: string, site: MailSite, ls?: LocalizedStrings) =>
  accountMail(
    'account-exists',
    to,
    site,
    { signIn: siteLink(site, '/account/login'), reset: siteLink(site, '/account/reset') },
    ls,
  );

export const resetMail = (to: string, token: string, site: MailSite, ls?: LocalizedStrings) =>
  accountMail(
    'account-reset',
    to,
    site,
    { link: siteLink(site, '/account/reset', token), minutes: TOKEN_LIFETIMES.reset / 60_000 },
    ls,
  );

export const deletedMail = (to: string, site: MailSite, ls?: LocalizedStrings) =>
  accountMail('account-deleted', to, site, {}, ls);
