/**
 * `/config/login`: the staff sign-in page, a plain form that works without scripts (issue 14). It
 * posts to itself; a refusal (wrong password, a missing or wrong authenticator code, the sign-in
 * limit, a stale crumb) shows the form again with the message and the refusal's status. A passkey
 * button shows where the browser has WebAuthn (passkeys.ts). Signed in, it is the staff member's
 * account page: add a passkey, set up or turn off an authenticator app (totp.ts).
 */
import { message, type LocalizedStrings, type MessageCode } from '@storefront/core';
import { escapeHtml as e } from '../../platform/http/html.ts';
import type { FastifyReply } from 'fastify';
import { STAFF_LOGIN_PATH } from '../../platform/http/session.ts';
import { STYLE_NONCE_MARKER } from '../../platform/site/nonce-markers.ts';
import { STAFF_PAGE_CSS } from './login-style.ts';

export { STAFF_LOGIN_PATH };
import { PASSKEY_API, passkeyButton } from './passkey-button.ts';

/** The authenticator app's form posts (`action`: start, confirm or off). */
export const STAFF_TOTP_PATH = '/config/login/totp';

/** The signed-in page's sign-out form posts (`everywhere=1`: every session of the member). */
export const STAFF_SIGN_OUT_PATH = '/config/login/sign-out';

/** The back office's home (its dashboard): where a sign-in without a `next` leads. */
export const BACKOFFICE_HOME = '/config';

/** Where to go after signing in: a back-office address only (never another site). */
export const staffNext = (next: unknown): string =>
  typeof next === 'string' && /^\/config\/[\w\-/.]*(\?[\w\-.=&%]*)?$/.test(next) ? next : BACKOFFICE_HOME;

export type TotpState =
  { state: 'off' } | { state: 'pending'; secret: string; uri: string } | { state: 'on' };

export interface LoginPage {
  crumb: string;
  email?: string;
  error?: string;
  /** A success message (signed in, authenticator set up). */
  notice?: string;
  /** The back-office page asked for, to go to once signed in. */
  next?: string;
  /** The signed-in staff member's address, when there is one. */
  signedInAs?: string;
  totp?: TotpState;
  /** The web bundle's passkey entry (WebAssets.passkeyScript), which wires the passkey buttons. */
  passkeyScript: string | null;
}

/** A word of the page, from the catalogue (a site's `localizedStrings` may override it), escaped. */
type Words = (code: Extract<MessageCode, `staff.${string}`>, params?: Record<string, string>) => string;

const crumbField = (crumb: string) => `<input type="hidden" name="crumb" value="${e(crumb)}">`;
const codeField = (label: string, required: boolean) =>
  `<p><label for="code">${label}</label><br><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8"${required ? ' required' : ''}></p>`;

function totpSection(crumb: string, totp: TotpState, t: Words): string {
  const form = (action: string, fields: string, submit: string) =>
    `<form method="post" action="${STAFF_TOTP_PATH}">${crumbField(crumb)}<input type="hidden" name="action" value="${action}">${fields}<p><button type="submit">${submit}</button></p></form>`;
  if (totp.state === 'on')
    return `<p>${t('staff.totp-on')}</p>${form('off', codeField(t('staff.totp-off-code'), true), t('staff.totp-turn-off'))}`;
  if (totp.state === 'pending')
    return `<p>${t('staff.totp-add-key')}</p>
<p>${t('staff.totp-key')} <code id="totp-secret">${e(totp.secret)}</code></p>
<p><a href="${e(totp.uri)}">${t('staff.totp-open')}</a></p>
${form('confirm', codeField(t('staff.totp-code'), true), t('staff.totp-turn-on'))}`;
  return form('start', '', t('staff.totp-set-up'));
}

export function loginPageHtml(page: LoginPage, ls?: LocalizedStrings): string {
  const t: Words = (code, params) => e(message(code, params, ls));
  const status = page.notice ? `<p role="status">${e(page.notice)}</p>` : '';
  const alert = page.error ? `<p role="alert">${e(page.error)}</p>` : '';
  const body = page.signedInAs
    ? `<p role="status">${t('staff.signed-in-as', { email: page.signedInAs })}</p>${status}${alert}
<p><a href="${BACKOFFICE_HOME}">${t('staff.go-to-back-office')}</a></p>
<form method="post" action="${STAFF_SIGN_OUT_PATH}">${crumbField(page.crumb)}<p><button type="submit">${t('staff.sign-out')}</button> <button type="submit" name="everywhere" value="1">${t('staff.sign-out-everywhere')}</button></p></form>
<h2>${t('staff.passkeys')}</h2>
${passkeyButton('register', PASSKEY_API.staff.register, STAFF_LOGIN_PATH, message('staff.add-passkey', {}, ls), page.passkeyScript)}
<h2>${t('staff.authenticator')}</h2>
${totpSection(page.crumb, page.totp ?? { state: 'off' }, t)}`
    : `${alert}
<form method="post" action="${STAFF_LOGIN_PATH}">
${crumbField(page.crumb)}${page.next ? `<input type="hidden" name="next" value="${e(page.next)}">` : ''}
<p><label for="email">${t('staff.email')}</label><br><input id="email" name="email" type="email" autocomplete="username" required value="${e(page.email ?? '')}"></p>
<p><label for="password">${t('staff.password')}</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
${codeField(t('staff.code-optional'), false)}
<p><button type="submit">${t('staff.sign-in')}</button></p>
</form>
${passkeyButton('sign-in', PASSKEY_API.staff.signIn, page.next ?? BACKOFFICE_HOME, message('staff.sign-in-passkey', {}, ls), page.passkeyScript)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t('staff.sign-in-title')}</title>
<style nonce="${STYLE_NONCE_MARKER}">${STAFF_PAGE_CSS}</style></head>
<body><header class="cfg-header"><p>${t('staff.back-office')}</p></header><main class="cfg-login"><h1>${t('staff.sign-in-title')}</h1>
${body}
</main></body></html>`;
}

export function sendLoginPage(reply: FastifyReply, status: number, page: LoginPage): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(loginPageHtml(page, reply.request.site.strings));
}
