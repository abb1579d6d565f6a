/**
 * The back office's calls for the catalogue (issues 15 and 30), mounted by backoffice/routes.ts under
 * `/api/config`:
 * - `GET /product-choices?q=&limit=` (`orders.read`) -> `{ products: [{ productId, title }] }`: the
 *   products whose title holds `q`, by title (the orders list's product filter picks from them);
 * - the product editor (admin-products.ts; reads `backoffice.read`, writes `catalogue.edit`):
 *   core's wire/catalogue.ts products section, listed in docs/backoffice.md;
 * - stock (`stock.manage`; admin-stock.ts): `GET /stock?q=&filter=low|sold-out&cursor=` ->
 *   `{ variants, hasNextPage, nextPageCursor }`; `POST /stock/:variantId` `{ adjust | set + expected,
 *   reason, note? }` -> `{ variantId, qtyInStock }`, 409 `stock-conflict` below zero or when the level
 *   changed since it was read; `GET /stock/ledger?variantId=&reason=&from=&to=&cursor=` -> `{ entries,
 *   hasNextPage, nextPageCursor }` (`from` and `to` are UTC days, both included); `GET
 *   /stock/ledger/export?<the same filters>` -> the filtered ledger as CSV, streamed.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendCsv } from '../../platform/http/csv.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { storePageAdminRoutes } from './admin-collections.ts';
import { pageAdminRoutes } from './admin-pages.ts';
import { productCsvRoutes } from './admin-csv.ts';
import { postEditorRoutes } from './admin-posts.ts';
import { digitalFileAdminRoutes } from './admin-digital-file.ts';
import { productEditorRoutes, productSearchQuery, searchProducts } from './admin-products.ts';
import type { StaffMember } from './post-editor.ts';
import type { ProductMedia } from './product-content.ts';
import {
  changeStock,
  ledgerCsv,
  ledgerFilter,
  ledgerQuery,
  listStock,
  stockChangeBody,
  stockLedger,
  stockQuery,
  type AccountEmails,
} from './admin-stock.ts';

export interface CatalogueAdminOptions {
  /** Who made each ledger entry, by their account's address (the accounts module's, through backoffice/routes.ts). */
  staffEmails: AccountEmails;
  /** The media library's addresses (the media module's), for the product editor's images. */
  media?: ProductMedia;
  /** The staff members a post may name as its author (the accounts module's). */
  staffMembers?: () => Promise<StaffMember[]>;
  /** A digital product's file's largest size in bytes (config's `digitalUploadLimitBytes`). */
  digitalUploadLimitBytes: number;
}

export async function catalogueAdminRoutes(
  plugin: FastifyInstance,
  CONFIG_API: string,
  { staffEmails, media, staffMembers, digitalUploadLimitBytes }: CatalogueAdminOptions,
): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const read = { preValidation: requirePermission('orders.read') };
  await storePageAdminRoutes(plugin, CONFIG_API);
  await pageAdminRoutes(plugin, CONFIG_API);

  app.get(
    `${CONFIG_API}/product-choices`,
    { ...read, schema: { querystring: productSearchQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return searchProducts(db, request.query);
    },
  );

  await productCsvRoutes(app, CONFIG_API);

  await productEditorRoutes(app, CONFIG_API, { media });

  await postEditorRoutes(app, CONFIG_API, { staff: staffMembers ?? (async () => []) });

  await digitalFileAdminRoutes(plugin, CONFIG_API, { uploadLimitBytes: digitalUploadLimitBytes });

  // ------------------------------------------------------------------ stock

  const stock = { preValidation: requirePermission('stock.manage') };
  const variantParams = z.object({ variantId: z.string().min(1).max(100) }).strict();

  app.get(
    `${CONFIG_API}/stock`,
    { ...stock, schema: { querystring: stockQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listStock(db, request.query);
    },
  );
  app.get(
    `${CONFIG_API}/stock/ledger`,
    { ...stock, schema: { querystring: ledgerQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stockLedger(db, staffEmails, request.query);
    },
  );
  app.get(
    `${CONFIG_API}/stock/ledger/export`,
    { ...stock, schema: { querystring: ledgerFilter } },
    async (request, reply) => sendCsv(reply, 'stock-ledger.csv', ledgerCsv(db, staffEmails, request.query)),
  );
  app.post(
    `${CONFIG_API}/stock/:variantId`,
    { ...stock, config: { crumb: true }, schema: { params: variantParams, body: stockChangeBody } },
    async (request, reply) =>
      idempotent(db, request, reply, 'backoffice-stock', async () => ({
        status: 200,
        body: await changeStock(
          db,
          request.params.variantId,
          request.body,
          (request.member as { accountId: string }).accountId,
        ),
      })),
  );
}
