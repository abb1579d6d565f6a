/**
 * The signed-in customer's own pages (issue 14), built-in, inside the site's layout, working
 * without JavaScript:
 *
 *   /account                 who is signed in, a link to the orders, the saved addresses
 *   /account/addresses       POST `action=save|delete|default` (save: `id` to edit, none to add)
 *   /account/email           POST `email`, `password`: mails a link to the new address
 *   /account/password        POST `currentPassword`, `newPassword`: a new session, every other ends
 *   /account/passkeys        POST `id`: removes one of the customer's own passkeys
 *   /account/orders          their orders, newest first, `?page=` of ORDERS_PER_PAGE
 *   /account/orders/:number  one order: lines (download links), totals, status, address
 *
 * An order number that is not the customer's answers the same 404 as one that does not exist.
 * Without a session every page redirects to /account/login.
 */
import { message } from '@storefront/core';
import { escapeHtml as h } from '../../platform/http/html.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ensureCrumb } from '../../platform/http/crumb.ts';
import { apiError } from '../../platform/http/errors.ts';
import { accountOrder, accountOrders } from '../orders/index.ts';
import type { Order } from '@storefront/core/wire';
import { accountSubscriptions, subscriptionsSection, subscriptionView } from '../subscriptions/index.ts';
import { deleteAddress, listAddresses, saveAddress, setDefault } from './address-store.ts';
import { requireAddress } from './addresses.ts';
import type { AccountFlows, SignedIn } from './flows.ts';
import {
  ORDER_PAGES,
  addressesSection,
  orderNotFoundPage,
  orderPage,
  ordersPage,
  type AddressFormState,
} from './order-views.ts';
import { accountPageKit, FORM_ROUTE, isCustomer, redirect, type RefusedForm } from './page-kit.ts';
import { ACCOUNT_PAGES, credentialForms, passkeyName, passkeysSection, profilePage } from './pages.ts';
import { passkeyList, removePasskey } from './passkeys.ts';
import { accountTemplatePage, type AccountPageData } from './template-pages.ts';
import type { AccountOptions } from './flows.ts';
import type { SystemPageRenderer } from '../../platform/site/page-renderer.ts';

export interface AccountPageOptions extends AccountOptions {
  renderer: SystemPageRenderer;
  /** A paid order with fresh signed links to its downloads (checkout's, through app.ts). */
  signDownloads: (order: Order) => Order;
}

export const ORDERS_PER_PAGE = 20;

/** Where a page sign-in goes: /account, saying so when the cart merge could not keep everything. */
export const afterSignIn = (signedIn: SignedIn) =>
  signedIn.cartNotices.length > 0 ? `${ACCOUNT_PAGES.account}?cart=changed` : ACCOUNT_PAGES.account;

const PART = z.string().max(200).optional();
const addressForm = z
  .object({
    action: z.enum(['save', 'delete', 'default']),
    id: z.string().max(100).optional(),
    'address.line1': PART,
    'address.line2': PART,
    'address.city': PART,
    'address.state': PART,
    'address.zip': PART,
    'address.country': PART,
    makeDefault: z.literal('on').optional(),
    crumb: z.string().max(200).optional(),
  })
  .strict();
const emailForm = z
  .object({
    email: z.string().max(1000),
    password: z.string().max(4000),
    crumb: z.string().max(200).optional(),
  })
  .strict();
const passkeyForm = z.object({ id: z.string().max(1400), crumb: z.string().max(200).optional() }).strict();
const passwordForm = z
  .object({
    currentPassword: z.string().max(4000),
    newPassword: z.string().max(4000),
    crumb: z.string().max(200).optional(),
  })
  .strict();
const profileQuery = z.object({
  cart: z.literal('changed').optional().catch(undefined),
  /** What the last form post did (its notice): `email` mailed a link, `password` changed it. */
  done: z.enum(['email', 'password', 'passkey']).optional().catch(undefined),
});
const DONE_TEXTS = {
  email: 'account.email-change-sent',
  password: 'account.password-updated',
  passkey: 'account.passkey-removed',
} as const;
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1).optional() });
const orderParams = z.object({ number: z.string().regex(/^\d{1,12}$/) });

export function customerPageRoutes(
  app: FastifyInstance,
  options: AccountPageOptions,
  flows: AccountFlows,
): void {
  const { db } = options;
  const { send, post } = accountPageKit(options.renderer);

  /**
   * /account: the profile with the orders link, the addresses and the email and password forms
   * (a refused post of one of them shows here; `form` names it).
   */
  const profile = async (
    request: FastifyRequest,
    crumb: string,
    refused?: RefusedForm,
    form?: 'email' | 'password',
  ) => {
    const ls = request.site.strings;
    const account = await flows.signedInAccount(request);
    const state: AddressFormState = { crumb };
    // A refused save opens its form again with what was typed.
    if (refused?.values.action === 'save')
      state.refused = {
        id: refused.values.id ?? '',
        values: refused.values,
        fieldErrors: refused.fieldErrors ?? {},
      };
    const query = profileQuery.parse(request.query ?? {});
    const notices = [
      query.cart === 'changed' ? message('account.cart-changed', {}, ls) : '',
      query.done && !refused ? message(DONE_TEXTS[query.done], {}, ls) : '',
    ].filter(Boolean);
    const addresses = await listAddresses(db, account.id);
    const passkeys = await passkeyList(db, account.id);
    const subscriptions = (await accountSubscriptions(db, account.id)).map(subscriptionView);
    const sections =
      notices.map((text) => `<p role="status">${h(text)}</p>`).join('') +
      `<p><a href="${ORDER_PAGES.orders}">${h(message('account.my-orders', {}, ls))}</a></p>` +
      subscriptionsSection(subscriptions, crumb, ls) +
      addressesSection(addresses, state, ls) +
      passkeysSection(passkeys, crumb, ls) +
      credentialForms(crumb, ls, refused && form ? { form, values: refused.values } : undefined);
    const data: AccountPageData = {
      crumb,
      error: refused?.error,
      notice: notices.join(' ') || undefined,
      values: refused?.values,
      fieldErrors: refused?.fieldErrors,
      profile: account,
      addresses,
      passkeys: passkeys.map((key) => ({ ...key, name: passkeyName(key, ls) })),
      subscriptions,
    };
    return {
      path: ACCOUNT_PAGES.account,
      title: message('account.title', {}, ls),
      templatePage: accountTemplatePage('account', data, ls),
      html: profilePage(
        account,
        crumb,
        ls,
        sections,
        refused ? { error: refused.error } : {},
        options.webBundle.current().passkeyScript ?? null,
      ),
    };
  };

  /** Signed-in pages: anyone else goes to the sign-in page. */
  const signedIn =
    (handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) =>
    async (request: FastifyRequest, reply: FastifyReply) =>
      isCustomer(request) ? handler(request, reply) : redirect(reply, ACCOUNT_PAGES.login);

  app.get(
    ACCOUNT_PAGES.account,
    signedIn(async (request, reply) =>
      send(request, reply, { ...(await profile(request, ensureCrumb(request, reply))), status: 200 }),
    ),
  );

  app.post(
    ORDER_PAGES.addresses,
    FORM_ROUTE,
    signedIn(
      post(
        addressForm,
        (state, request) => profile(request, state.crumb, state),
        async (input, request, reply) => {
          const account = await flows.signedInAccount(request);
          if (input.action === 'delete' || input.action === 'default') {
            if (!input.id) throw apiError('account.address-not-found');
            if (input.action === 'delete') await deleteAddress(db, account.id, input.id);
            else await setDefault(db, account.id, input.id);
            return redirect(reply, ACCOUNT_PAGES.account);
          }
          const parts = Object.fromEntries(
            (['line1', 'line2', 'city', 'state', 'zip', 'country'] as const).map((p) => [
              p,
              input[`address.${p}`],
            ]),
          );
          await saveAddress(db, account.id, {
            id: input.id,
            address: requireAddress(account, parts, request.site.strings),
            makeDefault: input.makeDefault === 'on',
          });
          return redirect(reply, ACCOUNT_PAGES.account);
        },
      ),
    ),
  );

  app.post(
    ACCOUNT_PAGES.passkeys,
    FORM_ROUTE,
    signedIn(
      post(
        passkeyForm,
        (state, request) => profile(request, state.crumb, state),
        async (input, request, reply) => {
          await removePasskey(db, (await flows.signedInAccount(request)).id, input.id);
          return redirect(reply, `${ACCOUNT_PAGES.account}?done=passkey`);
        },
      ),
    ),
  );

  app.post(
    ACCOUNT_PAGES.email,
    FORM_ROUTE,
    signedIn(
      post(
        emailForm,
        (state, request) => profile(request, state.crumb, state, 'email'),
        async (input, request, reply) => {
          await flows.requestEmailChange(input, request);
          return redirect(reply, `${ACCOUNT_PAGES.account}?done=email`);
        },
      ),
    ),
  );

  app.post(
    ACCOUNT_PAGES.password,
    FORM_ROUTE,
    signedIn(
      post(
        passwordForm,
        (state, request) => profile(request, state.crumb, state, 'password'),
        async (input, request, reply) => {
          await flows.changePassword(input, request, reply);
          return redirect(reply, `${ACCOUNT_PAGES.account}?done=password`);
        },
      ),
    ),
  );

  app.get(
    ORDER_PAGES.orders,
    signedIn(async (request, reply) => {
      const ls = request.site.strings;
      const page = pageQuery.parse(request.query).page ?? 1;
      const account = await flows.signedInAccount(request);
      const list = await accountOrders(db, account.id, {
        offset: (page - 1) * ORDERS_PER_PAGE,
        limit: ORDERS_PER_PAGE,
      });
      return send(request, reply, {
        path: ORDER_PAGES.orders,
        title: message('account.orders-title', {}, ls),
        status: 200,
        html: ordersPage(list, page, ls),
        templatePage: accountTemplatePage('orders', { orders: { list, page } }, ls),
      });
    }),
  );

  app.get(
    `${ORDER_PAGES.orders}/:number`,
    signedIn(async (request, reply) => {
      const ls = request.site.strings;
      const account = await flows.signedInAccount(request);
      const params = orderParams.safeParse(request.params);
      const order = params.success
        ? await accountOrder(db, account.id, Number(params.data.number))
        : undefined;
      const path = new URL(request.url, 'http://localhost').pathname;
      if (!order) {
        const refusal = apiError('account.order-not-found');
        const text = String(refusal.body(ls).message);
        return send(request, reply, {
          path,
          title: text,
          status: refusal.statusCode,
          html: orderNotFoundPage(text, ls),
          templatePage: accountTemplatePage('order', { error: text }, ls),
        });
      }
      const signed = options.signDownloads(order);
      return send(request, reply, {
        path,
        title: message('account.order-title', { number: order.orderNumber }, ls),
        status: 200,
        html: orderPage(signed, ls),
        templatePage: accountTemplatePage('order', { order: signed }, ls),
      });
    }),
  );
}
