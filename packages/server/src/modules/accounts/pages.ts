/**
 * The customer account pages' main content (server-rendered forms that work without JavaScript);
 * page-routes.ts puts it inside the site's layout. Every text comes from core's message catalogue,
 * so a site's `localizedStrings` can override it; the look is the checkout pages' (CHECKOUT_CSS).
 */
import { message, type LocalizedStrings, type MessageCode } from '@storefront/core';
import { escapeHtml as h } from '../../platform/http/html.ts';
import { CHECKOUT_CSS } from '../orders/index.ts';
import { PASSKEY_API, passkeyButton } from './passkeys.ts';
import { PASSWORD_MIN } from './passwords.ts';

export const ACCOUNT_PAGES = {
  login: '/account/login',
  register: '/account/register',
  reset: '/account/reset',
  verify: '/account/verify',
  account: '/account',
  logout: '/account/logout',
  /** The signed-in customer's forms for a new address (mailed a link) and a new password. */
  email: '/account/email',
  password: '/account/password',
  /** The signed-in customer's form removing one of their passkeys. */
  passkeys: '/account/passkeys',
  /** Sign-in by a mailed code (one-time-code.ts); the mail links here with `?pending=`. */
  code: '/account/login/code',
} as const;

export interface FormState {
  crumb: string;
  /** What the visitor typed (never a password), shown again after a refusal. */
  values?: Record<string, string>;
  /** A refusal's message, above the form. */
  error?: string;
}

type Field = { name: string; label: MessageCode; type: 'email' | 'password' | 'text'; autocomplete: string };

function field(f: Field, state: FormState, ls?: LocalizedStrings): string {
  const id = `sf-account-${f.name}`;
  const value = f.type === 'password' ? '' : (state.values?.[f.name] ?? '');
  const hint =
    f.autocomplete === 'new-password'
      ? `<p id="${id}-hint">${h(message('account.password-hint', { min: PASSWORD_MIN }, ls))}</p>`
      : '';
  return (
    `<div class="sf-checkout__field"><label for="${id}">${h(message(f.label, {}, ls))}</label>${hint}` +
    `<input id="${id}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required` +
    `${hint ? ` aria-describedby="${id}-hint"` : ''}${value ? ` value="${h(value)}"` : ''}></div>`
  );
}

function form(
  action: string,
  fields: string,
  submit: MessageCode,
  state: FormState,
  ls?: LocalizedStrings,
  hidden: Record<string, string> = {},
): string {
  const inputs = Object.entries({ crumb: state.crumb, ...hidden })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${h(value)}">`)
    .join('');
  return (
    `<form class="sf-checkout__form" method="post" action="${action}">${inputs}${fields}` +
    `<button class="sf-checkout__submit" type="submit">${h(message(submit, {}, ls))}</button></form>`
  );
}

/** The page's main content: a heading, a refusal's message if any, and the body. */
export function accountPage(
  title: MessageCode | { text: string },
  body: string,
  state: { error?: string },
  ls?: LocalizedStrings,
) {
  const error = state.error ? `<p class="sf-checkout__error" role="alert">${h(state.error)}</p>` : '';
  const heading = typeof title === 'string' ? message(title, {}, ls) : title.text;
  return `<style>${CHECKOUT_CSS}</style><div class="sf-checkout sf-account"><h1>${h(heading)}</h1>${error}${body}</div>`;
}

const link = (href: string, text: MessageCode, ls?: LocalizedStrings) =>
  `<p><a href="${href}">${h(message(text, {}, ls))}</a></p>`;
const EMAIL: Field = { name: 'email', label: 'account.email-label', type: 'email', autocomplete: 'email' };

const rememberMe = (state: FormState, ls?: LocalizedStrings) =>
  `<div class="sf-checkout__field"><label><input type="checkbox" name="rememberMe" value="on"` +
  `${state.values?.rememberMe === 'on' ? ' checked' : ''}> ${h(message('account.remember-me', {}, ls))}</label></div>`;

/** `passkeyScript`: the web bundle's passkey entry, which wires the passkey button (passkeys.ts). */
export function loginPage(
  state: FormState,
  ls: LocalizedStrings | undefined,
  passkeyScript: string | null,
): string {
  const remember = rememberMe(state, ls);
  const fields =
    field({ ...EMAIL, autocomplete: 'username' }, state, ls) +
    field(
      {
        name: 'password',
        label: 'account.password-label',
        type: 'password',
        autocomplete: 'current-password',
      },
      state,
      ls,
    ) +
    remember;
  return accountPage(
    'account.login-title',
    form(ACCOUNT_PAGES.login, fields, 'account.sign-in', state, ls) +
      passkeyButton(
        'sign-in',
        PASSKEY_API.customer.signIn,
        ACCOUNT_PAGES.account,
        message('account.passkey-sign-in', {}, ls),
        passkeyScript,
      ) +
      link(ACCOUNT_PAGES.code, 'account.email-code', ls) +
      link(ACCOUNT_PAGES.reset, 'account.forgot-password', ls) +
      link(ACCOUNT_PAGES.register, 'account.no-account', ls),
    state,
    ls,
  );
}

export function registerPage(state: FormState, ls?: LocalizedStrings): string {
  const fields =
    field({ name: 'name', label: 'account.name-label', type: 'text', autocomplete: 'name' }, state, ls) +
    field(EMAIL, state, ls) +
    field(
      { name: 'password', label: 'account.password-label', type: 'password', autocomplete: 'new-password' },
      state,
      ls,
    );
  return accountPage(
    'account.register-title',
    form(ACCOUNT_PAGES.register, fields, 'account.create', state, ls) +
      link(ACCOUNT_PAGES.login, 'account.sign-in', ls),
    state,
    ls,
  );
}

/** Without a token: ask for the address. With one (from the mail): ask for the new password. */
export function resetPage(state: FormState & { token?: string }, ls?: LocalizedStrings): string {
  const body = state.token
    ? form(
        ACCOUNT_PAGES.reset,
        field(
          {
            name: 'password',
            label: 'account.new-password-label',
            type: 'password',
            autocomplete: 'new-password',
          },
          state,
          ls,
        ),
        'account.set-password',
        state,
        ls,
        { token: state.token },
      )
    : form(ACCOUNT_PAGES.reset, field(EMAIL, state, ls), 'account.send-reset', state, ls);
  return accountPage('account.reset-title', body, state, ls);
}

/**
 * The mailed link opens this page; only its button spends the token, so a mail scanner that
 * follows links cannot use it up.
 */
export function verifyPage(state: FormState & { token: string }, ls?: LocalizedStrings): string {
  return accountPage(
    'account.verify-title',
    form(ACCOUNT_PAGES.verify, '', 'account.confirm-email', state, ls, { token: state.token }),
    state,
    ls,
  );
}

/**
 * Sign-in by a mailed code. Without an address: ask for it. With one (after asking), or with the
 * pending sign-in the mail's link names (`values.pending`): the code's field; only this form's
 * button spends the code.
 */
export function codePage(
  state: FormState & { notice?: string; askEmail?: boolean },
  ls?: LocalizedStrings,
): string {
  const email = state.values?.email;
  const pending = state.values?.pending;
  const notice = state.notice ? `<p role="status">${h(state.notice)}</p>` : '';
  const body =
    (email || pending) && !state.askEmail
      ? notice +
        (email ? `<p>${h(email)}</p>` : '') +
        form(
          ACCOUNT_PAGES.code,
          field(
            { name: 'code', label: 'account.code-label', type: 'text', autocomplete: 'one-time-code' },
            { ...state, values: {} },
            ls,
          ) + rememberMe(state, ls),
          'account.sign-in',
          state,
          ls,
          pending ? { pending } : { email: email ?? '' },
        ) +
        link(ACCOUNT_PAGES.code, 'account.email-code', ls)
      : form(ACCOUNT_PAGES.code, field(EMAIL, state, ls), 'account.email-code', state, ls);
  return accountPage(
    'account.code-title',
    body + link(ACCOUNT_PAGES.login, 'account.sign-in', ls),
    state,
    ls,
  );
}

/** A message and a way on (after registering, asking for a reset, setting a password). */
export function noticePage(
  title: MessageCode,
  text: string,
  next: string,
  nextText: MessageCode,
  ls?: LocalizedStrings,
) {
  return accountPage(title, `<p role="status">${h(text)}</p>${link(next, nextText, ls)}`, {}, ls);
}

/**
 * The signed-in customer's forms to change the address (the password and the new address; a link
 * is mailed there) and the password (the current one and the new one). `refused`: the form a
 * refusal was about, whose typed values (never a password) are shown again.
 */
export function credentialForms(
  crumb: string,
  ls?: LocalizedStrings,
  refused?: { form: 'email' | 'password'; values: Record<string, string> },
): string {
  const state = (name: 'email' | 'password'): FormState => ({
    crumb,
    ...(refused?.form === name ? { values: refused.values } : {}),
  });
  const current = (name: string): Field => ({
    name,
    label: 'account.current-password-label',
    type: 'password',
    autocomplete: 'current-password',
  });
  const email =
    field({ ...EMAIL, label: 'account.new-email-label' }, state('email'), ls) +
    field(current('password'), state('email'), ls);
  const password =
    field(current('currentPassword'), state('password'), ls) +
    field(
      {
        name: 'newPassword',
        label: 'account.new-password-label',
        type: 'password',
        autocomplete: 'new-password',
      },
      state('password'),
      ls,
    );
  return (
    `<h2>${h(message('account.change-email-title', {}, ls))}</h2>` +
    form(ACCOUNT_PAGES.email, email, 'account.change-email', state('email'), ls) +
    `<h2>${h(message('account.change-password-title', {}, ls))}</h2>` +
    form(ACCOUNT_PAGES.password, password, 'account.change-password', state('password'), ls)
  );
}

/** The day of a time, as the ISO calendar date (UTC): unambiguous in every language. */
const day = (millis: number) => new Date(millis).toISOString().slice(0, 10);

/** What a passkey is called on the page: its name, or the day it was added. */
export const passkeyName = (key: { name: string | null; created: number }, ls?: LocalizedStrings) =>
  key.name ?? message('account.passkey-unnamed', { date: day(key.created) }, ls);

/** The signed-in customer's passkeys (name, added, last used), each with a form removing it. */
export function passkeysSection(
  passkeys: readonly { id: string; name: string | null; created: number; lastUsed: number | null }[],
  crumb: string,
  ls?: LocalizedStrings,
): string {
  const t = (code: MessageCode) => h(message(code, {}, ls));
  const rows = passkeys
    .map((key) => {
      const name = passkeyName(key, ls);
      return (
        `<tr><th scope="row">${h(name)}</th><td>${day(key.created)}</td>` +
        `<td>${key.lastUsed === null ? t('account.passkey-never-used') : day(key.lastUsed)}</td>` +
        `<td><form method="post" action="${ACCOUNT_PAGES.passkeys}" class="sf-account__inline">` +
        `<input type="hidden" name="crumb" value="${h(crumb)}"><input type="hidden" name="id" value="${h(key.id)}">` +
        `<button type="submit">${t('account.passkey-remove')}<span class="sf-visually-hidden"> ${h(name)}</span></button></form></td></tr>`
      );
    })
    .join('');
  const columns = (
    [
      'account.passkey-name-column',
      'account.passkey-created-column',
      'account.passkey-last-used-column',
    ] as const
  )
    .map((c) => `<th scope="col">${t(c)}</th>`)
    .join('');
  return (
    `<section class="sf-account__passkeys"><h2>${t('account.passkeys-title')}</h2>` +
    (rows
      ? `<table class="sf-checkout__summary"><thead><tr>${columns}<td></td></tr></thead><tbody>${rows}</tbody></table>`
      : `<p>${t('account.passkeys-empty')}</p>`) +
    `</section>`
  );
}

/** Who is signed in, `sections` (orders, addresses: order-views.ts), and sign-out. */
export function profilePage(
  account: { name: string; email: string },
  crumb: string,
  ls?: LocalizedStrings,
  sections = '',
  state: { error?: string } = {},
  passkeyScript: string | null = null,
): string {
  const body =
    `<p>${h(message('account.signed-in-as', { email: account.email }, ls))}</p>` +
    `<dl><dt>${h(message('account.name-label', {}, ls))}</dt><dd>${h(account.name)}</dd>` +
    `<dt>${h(message('account.email-label', {}, ls))}</dt><dd>${h(account.email)}</dd></dl>` +
    passkeyButton(
      'register',
      PASSKEY_API.customer.register,
      ACCOUNT_PAGES.account,
      message('account.passkey-add', {}, ls),
      passkeyScript,
    ) +
    sections +
    form(ACCOUNT_PAGES.logout, '', 'account.sign-out', { crumb }, ls);
  return accountPage('account.title', body, state, ls);
}
