/**
 * The account mails (plain text), through the outbox and mailer of http/mail.ts: a link with a
 * one-time token to confirm an address or choose a new password, and the notices that need none.
 */
import { message, type LocalizedStrings } from '@storefront/core';
import type { OutboxMail } from '../http/mail.ts';
import { TOKEN_LIFETIMES } from './tokens.ts';

export interface MailSite {
  siteTitle: string;
  /** SITE_URL: the only source of absolute links. */
  origin: string;
}

const link = (site: MailSite, path: string, token?: string) =>
  `${site.origin}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

export function verifyMail(
  to: string,
  token: string,
  site: MailSite,
  ls?: LocalizedStrings,
): Omit<OutboxMail, 'refId'> {
  return {
    kind: 'account-verify',
    to,
    subject: message('account.mail.verify-subject', { site: site.siteTitle }, ls),
    body: message(
      'account.mail.verify-body',
      { link: link(site, '/account/verify', token), hours: TOKEN_LIFETIMES.verify / 3_600_000 },
      ls,
    ),
  };
}

export function alreadyRegisteredMail(
  to: string,
  site: MailSite,
  ls?: LocalizedStrings,
): Omit<OutboxMail, 'refId'> {
  return {
    kind: 'account-exists',
    to,
    subject: message('account.mail.exists-subject', { site: site.siteTitle }, ls),
    body: message(
      'account.mail.exists-body',
      { signIn: link(site, '/account/login'), reset: link(site, '/account/reset') },
      ls,
    ),
  };
}

export function resetMail(
  to: string,
  token: string,
  site: MailSite,
  ls?: LocalizedStrings,
): Omit<OutboxMail, 'refId'> {
  return {
    kind: 'account-reset',
    to,
    subject: message('account.mail.reset-subject', { site: site.siteTitle }, ls),
    body: message(
      'account.mail.reset-body',
      { link: link(site, '/account/reset', token), minutes: TOKEN_LIFETIMES.reset / 60_000 },
      ls,
    ),
  };
}

export function deletedMail(to: string, site: MailSite, ls?: LocalizedStrings): Omit<OutboxMail, 'refId'> {
  return {
    kind: 'account-deleted',
    to,
    subject: message('account.mail.deleted-subject', { site: site.siteTitle }, ls),
    body: message('account.mail.deleted-body', {}, ls),
  };
}
