/**
 * The account pages as JSON-T system page templates (docs/templates.md "The platform's pages"): the
 * platform's own version of a page a template may replace with `pages/<name>.page`. They read
 * `accountPage` (template-pages.ts, the contract of docs/accounts.md) and `accountText`, the
 * catalogue's words for the page; both are already HTML-escaped, so they print them as they are.
 */
import { CHECKOUT_CSS } from '../orders/index.ts';
import { ACCOUNT_PAGES } from './pages.ts';
import { ACCOUNT_TEMPLATE_PAGES } from './template-pages.ts';

const page = (body: string) =>
  `<style>${CHECKOUT_CSS}</style><div class="sf-checkout sf-account"><h1>{accountText.title}</h1>` +
  '{.if accountPage.error}<p class="sf-checkout__error" role="alert">{accountPage.error}</p>{.end}' +
  `${body}</div>`;

/** A field the visitor types into, shown again with what they typed after a refusal. */
const typedField = (name: string, type: string, autocomplete: string) =>
  `<div class="sf-checkout__field"><label for="sf-account-${name}">{accountText.${name}Label}</label>` +
  `<input id="sf-account-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required` +
  `{.if accountPage.values.${name}} value="{accountPage.values.${name}}"{.end}></div>`;

/** A new password's field, with the rule it must meet; never shown again. */
const newPasswordField =
  '<div class="sf-checkout__field"><label for="sf-account-password">{accountText.passwordLabel}</label>' +
  '<p id="sf-account-password-hint">{accountText.passwordHint}</p>' +
  '<input id="sf-account-password" name="password" type="password" autocomplete="new-password" required' +
  ' aria-describedby="sf-account-password-hint"></div>';

const signInLink = `<p><a href="${ACCOUNT_PAGES.login}">{accountText.signIn}</a></p>`;

/** What a successful post said, and a way to sign in. */
const notice = `<p role="status">{accountPage.notice}</p>${signInLink}`;

/** A form posting to `action`, with the crumb (and `hidden`, JSON-T) before its fields; `submit` names its button's words. */
const form = (action: string, fields: string, submit: string, hidden = '') =>
  `<form class="sf-checkout__form" method="post" action="${action}">` +
  `<input type="hidden" name="crumb" value="{accountPage.crumb}">${hidden}${fields}` +
  `<button class="sf-checkout__submit" type="submit">{accountText.${submit}}</button></form>`;

/**
 * The reset page opened from the mail carries its token in `accountPage.token`; shown again after a
 * refusal, in what was posted back (`accountPage.values.token`).
 */
const resetToken =
  '{.var @token accountPage.token}{.if @token}{.or}{.var @token accountPage.values.token}{.end}';

const link = (href: string, text: string) => `<p><a href="${href}">{accountText.${text}}</a></p>`;

/** The typed password of a sign-in; never shown again. */
const currentPasswordField =
  '<div class="sf-checkout__field"><label for="sf-account-password">{accountText.passwordLabel}</label>' +
  '<input id="sf-account-password" name="password" type="password" autocomplete="current-password" required></div>';

const rememberMe =
  '<div class="sf-checkout__field"><label><input type="checkbox" name="rememberMe" value="on"' +
  '{.equal? accountPage.values.rememberMe "on"} checked{.end}> {accountText.rememberMe}</label></div>';

const ordersTable =
  '<table class="sf-checkout__summary sf-account__orders"><thead><tr>' +
  '<th scope="col">{accountText.orderColumn}</th><th scope="col">{accountText.dateColumn}</th>' +
  '<th scope="col">{accountText.statusColumn}</th><th scope="col">{accountText.totalColumn}</th>' +
  '</tr></thead><tbody>{.repeated section accountPage.orders}' +
  '<tr><th scope="row"><a href="{url}">#{number}</a></th><td>{date}</td><td>{status}</td>' +
  '<td class="sf-checkout__price">{total}</td></tr>{.end}</tbody></table>';

const newer = '<a href="{accountPage.pagination.prevPageUrl}" rel="prev">{accountText.newer}</a>';
const older = '<a href="{accountPage.pagination.nextPageUrl}" rel="next">{accountText.older}</a>';
const paging = (links: string) => `<nav class="sf-account__paging"><p>${links}</p></nav>`;

/** Page name -> JSON-T source. */
export const ACCOUNT_PAGE_TEMPLATES = {
  [ACCOUNT_TEMPLATE_PAGES.orders]: page(
    `{.if accountPage.orders}${ordersTable}{.or}<p>{accountText.empty}</p>{.end}` +
      `{.if accountPage.pagination.prevPageUrl}${paging(`${newer}{.if accountPage.pagination.nextPageUrl} · ${older}{.end}`)}` +
      `{.or}{.if accountPage.pagination.nextPageUrl}${paging(older)}{.end}{.end}` +
      link(ACCOUNT_PAGES.account, 'back'),
  ),
  [ACCOUNT_TEMPLATE_PAGES.login]: page(
    form(
      ACCOUNT_PAGES.login,
      typedField('email', 'email', 'username') + currentPasswordField + rememberMe,
      'signIn',
    ) +
      '{accountText.passkeyHtml}' +
      link(ACCOUNT_PAGES.code, 'emailCode') +
      link(ACCOUNT_PAGES.reset, 'forgotPassword') +
      link(ACCOUNT_PAGES.register, 'noAccount'),
  ),
  [ACCOUNT_TEMPLATE_PAGES.register]: page(
    `{.if accountPage.notice}${notice}{.or}` +
      form(
        ACCOUNT_PAGES.register,
        typedField('name', 'text', 'name') + typedField('email', 'email', 'email') + newPasswordField,
        'create',
      ) +
      `${signInLink}{.end}`,
  ),
  [ACCOUNT_TEMPLATE_PAGES.reset]: page(
    `{.if accountPage.notice}${notice}{.or}${resetToken}{.if @token}` +
      form(
        ACCOUNT_PAGES.reset,
        newPasswordField,
        'setPassword',
        '<input type="hidden" name="token" value="{@token}">',
      ) +
      `{.or}${form(ACCOUNT_PAGES.reset, typedField('email', 'email', 'email'), 'sendReset')}{.end}{.end}`,
  ),
};
