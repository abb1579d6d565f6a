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
import { message, PageType, type MessageCode } from '@storefront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CART_COOKIE } from '../http/cookies.ts';
import { crumbFailure, crumbMatches, ensureCrumb } from '../http/crumb.ts';
import { ApiError, invalidInput } from '../http/errors.ts';
import { endSession } from '../http/session.ts';
import type { PageRenderer } from '../render/pages.ts';
import { sendPageResult } from '../render/pages.ts';
import { accountFlows, type AccountOptions } from './flows.ts';
import {
  ACCOUNT_PAGES,
  loginPage,
  noticePage,
  profilePage,
  registerPage,
  resetPage,
  verifyPage,
} from './pages.ts';

export interface AccountPageOptions extends AccountOptions {
  renderer: PageRenderer;
}

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

const TITLES: Record<string, MessageCode> = {
  [ACCOUNT_PAGES.login]: 'account.login-title',
  [ACCOUNT_PAGES.register]: 'account.register-title',
  [ACCOUNT_PAGES.reset]: 'account.reset-title',
  [ACCOUNT_PAGES.verify]: 'account.verify-title',
  [ACCOUNT_PAGES.account]: 'account.title',
};

export async function accountPageRoutes(app: FastifyInstance, options: AccountPageOptions): Promise<void> {
  const { renderer, localizedStrings: ls } = options;
  const flows = accountFlows(app, options);
  const title = (path: string) => message(TITLES[path] ?? 'account.title', {}, ls);

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    status: number,
    html: string,
  ) =>
    sendPageResult(
      reply,
      await renderer.renderSystemPage({
        path,
        cartToken: request.cookies[CART_COOKIE],
        memberId: request.member?.kind === 'customer' ? request.member.accountId : undefined,
        status,
        pageType: PageType.PAGE,
        title: title(path),
        html,
      }),
      'no-store',
    );
  const redirect = (reply: FastifyReply, to: string) => reply.code(303).header('location', to).send();
  const isCustomer = (request: FastifyRequest) => request.member?.kind === 'customer';

  /**
   * Runs a form post: parses the fields and checks the crumb field, then `act`; a refusal (bad
   * fields, the crumb, any ApiError of the flow) renders `page` again with its message and status.
   */
  const post =
    <T extends { crumb?: string | undefined }>(
      schema: z.ZodType<T>,
      path: string,
      page: (state: { crumb: string; values: Record<string, string>; error: string }) => string,
      act: (input: T, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const crumb = ensureCrumb(request, reply);
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const values = Object.fromEntries(
        Object.entries(raw).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'password',
        ),
      );
      try {
        const parsed = schema.safeParse(request.body ?? {});
        if (!parsed.success) throw invalidInput(parsed.error, 'form');
        if (!crumbMatches(request, parsed.data.crumb)) throw crumbFailure(request);
        return await act(parsed.data, request, reply);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const text = error.body(ls).message as string;
        return send(request, reply, path, error.statusCode, page({ crumb, values, error: text }));
      }
    };
  // Form posts carry the crumb as a field; a signed-in form post needs no header (http/session.ts).
  const formRoute = { config: { xsrf: false as const } };

  app.get(ACCOUNT_PAGES.login, async (request, reply) => {
    if (isCustomer(request)) return redirect(reply, ACCOUNT_PAGES.account);
    return send(
      request,
      reply,
      ACCOUNT_PAGES.login,
      200,
      loginPage({ crumb: ensureCrumb(request, reply) }, ls),
    );
  });
  app.post(
    ACCOUNT_PAGES.login,
    formRoute,
    post(
      loginForm,
      ACCOUNT_PAGES.login,
      (state) => loginPage(state, ls),
      async (input, request, reply) => {
        const { email, password } = input;
        await flows.signIn(
          'customer',
          { email, password, rememberMe: input.rememberMe === 'on' },
          request,
          reply,
        );
        return redirect(reply, ACCOUNT_PAGES.account);
      },
    ),
  );

  app.get(ACCOUNT_PAGES.register, async (request, reply) =>
    send(
      request,
      reply,
      ACCOUNT_PAGES.register,
      200,
      registerPage({ crumb: ensureCrumb(request, reply) }, ls),
    ),
  );
  app.post(
    ACCOUNT_PAGES.register,
    formRoute,
    post(
      registerForm,
      ACCOUNT_PAGES.register,
      (state) => registerPage(state, ls),
      async (input, request, reply) => {
        const text = await flows.register(input, request, reply);
        return send(
          request,
          reply,
          ACCOUNT_PAGES.register,
          200,
          noticePage('account.register-title', text, ACCOUNT_PAGES.login, 'account.sign-in', ls),
        );
      },
    ),
  );

  app.get(ACCOUNT_PAGES.verify, async (request, reply) => {
    const token = tokenQuery.safeParse(request.query).data?.token ?? '';
    return send(
      request,
      reply,
      ACCOUNT_PAGES.verify,
      200,
      verifyPage({ crumb: ensureCrumb(request, reply), token }, ls),
    );
  });
  app.post(
    ACCOUNT_PAGES.verify,
    formRoute,
    post(
      tokenForm,
      ACCOUNT_PAGES.verify,
      (state) => verifyPage({ ...state, token: state.values.token ?? '' }, ls),
      async (input, request, reply) => {
        await flows.verify(input.token, request, reply);
        return redirect(reply, ACCOUNT_PAGES.account);
      },
    ),
  );

  app.get(ACCOUNT_PAGES.reset, async (request, reply) => {
    const token = tokenQuery.safeParse(request.query).data?.token;
    const crumb = ensureCrumb(request, reply);
    return send(
      request,
      reply,
      ACCOUNT_PAGES.reset,
      200,
      resetPage({ crumb, ...(token ? { token } : {}) }, ls),
    );
  });
  app.post(
    ACCOUNT_PAGES.reset,
    formRoute,
    post(
      resetForm,
      ACCOUNT_PAGES.reset,
      (state) => resetPage({ ...state, ...(state.values.token ? { token: state.values.token } : {}) }, ls),
      async (input, request, reply) => {
        if (input.token !== undefined) {
          await flows.confirmReset(input.token, input.password ?? '');
          const text = message('account.password-changed', {}, ls);
          return send(
            request,
            reply,
            ACCOUNT_PAGES.reset,
            200,
            noticePage('account.reset-title', text, ACCOUNT_PAGES.login, 'account.sign-in', ls),
          );
        }
        const text = await flows.requestReset(input.email ?? '', request, reply);
        return send(
          request,
          reply,
          ACCOUNT_PAGES.reset,
          200,
          noticePage('account.reset-title', text, ACCOUNT_PAGES.login, 'account.sign-in', ls),
        );
      },
    ),
  );

  app.get(ACCOUNT_PAGES.account, async (request, reply) => {
    if (!isCustomer(request)) return redirect(reply, ACCOUNT_PAGES.login);
    const account = await flows.signedInAccount(request);
    return send(
      request,
      reply,
      ACCOUNT_PAGES.account,
      200,
      profilePage(account, ensureCrumb(request, reply), ls),
    );
  });
  app.post(
    ACCOUNT_PAGES.logout,
    formRoute,
    post(
      logoutForm,
      ACCOUNT_PAGES.login,
      (state) => loginPage(state, ls),
      async (_input, request, reply) => {
        await endSession(options.db, request, reply);
        return redirect(reply, ACCOUNT_PAGES.login);
      },
    ),
  );
}
