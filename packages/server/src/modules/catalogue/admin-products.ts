/**
 * The back office's product calls: the products staff pick from (the orders list's product
 * filter: products whose title holds the typed text, by title, a few at a time, so that a shop of
 * any size answers one short list), and the product editor's calls (issue 30; the work is in
 * product-editor.ts, the contract in core's wire/catalogue.ts).
 */
import type { ProductChoices } from '@storefront/core/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import { likePattern } from '../../platform/http/list-search.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { productsTitled } from './catalogue-store.ts';
import { storeCurrency } from './content-sync.ts';
import type { ProductMedia, ProductSite } from './product-content.ts';
import {
  bulkChange,
  createProduct,
  deleteProduct,
  duplicateProduct,
  listProducts,
  loadProduct,
  productRevisions,
  restoreRevision,
  saveProduct,
  type Editor,
} from './product-editor.ts';
import { productInput } from './product-rules.ts';

/** Spec §6: the site's time zone when its settings name none. */
const DEFAULT_TIME_ZONE = 'America/New_York';

export const productSearchQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();

/** Products (not pages or posts) whose title holds `q`, case-insensitive, by title. */
export async function searchProducts(
  db: Db,
  query: z.infer<typeof productSearchQuery>,
): Promise<ProductChoices> {
  const rows = await productsTitled(db, query.q ? likePattern(query.q) : undefined, query.limit);
  return { products: rows.map((r) => ({ productId: r.id, title: r.title })) };
}

// ------------------------------------------------------------------ the product editor (issue 30)

/** Without a media library (a test app's), no asset is known: only the images a product already has are kept. */
const NO_MEDIA: ProductMedia = {
  addressesOf: async () => new Map(),
  idsOf: async () => new Map(),
};

const productId = z.object({ id: z.string().min(1).max(100) }).strict();
const revisionParams = productId.extend({ revisionId: z.string().min(1).max(100) }).strict();

export const productListQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    kind: z.enum(['physical', 'digital', 'service', 'gift-card']).optional(),
    visibility: z.enum(['visible', 'hidden', 'scheduled']).optional(),
    stock: z.enum(['in-stock', 'low', 'out-of-stock']).optional(),
    storePageId: z.string().min(1).max(100).optional(),
    category: z.string().min(1).max(200).optional(),
    sort: z.enum(['title', '-title', 'updated', '-updated', 'price', '-price', 'position']).optional(),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();

const productSave = z.object({ version: z.number().int().min(1), product: productInput }).strict();

const visibility = productInput.shape.visibility;
export const productBulkBody = z
  .object({ productIds: z.array(z.string().min(1).max(100)).min(1).max(1000) })
  .and(
    z.discriminatedUnion('action', [
      z.object({ action: z.literal('visibility'), visibility }).strict(),
      z.object({ action: z.literal('store-page'), storePageId: z.string().min(1).max(100) }).strict(),
      z.object({ action: z.literal('add-category'), category: z.string().trim().min(1).max(200) }).strict(),
      z
        .object({ action: z.literal('remove-category'), category: z.string().trim().min(1).max(200) })
        .strict(),
      z.object({ action: z.literal('price-percent'), percent: z.number().min(-100).max(1000) }).strict(),
      z.object({ action: z.literal('delete') }).strict(),
    ]),
  );

/** What the editor needs of the request's site: its currency, time zone and now. */
function siteOf(request: FastifyRequest, media: ProductMedia): ProductSite {
  const content = request.site.template.content;
  const zone = content.website.timeZone;
  return {
    currency: storeCurrency(content),
    timeZone: typeof zone === 'string' && zone ? zone : DEFAULT_TIME_ZONE,
    media,
    // The site's clock, which the storefront shows by: "scheduled" means what a visitor sees.
    now: request.site.now(),
  };
}

function editorOf(request: FastifyRequest): Editor {
  const member = request.member as { accountId: string; email: string };
  return { accountId: member.accountId, email: member.email };
}

/** The product editor's calls: reads with `backoffice.read`, writes with `catalogue.edit`. */
export async function productEditorRoutes(
  plugin: FastifyInstance,
  CONFIG_API: string,
  options: { media?: ProductMedia | undefined },
): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const media = options.media ?? NO_MEDIA;
  const read = { preValidation: requirePermission('backoffice.read') };
  const edit = { preValidation: requirePermission('catalogue.edit'), config: { crumb: true } };
  const API = `${CONFIG_API}/products`;
  const answer = (status: number, body: unknown) => ({ status, body });

  app.get(API, { ...read, schema: { querystring: productListQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listProducts(db, siteOf(request, media), request.query);
  });
  app.get(`${API}/:id`, { ...read, schema: { params: productId } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return loadProduct(db, request.params.id, siteOf(request, media));
  });
  app.get(`${API}/:id/revisions`, { ...read, schema: { params: productId } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return productRevisions(db, request.params.id);
  });
  app.post(API, { ...edit, schema: { body: productInput } }, async (request, reply) =>
    idempotent(db, request, reply, 'catalogue-product-create', async () =>
      answer(201, await createProduct(db, siteOf(request, media), editorOf(request), request.body)),
    ),
  );
  app.put(
    `${API}/:id`,
    { ...edit, schema: { params: productId, body: productSave } },
    async (request, reply) =>
      idempotent(db, request, reply, 'catalogue-product-save', async () =>
        answer(
          200,
          await saveProduct(
            db,
            siteOf(request, media),
            editorOf(request),
            request.params.id,
            request.body.version,
            request.body.product,
          ),
        ),
      ),
  );
  app.post(`${API}/:id/duplicate`, { ...edit, schema: { params: productId } }, async (request, reply) =>
    idempotent(db, request, reply, 'catalogue-product-duplicate', async () =>
      answer(201, await duplicateProduct(db, siteOf(request, media), editorOf(request), request.params.id)),
    ),
  );
  app.delete(`${API}/:id`, { ...edit, schema: { params: productId } }, async (request, reply) =>
    idempotent(db, request, reply, 'catalogue-product-delete', async () =>
      answer(200, await deleteProduct(db, request.params.id, Date.now())),
    ),
  );
  app.post(
    `${API}/:id/revisions/:revisionId/restore`,
    { ...edit, schema: { params: revisionParams } },
    async (request, reply) =>
      idempotent(db, request, reply, 'catalogue-product-restore', async () =>
        answer(
          200,
          await restoreRevision(
            db,
            siteOf(request, media),
            editorOf(request),
            request.params.id,
            request.params.revisionId,
          ),
        ),
      ),
  );
  app.post(`${API}/bulk`, { ...edit, schema: { body: productBulkBody } }, async (request, reply) =>
    idempotent(db, request, reply, 'catalogue-product-bulk', async () =>
      answer(200, await bulkChange(db, siteOf(request, media), editorOf(request), request.body)),
    ),
  );
}
