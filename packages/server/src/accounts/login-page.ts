/**
 * `/config/login`: the staff sign-in page, a plain form that works without scripts (issue 14). It
 * posts to itself; a refusal (wrong password, the sign-in limit, a stale crumb) shows the form
 * again with the message and the refusal's status.
 */
import { escapeHtml as e } from '@storefront/core';
import type { FastifyReply } from 'fastify';

export const STAFF_LOGIN_PATH = '/config/login';

export interface LoginPage {
  crumb: string;
  email?: string;
  error?: string;
  /** The signed-in staff member's address, when there is one. */
  signedInAs?: string;
}

export function loginPageHtml(page: LoginPage): string {
  const body = page.signedInAs
    ? `<p role="status">Signed in as ${e(page.signedInAs)}.</p>`
    : `${page.error ? `<p role="alert">${e(page.error)}</p>` : ''}
<form method="post" action="${STAFF_LOGIN_PATH}">
<input type="hidden" name="crumb" value="${e(page.crumb)}">
<p><label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="username" required value="${e(page.email ?? '')}"></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p>
</form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Staff sign-in</title></head>
<body><main><h1>Staff sign-in</h1>
${body}
</main></body></html>`;
}

export function sendLoginPage(reply: FastifyReply, status: number, page: LoginPage): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(loginPageHtml(page));
}
