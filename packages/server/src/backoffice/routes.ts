/**
 * The back office (issue 15): its screens under `/config/*` (one HTML shell; the screens are the
 * back-office bundle's) and its calls under `/api/config/…`, every one for signed-in staff whose
 * roles grant its permission (docs/accounts.md): signed out, a screen redirects to `/config/login`
 * and a call answers 401; without the permission a call answers 403 `account.forbidden`.
 *
 * Each module's calls are its own admin routes, mounted here: orders (modules/orders/admin-routes.ts),
 * products and stock (modules/catalogue/admin-routes.ts), comment moderation, gift cards and their
 * ledgers (`orders.read`), subscriptions (`orders.read` to list, `orders.manage` to pause, resume or
 * cancel): each module's admin-routes.ts. Form submissions, the mail outbox and the dashboard:
 * records-routes.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { hasPermission, PERMISSIONS } from '@storefront/core';
import { ensureCrumb } from '../platform/http/crumb.ts';
import type { ZodTypeProvider } from '../platform/http/schemas.ts';
import type { WebBundle } from '../web-bundle.ts';
import { accountEmails, staffMembers } from '../modules/accounts/index.ts';
import { catalogueAdminRoutes, formUses, storedCollections } from '../modules/catalogue/index.ts';
import { commentModerationRoutes } from '../modules/comments/index.ts';
import { contentAdminRoutes } from '../modules/content/index.ts';
import { giftCardBackofficeRoutes } from '../modules/gift-cards/index.ts';
import { mediaAddresses } from '../modules/media/index.ts';
import { orderAdminRoutes, orderNumbersByIds, type ShopIdentity } from '../modules/orders/index.ts';
import { subscriptionBackofficeRoutes } from '../modules/subscriptions/index.ts';
import { recordsRoutes } from './records-routes.ts';
import { shellHtml } from './shell.ts';

export const CONFIG_API = '/api/config';
const LOGIN_PATH = '/config/login';

export interface BackofficeOptions {
  webBundle: WebBundle;
  /** The site's `content/forms/<formId>.json`, as loaded (the submissions' field titles). */
  forms?: Record<string, unknown>;
  /** The site's reviews flag: on, a fully shipped order mails its review request. */
  reviewsEnabled?: boolean;
  /** Stripe, when configured: an order it paid is refunded through its refunds API. */
  stripe?: Stripe;
  /** Issues what a just-paid order bought (issue 27; checkout's, through app.ts). */
  handOutPaidOrder: ShopIdentity['handOutPaidOrder'];
  /** The confirmation mail as the order is now, for "Resend confirmation" (checkout's, through app.ts). */
  confirmationMailNow: ShopIdentity['confirmationMailNow'];
  /** Signs the download links of the "payment received" mail (checkout's, through app.ts). */
  downloadLinks: ShopIdentity['downloadLinks'];
  /** A digital product's file's largest size in bytes (`DIGITAL_UPLOAD_LIMIT_MB`). */
  digitalUploadLimitBytes: number;
}

/**
 * The handler answering a back-office screen: the shell (the bundle draws the screen of the path),
 * or, signed out, the way to the sign-in page. Also given to screens another feature routes
 * (`/config/analytics`, telemetry/owner.ts), through app.ts.
 */
export function backofficeScreen(options: Pick<BackofficeOptions, 'webBundle'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const member = request.member;
    if (!member || member.kind !== 'staff') return reply.code(303).header('location', LOGIN_PATH).send();
    // The crumb cookie the screens' calls send back as their header.
    ensureCrumb(request, reply);
    const html = shellHtml(
      {
        email: member.email,
        permissions: PERMISSIONS.filter((p) => hasPermission(member.roles, p)),
        siteTitle: request.site.title,
      },
      options.webBundle.current().configScript ?? null,
      reply.cspNonce,
      request.site.strings,
    );
    return reply.type('text/html; charset=utf-8').send(html);
  };
}

export async function backofficeRoutes(plugin: FastifyInstance, options: BackofficeOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  // ------------------------------------------------------------------ the screens

  const screen = backofficeScreen(options);
  app.get('/config', screen);
  app.get('/config/*', screen);

  await orderAdminRoutes(app, CONFIG_API, {
    reviewsEnabled: options.reviewsEnabled === true,
    stripe: options.stripe,
    handOutPaidOrder: options.handOutPaidOrder,
    confirmationMailNow: options.confirmationMailNow,
    downloadLinks: options.downloadLinks,
  });
  await catalogueAdminRoutes(app, CONFIG_API, {
    staffEmails: (ids) => accountEmails(db, ids),
    media: mediaAddresses,
    staffMembers: () => staffMembers(db),
    digitalUploadLimitBytes: options.digitalUploadLimitBytes,
  });
  await contentAdminRoutes(app, CONFIG_API, {
    pages: async () =>
      (await storedCollections(db)).map(({ urlId, collection }) => ({
        urlId,
        title: collection.title,
        typeName: collection.typeName,
        enabled: collection.enabled !== false,
      })),
    formUses: async (database, formId) =>
      (await formUses(database, formId)).map(
        ({ kind, title, urlId }) => `the ${kind} "${title}" (/${urlId})`,
      ),
  });
  await recordsRoutes(app, CONFIG_API, { forms: options.forms ?? {} });
  await commentModerationRoutes(app, CONFIG_API);
  const orderNumbersOf = (orderIds: readonly string[]) => orderNumbersByIds(db, orderIds);
  await giftCardBackofficeRoutes(app, CONFIG_API, { orderNumbersOf });
  await subscriptionBackofficeRoutes(app, CONFIG_API, { now: Date.now, orderNumbersOf });
}
