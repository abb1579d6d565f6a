/**
 * The customer account pages (issue 14), built-in, inside the site's layout, working without
 * JavaScript: each form posts to its own page; success redirects (303), a refusal shows the form
 * again with the message and the refusal's status. The crumb comes as a form field.
 *
 *   /account/login      sign in (remember me)          -> /account
 *   /account/register   create an account              -> "check your email"
 *   /account/verify     the mailed link's page; its button confirms and signs in -> /account
 *   /account/reset      ask for a link; with ?token= from the mail, set a new password
 *   /account            who is signed in; sign out (POST /account/logout)
 */
import { message, type LocalizedStrings, type MessageCode } from '@storefront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ensureCrumb } from '../../platform/http/crumb.ts';
import { endSession } from '../../platform/http/session.ts';
import { setCartCookie } from '../cart/index.ts';
import { accountPageKit, FORM_ROUTE, isCustomer, redirect, type RefusedForm } from './page-kit.ts';
import { afterSignIn, customerPageRoutes } from './customer-pages.ts';
import { accountFlows } from './flows.ts';
import { signInCodes } from './one-time-code.ts';
import {
  ACCOUNT_PAGES,
  codePage,
  loginPage,
  noticePage,
  registerPage,
  resetPage,
  verifyPage,
} from './pages.ts';
import { ACCOUNT_PAGE_TEMPLATES } from './templates.ts';
import { accountTemplatePage, type AccountPageData, type AccountTemplatePage } from './template-pages.ts';

import type { AccountPageOptions } from './customer-pages.ts';

export type { AccountPageOptions };

const TEXT = z.string().max(1000);
const CRUMB = z.string().max(200).optional();
const loginForm = z
  .object({
    email: TEXT,
    password: z.string().max(4000),
    rememberMe: z.literal('on').optional(),
    crumb: CRUMB,
  })
  .strict();
const registerForm = z
  .object({ name: TEXT, email: TEXT, password: z.string().max(4000), crumb: CRUMB })
  .strict();
const tokenForm = z.object({ token: TEXT, crumb: CRUMB }).strict();
const resetForm = z
  .object({
    email: TEXT.optional(),
    token: TEXT.optional(),
    password: z.string().max(4000).optional(),
    crumb: CRUMB,
  })
  .strict();
const logoutForm = z.object({ crumb: CRUMB }).strict();
const tokenQuery = z.object({ token: TEXT.optional() });
/** `email` typed on the page, or `pending`: the mailed link's token (one-time-code.ts). */
const codeForm = z
  .object({
    email: TEXT.optional(),
    pending: TEXT.optional(),
    code: TEXT.optional(),
    rememberMe: z.literal('on').optional(),
    crumb: CRUMB,
  })
  .strict();
const pendingQuery = z.object({ pending: TEXT.optional() });

/** The pages here a template may have its own of (template-pages.ts). */
const TEMPLATE_PAGES: Record<string, AccountTemplatePage> = {
  [ACCOUNT_PAGES.login]: 'login',
  [ACCOUNT_PAGES.register]: 'register',
  [ACCOUNT_PAGES.reset]: 'reset',
};

const TITLES: Record<string, MessageCode> = {
  [ACCOUNT_PAGES.login]: 'account.login-title',
  [ACCOUNT_PAGES.register]: 'account.register-title',
  [ACCOUNT_PAGES.reset]: 'account.reset-title',
  [ACCOUNT_PAGES.verify]: 'account.verify-title',
  [ACCOUNT_PAGES.account]: 'account.title',
  [ACCOUNT_PAGES.code]: 'account.code-title',
};

export async function accountPageRoutes(app: FastifyInstance, options: AccountPageOptions): Promise<void> {
  const { renderer } = options;
  renderer.systemPages.register(ACCOUNT_PAGE_TEMPLATES);
  const flows = accountFlows(app, options);
  const title = (path: string, ls: LocalizedStrings) => message(TITLES[path] ?? 'account.title', {}, ls);
  const passkeyScript = () => options.webBundle.current().passkeyScript ?? null;

  // The pages here are titled by their path (TITLES).
  const kit = accountPageKit(renderer);
  const templatePage = (path: string, data: AccountPageData, ls: LocalizedStrings) => {
    const page = TEMPLATE_PAGES[path];
    return page ? accountTemplatePage(page, { ...data, passkeyScript: passkeyScript() }, ls) : undefined;
  };
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    status: number,
    html: string,
    data: AccountPageData = {},
  ) =>
    kit.send(request, reply, {
      path,
      title: title(path, request.site.strings),
      status,
      html,
      templatePage: templatePage(path, data, request.site.strings),
    });
  const post = <T extends { crumb?: string | undefined }>(
    schema: z.ZodType<T>,
    path: string,
    page: (state: RefusedForm, ls: LocalizedStrings) => string,
    act: (input: T, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
  ) =>
    kit.post(
      schema,
      (state, request) => {
        const ls = request.site.strings;
        return {
          path,
          title: title(path, ls),
          html: page(state, ls),
          templatePage: templatePage(path, state, ls),
        };
      },
      act,
    );
  const formRoute = FORM_ROUTE;

  const tokenOf = (request: FastifyRequest) => tokenQuery.safeParse(request.query).data?.token;

  /**
   * A form page's GET: `render` gets a crumb (set as a cookie when new) and the request; a
   * signed-in customer is sent to /account instead when `signedOutOnly`.
   */
  const formPage = (
    path: string,
    render: (crumb: string, request: FastifyRequest, ls: LocalizedStrings) => string,
    signedOutOnly = false,
  ) =>
    app.get(path, async (request, reply) => {
      if (signedOutOnly && isCustomer(request)) return redirect(reply, ACCOUNT_PAGES.account);
      const crumb = ensureCrumb(request, reply);
      return send(request, reply, path, 200, render(crumb, request, request.site.strings), {
        crumb,
        token: tokenOf(request),
      });
    });
  /** What a successful post says (mail sent, password set), under the page's title, and a way to sign in. */
  const notice = (request: FastifyRequest, reply: FastifyReply, path: string, text: string) =>
    send(
      request,
      reply,
      path,
      200,
      noticePage(
        TITLES[path] ?? 'account.title',
        text,
        ACCOUNT_PAGES.login,
        'account.sign-in',
        request.site.strings,
      ),
      { notice: text },
    );
  formPage(ACCOUNT_PAGES.login, (crumb, _request, ls) => loginPage({ crumb }, ls, passkeyScript()), true);
  app.post(
    ACCOUNT_PAGES.login,
    formRoute,
    post(
      loginForm,
      ACCOUNT_PAGES.login,
      (state, ls) => loginPage(state, ls, passkeyScript()),
      async (input, request, reply) => {
        const { email, password } = input;
        const signedIn = await flows.signIn(
          'customer',
          { email, password, rememberMe: input.rememberMe === 'on' },
          request,
          reply,
        );
        return redirect(reply, afterSignIn(signedIn));
      },
    ),
  );

  const codes = signInCodes(options.db, flows);
  app.get(ACCOUNT_PAGES.code, async (request, reply) => {
    if (isCustomer(request)) return redirect(reply, ACCOUNT_PAGES.account);
    const pending = pendingQuery.safeParse(request.query).data?.pending;
    const crumb = ensureCrumb(request, reply);
    return send(
      request,
      reply,
      ACCOUNT_PAGES.code,
      200,
      codePage({ crumb, ...(pending ? { values: { pending } } : {}) }, request.site.strings),
    );
  });
  // Without a code: mail one and ask for it. With one: spend it and sign in.
  app.post(
    ACCOUNT_PAGES.code,
    formRoute,
    post(
      codeForm,
      ACCOUNT_PAGES.code,
      (state, ls) => codePage({ ...state, askEmail: state.values.code === undefined }, ls),
      async (input, request, reply) => {
        if (input.code === undefined) {
          const notice = await codes.request(input.email ?? '', request, reply);
          const crumb = ensureCrumb(request, reply);
          return send(
            request,
            reply,
            ACCOUNT_PAGES.code,
            200,
            codePage({ crumb, notice, values: { email: input.email ?? '' } }, request.site.strings),
          );
        }
        const rememberMe = input.rememberMe === 'on';
        const who = input.pending !== undefined ? { pending: input.pending } : { email: input.email ?? '' };
        await codes.verify({ ...who, code: input.code, rememberMe }, request, reply);
        return redirect(reply, ACCOUNT_PAGES.account);
      },
    ),
  );

  formPage(ACCOUNT_PAGES.register, (crumb, _request, ls) => registerPage({ crumb }, ls));
  app.post(
    ACCOUNT_PAGES.register,
    formRoute,
    post(
      registerForm,
      ACCOUNT_PAGES.register,
      (state, ls) => registerPage(state, ls),
      async (input, request, reply) => {
        const text = await flows.register(input, request, reply);
        return notice(request, reply, ACCOUNT_PAGES.register, text);
      },
    ),
  );

  formPage(ACCOUNT_PAGES.verify, (crumb, request, ls) =>
    verifyPage({ crumb, token: tokenOf(request) ?? '' }, ls),
  );
  app.post(
    ACCOUNT_PAGES.verify,
    formRoute,
    post(
      tokenForm,
      ACCOUNT_PAGES.verify,
      (state, ls) => verifyPage({ ...state, token: state.values.token ?? '' }, ls),
      async (input, request, reply) => {
        return redirect(reply, afterSignIn(await flows.verify(input.token, request, reply)));
      },
    ),
  );

  formPage(ACCOUNT_PAGES.reset, (crumb, request, ls) => {
    const token = tokenOf(request);
    return resetPage({ crumb, ...(token ? { token } : {}) }, ls);
  });
  app.post(
    ACCOUNT_PAGES.reset,
    formRoute,
    post(
      resetForm,
      ACCOUNT_PAGES.reset,
      (state, ls) =>
        resetPage({ ...state, ...(state.values.token ? { token: state.values.token } : {}) }, ls),
      async (input, request, reply) => {
        if (input.token !== undefined) {
          const ls = request.site.strings;
          await flows.confirmReset(input.token, input.password ?? '', ls);
          return notice(request, reply, ACCOUNT_PAGES.reset, message('account.password-changed', {}, ls));
        }
        const text = await flows.requestReset(input.email ?? '', request, reply);
        return notice(request, reply, ACCOUNT_PAGES.reset, text);
      },
    ),
  );

  // /account itself, the addresses and the orders.
  customerPageRoutes(app, options, flows);
  app.post(
    ACCOUNT_PAGES.logout,
    formRoute,
    post(
      logoutForm,
      ACCOUNT_PAGES.login,
      (state, ls) => loginPage(state, ls, passkeyScript()),
      async (_input, request, reply) => {
        await endSession(options.db, request, reply);
        // The cart stays with the account: this browser starts again with none.
        setCartCookie(request, reply, undefined);
        return redirect(reply, ACCOUNT_PAGES.login);
      },
    ),
  );
}
