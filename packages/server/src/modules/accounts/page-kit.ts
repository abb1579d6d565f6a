/**
 * What every account page route does, in one shape: render inside the site's layout (never
 * cached: the page is the visitor's), redirect after a successful post (303), and run a form post
 * (parse the fields, check the crumb field, act; a refusal shows the page again with its message
 * and status).
 */
import { PageType } from '@storefront/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CART_COOKIE } from '../../platform/http/cookies.ts';
import { signedInCustomer } from '../../platform/http/session.ts';
import { crumbFailure, crumbMatches, ensureCrumb } from '../../platform/http/crumb.ts';
import { ApiError, invalidInput } from '../../platform/http/errors.ts';
import { sendPageResult } from '../../platform/http/page-result.ts';
import type { SystemPageRenderer } from '../../platform/site/page-renderer.ts';
import type { Json } from '../../platform/site/types.ts';

/** What a refused form post shows again: a fresh crumb, what was typed (never a password), the message. */
export interface RefusedForm {
  crumb: string;
  values: Record<string, string>;
  error: string;
  /** Field path -> message, when the refusal names fields. */
  fieldErrors?: Record<string, string>;
}

export interface PageContent {
  path: string;
  title: string;
  status: number;
  /** The built-in page's main content. */
  html: string;
  /** The template's own page for it, when the template has one (template-pages.ts). */
  templatePage?: { name: string; context: Json } | undefined;
}

/** Form posts carry the crumb as a field; a signed-in form post needs no header (http/session.ts). */
export const FORM_ROUTE = { config: { xsrf: false as const } };

export const isCustomer = (request: FastifyRequest) => request.member?.kind === 'customer';

export const redirect = (reply: FastifyReply, to: string) => reply.code(303).header('location', to).send();

export function accountPageKit(renderer: SystemPageRenderer) {
  const send = async (request: FastifyRequest, reply: FastifyReply, page: PageContent) =>
    sendPageResult(
      reply,
      await renderer.renderSystemPage({
        site: request.site,
        path: page.path,
        cartToken: request.cookies[CART_COOKIE],
        member: signedInCustomer(request),
        status: page.status,
        pageType: PageType.PAGE,
        title: page.title,
        html: page.html,
        templatePage: page.templatePage,
      }),
      'no-store',
    );

  /**
   * A form post's handler: `act` on the parsed fields once the crumb field matches; a refusal (bad
   * fields, the crumb, any ApiError) sends `refused(state)` with the refusal's status.
   */
  const post =
    <T extends { crumb?: string | undefined }>(
      schema: z.ZodType<T>,
      refused: (
        state: RefusedForm,
        request: FastifyRequest,
      ) => Promise<Omit<PageContent, 'status'>> | Omit<PageContent, 'status'>,
      act: (input: T, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const crumb = ensureCrumb(request, reply);
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const values = Object.fromEntries(
        Object.entries(raw).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && !/password/i.test(e[0]),
        ),
      );
      try {
        const parsed = schema.safeParse(request.body ?? {});
        if (!parsed.success) throw invalidInput(parsed.error, 'form');
        if (!crumbMatches(request, parsed.data.crumb)) throw crumbFailure(request);
        return await act(parsed.data, request, reply);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const body = error.body(request.site.strings);
        const fieldErrors = body.errors as Record<string, string> | undefined;
        const state = { crumb, values, error: String(body.message), ...(fieldErrors ? { fieldErrors } : {}) };
        return send(request, reply, { ...(await refused(state, request)), status: error.statusCode });
      }
    };

  return { send, post };
}
