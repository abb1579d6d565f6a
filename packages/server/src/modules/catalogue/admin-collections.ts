/**
 * Store pages and their categories in the back office (issue 30 Build 3), under `/api/config`:
 * reads with `backoffice.read`, writes with `catalogue.edit` (docs/backoffice.md "Store pages").
 * Every write runs in one transaction that first locks the store page's row, and touches the keys of
 * what the storefront shows of it (the list of collections when its title or address changes, the
 * collection for its products, their order and their categories), so the next request on every
 * instance shows it.
 */
import { randomBytes } from 'node:crypto';
import { message } from '@storefront/core';
import type { RecordRevisions, StorePageDetail, StorePages, StorePageSummary } from '@storefront/core/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { changeKey } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction, type UnitChanges } from '../../platform/db/transaction.ts';
import { apiError } from '../../platform/http/errors.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import { recordChanged, revisionOnWire, siteTimeZone } from '../../platform/http/record-changed.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import type { ItemContent, Json } from '../../platform/site/types.ts';
import { isPlatformPagePart } from '../../platform/site/page-names.ts';
import {
  addPageRevision,
  collectionAtSlug,
  collectionItemIds,
  collectionProducts,
  deleteStorePage,
  forgetFormerSlug,
  hasPageRevisions,
  insertStorePage,
  itemsInCategory,
  lockStorePage,
  pageRevision,
  pageRevisions,
  rememberFormerSlug,
  rewriteItemCategories,
  setItemPositions,
  stampStorePage,
  storePageRow,
  storePageRows,
  updateStorePage,
  type StorePageRow,
} from './collection-store.ts';
import type { CatalogueTrx } from './tables.ts';

/** Spec §9: items in a user-orderable collection. */
export const ORDERABLE_LIMIT = 250;
/** Spec §9 "products per collection 200", read as the most a store page shows per page of its list. */
export const MAX_PAGE_SIZE = 200;
/** Spec §9: nested categories. */
export const CATEGORY_LIMIT = 10_000;
/** Spec §9: category length, each level of a nested path. */
export const CATEGORY_LENGTH = 25;
const DEFAULT_PAGE_SIZE = 50;
const SLUG_LENGTH = 100;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** First path segments the server answers itself: a store page there could never be reached. */
const SERVER_PATHS = new Set([
  'api',
  'cart',
  'checkout',
  'config',
  'search',
  'media',
  'assets',
  'scripts',
  'account',
  'commerce',
  'gift-card',
  'site.css',
  'robots.txt',
  'sitemap.xml',
  '_storefront',
]);

const title = z.string().trim().min(1).max(200);
const slug = z.string().trim().min(1).max(SLUG_LENGTH);
const pageSize = z.number().int().min(1).max(MAX_PAGE_SIZE);
const idParams = z.object({ id: z.string().min(1).max(100) }).strict();
const revisionParams = idParams.extend({ revisionId: z.string().min(1).max(100) }).strict();
const version = z.number().int().min(1);
/** Category changes have their own staleness checks; a screen sends the version it showed too. */
const versionIfAny = z.coerce.number().int().min(1).optional();
const categoryPath = z.string().max(CATEGORY_LENGTH * 20 + 20);

export const storePageCreate = z
  .object({ title, slug, pageSize: pageSize.default(DEFAULT_PAGE_SIZE) })
  .strict();
export const storePageChange = z
  .object({ version, title: title.optional(), slug: slug.optional(), pageSize: pageSize.optional() })
  .strict();
export const storePageOrder = z
  .object({ version, productIds: z.array(z.string().min(1).max(100)).max(100_000) })
  .strict();
export const categoryCreate = z.object({ version: versionIfAny, path: categoryPath }).strict();
export const categoryRename = z
  .object({ version: versionIfAny, from: categoryPath, to: categoryPath })
  .strict();
export const categoryDelete = z.object({ version: versionIfAny, path: categoryPath }).strict();
export const categoryOrder = z
  .object({ version: versionIfAny, categories: z.array(categoryPath).max(CATEGORY_LIMIT) })
  .strict();

// ------------------------------------------------------------------ reads

const categoriesOf = (data: Json): string[] =>
  Array.isArray(data.categories) ? data.categories.filter((c): c is string => typeof c === 'string') : [];

function summaryOf(row: StorePageRow, templateOrdering: unknown): StorePageSummary {
  // The storefront orders a list by its template's `ordering` (storefront/loader.ts).
  const ordering = templateOrdering ?? row.data.ordering ?? 'user-orderable';
  return {
    id: row.id,
    title: row.title,
    slug: row.urlId,
    productCount: row.productCount,
    userOrderable: ordering === 'user-orderable',
    pageSize: Number(row.data.pageSize) || DEFAULT_PAGE_SIZE,
    categories: categoriesOf(row.data),
  };
}

/** The ordering a store page's template gives it when the page names none. */
const templateOrdering = (request: FastifyRequest): unknown =>
  (request.site.template.template.collections.products?.conf as Json | undefined)?.ordering;

export async function listStorePages(db: Db, request: FastifyRequest): Promise<StorePages> {
  const ordering = templateOrdering(request);
  return { storePages: (await storePageRows(db)).map((row) => summaryOf(row, ordering)) };
}

const imageOf = (content: ItemContent): string | null =>
  typeof content.assetUrl === 'string' ? content.assetUrl : null;

export async function storePageDetail(db: Db, request: FastifyRequest, id: string): Promise<StorePageDetail> {
  const row = await storePageRow(db, id);
  if (!row) throw apiError('catalogue.store-page-not-found');
  const products =
    row.productCount <= ORDERABLE_LIMIT ? await collectionProducts(db, id, ORDERABLE_LIMIT) : [];
  return {
    ...summaryOf(row, templateOrdering(request)),
    products: products.map((p) => ({ id: p.id, title: p.title, imageUrl: imageOf(p.content) })),
    orderLimit: ORDERABLE_LIMIT,
    version: row.version,
    updatedOn: row.updatedOn,
    updatedBy: row.updatedBy,
  };
}

// ------------------------------------------------------------------ versions and revisions

/** Who saves, when, and the zone the 409 names the time in. */
export interface Saver {
  by: string | null;
  now: number;
  timeZone: string;
}

const saverOf = (request: FastifyRequest, now: number): Saver => ({
  by: request.member?.email ?? null,
  now,
  timeZone: siteTimeZone(request),
});

/** What a revision keeps of a store page, and what a restore brings back (all but `categories`). */
interface PageSnapshot {
  title: string;
  slug: string;
  pageSize: number;
  categories: string[];
  /** The products in their order; null when the page holds more than can be ordered by hand. */
  productIds: string[] | null;
}

async function snapshotOf(trx: CatalogueTrx, page: StorePageRow): Promise<PageSnapshot> {
  return {
    title: page.title,
    slug: page.urlId,
    pageSize: Number(page.data.pageSize) || DEFAULT_PAGE_SIZE,
    categories: categoriesOf(page.data),
    productIds: page.productCount <= ORDERABLE_LIMIT ? await collectionItemIds(trx, page.id) : null,
  };
}

const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((x, i) => x === b[i]));

/** What changed from `before` to `after`, in the words of the revisions list. */
function pageChanges(before: PageSnapshot, after: PageSnapshot): string[] {
  const words: string[] = [];
  if (before.title !== after.title) words.push(message('catalogue.change-title'));
  if (before.slug !== after.slug) words.push(message('catalogue.change-slug'));
  if (before.pageSize !== after.pageSize) words.push(message('catalogue.change-page-size'));
  if (!sameList(before.categories, after.categories)) words.push(message('catalogue.change-categories'));
  if (!sameList(before.productIds, after.productIds)) words.push(message('catalogue.change-product-order'));
  return words;
}

const REVISIONS_SHOWN = 100;

const revisionId = () => randomBytes(12).toString('hex');

/**
 * Keeps a revision of a save: the page as it is now against `before`. The first save of a page that
 * has none (one imported from content/) first keeps the page as it was, so that it can be restored.
 * No change, no revision (and the version stays); `changesFirst` words one that is (a restore).
 */
async function keepRevision(
  trx: CatalogueTrx,
  page: StorePageRow,
  before: PageSnapshot,
  saver: Saver,
  changesFirst?: string[],
): Promise<boolean> {
  const saved = await storePageRow(trx, page.id);
  if (!saved) return false;
  const after = await snapshotOf(trx, saved);
  const words = changesFirst ?? pageChanges(before, after);
  if (words.length === 0) return false;
  if (!(await hasPageRevisions(trx, page.id)))
    await addPageRevision(trx, {
      id: revisionId(),
      collection_id: page.id,
      version: page.version,
      saved_on: page.updatedOn,
      saved_by: page.updatedBy,
      page: JSON.stringify(before),
      changes: JSON.stringify([message('catalogue.change-before-first-edit')]),
    });
  const version = await stampStorePage(trx, page.id, saver.by, saver.now);
  await addPageRevision(trx, {
    id: revisionId(),
    collection_id: page.id,
    version,
    saved_on: saver.now,
    saved_by: saver.by,
    page: JSON.stringify(after),
    changes: JSON.stringify(words),
  });
  return true;
}

export async function storePageRevisions(db: Db, id: string): Promise<RecordRevisions> {
  if (!(await storePageRow(db, id))) throw apiError('catalogue.store-page-not-found');
  return { revisions: (await pageRevisions(db, id, REVISIONS_SHOWN)).map(revisionOnWire) };
}

// ------------------------------------------------------------------ store pages

/** A slug the storefront could route to this page, not taken by another collection. */
export async function checkSlug(
  trx: CatalogueTrx,
  request: FastifyRequest,
  wanted: string,
  ownId: string | undefined,
): Promise<void> {
  if (wanted.length > SLUG_LENGTH || !SLUG.test(wanted))
    throw apiError('catalogue.slug-invalid', { params: { slug: wanted } });
  const templatePages = request.site.template.template.pages;
  if (SERVER_PATHS.has(wanted) || isPlatformPagePart(wanted) || Object.hasOwn(templatePages, wanted))
    throw apiError('catalogue.slug-reserved', { params: { slug: wanted } });
  const holder = await collectionAtSlug(trx, wanted);
  if (holder && holder.id !== ownId)
    throw apiError('catalogue.slug-taken', { params: { slug: wanted, title: holder.title } });
}

export async function createStorePage(
  db: Db,
  request: FastifyRequest,
  input: z.infer<typeof storePageCreate>,
  saver: Saver,
): Promise<StorePageDetail> {
  const id = randomBytes(12).toString('hex');
  await writeTransaction(db, async (trx, changes) => {
    await changes.takeTurns();
    await checkSlug(trx, request, input.slug, undefined);
    await forgetFormerSlug(trx, input.slug);
    await insertStorePage(trx, {
      id,
      urlId: input.slug,
      title: input.title,
      data: {
        urlId: input.slug,
        title: input.title,
        navigationTitle: input.title,
        typeName: 'products',
        type: 13,
        ordering: 'user-orderable',
        pageSize: input.pageSize,
        categories: [],
      },
      now: saver.now,
      savedBy: saver.by,
    });
    await addPageRevision(trx, {
      id: revisionId(),
      collection_id: id,
      version: 1,
      saved_on: saver.now,
      saved_by: saver.by,
      page: JSON.stringify({
        title: input.title,
        slug: input.slug,
        pageSize: input.pageSize,
        categories: [],
        productIds: [],
      } satisfies PageSnapshot),
      changes: JSON.stringify([message('catalogue.change-created')]),
    });
    changes.touch(changeKey.navigation, changeKey.collection(id));
  });
  return storePageDetail(db, request, id);
}

/** How a write meets the page's version and what its revision says. */
interface SaveOn {
  saver: Saver;
  /** The version the change was made on: 409 when the page has moved since; undefined: any. */
  version: number | undefined;
  /** The revision's words, when not the difference with the page before (a restore). */
  changesFirst?: string[];
}

/**
 * Runs `change` on a locked store page (404 when there is none), in one unit of work: refused when
 * made on an older version, kept as a revision when it changed anything.
 */
async function onStorePage(
  db: Db,
  id: string,
  save: SaveOn,
  change: (trx: CatalogueTrx, page: StorePageRow, changes: UnitChanges) => Promise<void>,
): Promise<void> {
  await writeTransaction(db, async (trx, changes) => {
    if (!(await lockStorePage(trx, id))) throw apiError('catalogue.store-page-not-found');
    const page = await storePageRow(trx, id);
    if (!page) throw apiError('catalogue.store-page-not-found');
    if (save.version !== undefined && save.version !== page.version)
      throw recordChanged(page, save.saver.timeZone, 'store-page');
    const before = await snapshotOf(trx, page);
    await change(trx, page, changes);
    await keepRevision(trx, page, before, save.saver, save.changesFirst);
    changes.touch(changeKey.collection(id));
  });
}

/** A page's title, slug and page size as given (a changed slug leaves a redirect behind). */
async function writePageFields(
  trx: CatalogueTrx,
  request: FastifyRequest,
  page: StorePageRow,
  fields: { title?: string; slug?: string; pageSize?: number },
  changes: UnitChanges,
  now: number,
): Promise<void> {
  const urlId = fields.slug ?? page.urlId;
  if (urlId !== page.urlId) {
    // Two pages given the same new slug at once: the second checks after the first committed.
    await changes.takeTurns();
    await checkSlug(trx, request, urlId, page.id);
    await forgetFormerSlug(trx, urlId);
    await rememberFormerSlug(trx, page.urlId, page.id, now);
  }
  const newTitle = fields.title ?? page.title;
  const data: Json = { ...page.data, urlId, title: newTitle };
  if (fields.title !== undefined) data.navigationTitle = fields.title;
  if (fields.pageSize !== undefined) data.pageSize = fields.pageSize;
  await updateStorePage(trx, page.id, { urlId, title: newTitle, data, now });
  changes.touch(changeKey.navigation);
}

export async function changeStorePage(
  db: Db,
  request: FastifyRequest,
  id: string,
  { version: seen, ...fields }: z.infer<typeof storePageChange>,
  saver: Saver,
): Promise<StorePageDetail> {
  await onStorePage(db, id, { saver, version: seen }, (trx, page, changes) =>
    writePageFields(trx, request, page, fields, changes, saver.now),
  );
  return storePageDetail(db, request, id);
}

/**
 * Saves the page as a revision had it: title, slug, page size, and the order of its products (those
 * still on the page; ones added since go after them). Categories stay as they are, since products
 * carry them. A save of its own: a new version and revision.
 */
export async function restoreStorePage(
  db: Db,
  request: FastifyRequest,
  id: string,
  revisionId: string,
  saver: Saver,
): Promise<StorePageDetail> {
  const revision = await pageRevision(db, id, revisionId);
  if (!revision) throw apiError('catalogue.revision-not-found');
  const kept = JSON.parse(revision.page) as PageSnapshot;
  const changesFirst = [message('catalogue.change-restored', { version: revision.version })];
  await onStorePage(db, id, { saver, version: undefined, changesFirst }, async (trx, page, changes) => {
    await writePageFields(trx, request, page, kept, changes, saver.now);
    if (!kept.productIds || page.productCount > ORDERABLE_LIMIT) return;
    const current = await collectionItemIds(trx, id);
    const onPage = new Set(current);
    const order = kept.productIds.filter((productId) => onPage.has(productId));
    const ordered = new Set(order);
    await setItemPositions(trx, id, [...order, ...current.filter((productId) => !ordered.has(productId))]);
  });
  return storePageDetail(db, request, id);
}

export async function removeStorePage(db: Db, id: string, saver: Saver): Promise<{ deleted: string }> {
  await onStorePage(db, id, { saver, version: undefined }, async (trx, page, changes) => {
    if (page.productCount > 0)
      throw apiError('catalogue.store-page-not-empty', {
        params: { title: page.title, count: page.productCount },
      });
    await deleteStorePage(trx, id);
    changes.touch(changeKey.navigation);
  });
  return { deleted: id };
}

export async function orderStorePage(
  db: Db,
  request: FastifyRequest,
  id: string,
  { productIds, version: seen }: z.infer<typeof storePageOrder>,
  saver: Saver,
): Promise<StorePageDetail> {
  await onStorePage(db, id, { saver, version: seen }, async (trx, page) => {
    const count = Math.max(page.productCount, productIds.length);
    if (count > ORDERABLE_LIMIT)
      throw apiError('catalogue.order-too-long', {
        params: { title: page.title, count, limit: ORDERABLE_LIMIT },
      });
    const current = new Set(await collectionItemIds(trx, id));
    const asked = new Set(productIds);
    const same =
      asked.size === productIds.length &&
      asked.size === current.size &&
      productIds.every((productId) => current.has(productId));
    if (!same) throw apiError('catalogue.order-stale', { params: { title: page.title } });
    await setItemPositions(trx, id, productIds);
  });
  return storePageDetail(db, request, id);
}

// ------------------------------------------------------------------ categories

/** A category path with each level trimmed; refused unless every level is 1 to 25 characters. */
function categoryPathOf(raw: string): string {
  const levels = raw.split('/').map((level) => level.trim());
  if (levels.some((level) => level.length === 0 || level.length > CATEGORY_LENGTH))
    throw apiError('catalogue.category-invalid', { params: { category: raw, limit: CATEGORY_LENGTH } });
  return levels.join('/');
}

const isUnder = (category: string, path: string) => category === path || category.startsWith(`${path}/`);

/**
 * Categories are one whatever their case ("Kitchen" and "kitchen" would split a store page's
 * products between two links that read the same), as the editor's "This category already exists" says.
 */
const sameCategory = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** `path` and each of its parents ("Home", "Home/Kitchen" for "Home/Kitchen"). */
const withParents = (path: string) => path.split('/').map((_, i, levels) => levels.slice(0, i + 1).join('/'));

/** The categories with `path` (and its parents) added after the ones already there. */
function addCategory(categories: readonly string[], path: string): string[] {
  const next = [...categories];
  for (const category of withParents(path)) if (!next.includes(category)) next.push(category);
  return next;
}

/**
 * The store page's categories as given, written to its content JSON. Pages read a collection's own
 * fields (its `categories`, which the template's category links print) with the list of
 * collections: that key moves too.
 */
async function saveCategories(
  trx: CatalogueTrx,
  page: StorePageRow,
  categories: string[],
  changes: UnitChanges,
  now: number,
): Promise<void> {
  changes.touch(changeKey.navigation);
  if (categories.length > CATEGORY_LIMIT)
    throw apiError('catalogue.categories-too-many', { params: { limit: CATEGORY_LIMIT } });
  await updateStorePage(trx, page.id, {
    urlId: page.urlId,
    title: page.title,
    data: { ...page.data, categories },
    now,
  });
}

/** Every product carrying `path` or a category under it, its categories rewritten by `rename`. */
async function rewriteProducts(
  trx: CatalogueTrx,
  page: StorePageRow,
  path: string,
  rename: (category: string) => string | undefined,
  changes: UnitChanges,
  now: number,
): Promise<void> {
  for (const { id, content } of await itemsInCategory(trx, page.id, path)) {
    const before = Array.isArray(content.categories) ? (content.categories as unknown[]) : [];
    const after = [
      ...new Set(before.flatMap((c) => (typeof c !== 'string' ? [c] : (rename(c) ?? [])) as unknown[])),
    ];
    await rewriteItemCategories(trx, page.id, { ...content, id, categories: after }, now);
    changes.touch(changeKey.item(id));
  }
}

export async function createCategory(
  db: Db,
  request: FastifyRequest,
  id: string,
  input: z.infer<typeof categoryCreate>,
  saver: Saver,
): Promise<StorePageDetail> {
  const { now } = saver;
  const path = categoryPathOf(input.path);
  await onStorePage(db, id, { saver, version: input.version }, async (trx, page, changes) => {
    const categories = categoriesOf(page.data);
    if (categories.some((category) => sameCategory(category, path)))
      throw apiError('catalogue.category-exists', { params: { tagType: 'category' } });
    await saveCategories(trx, page, addCategory(categories, path), changes, now);
  });
  return storePageDetail(db, request, id);
}

export async function renameCategory(
  db: Db,
  request: FastifyRequest,
  id: string,
  input: z.infer<typeof categoryRename>,
  saver: Saver,
): Promise<StorePageDetail> {
  const { now } = saver;
  const from = categoryPathOf(input.from);
  const to = categoryPathOf(input.to);
  await onStorePage(db, id, { saver, version: input.version }, async (trx, page, changes) => {
    const categories = categoriesOf(page.data);
    if (!categories.includes(from))
      throw apiError('catalogue.category-not-found', { params: { category: from, title: page.title } });
    if (from === to) return;
    if (
      isUnder(to, from) ||
      categories.some((c) => isUnder(c, to) || (!isUnder(c, from) && sameCategory(c, to)))
    )
      throw apiError('catalogue.category-exists', { params: { tagType: 'category' } });
    const rename = (category: string) =>
      isUnder(category, from) ? to + category.slice(from.length) : category;
    const renamed = categories.map(rename);
    // The new path's parents are categories too, just before it when they are new.
    const at = renamed.indexOf(to);
    const parents = withParents(to)
      .slice(0, -1)
      .filter((parent) => !renamed.includes(parent));
    renamed.splice(at, 0, ...parents);
    await saveCategories(trx, page, renamed, changes, now);
    await rewriteProducts(trx, page, from, rename, changes, now);
  });
  return storePageDetail(db, request, id);
}

export async function deleteCategory(
  db: Db,
  request: FastifyRequest,
  id: string,
  input: z.infer<typeof categoryDelete>,
  saver: Saver,
): Promise<StorePageDetail> {
  const { now } = saver;
  const path = categoryPathOf(input.path);
  await onStorePage(db, id, { saver, version: input.version }, async (trx, page, changes) => {
    const categories = categoriesOf(page.data);
    if (!categories.includes(path))
      throw apiError('catalogue.category-not-found', { params: { category: path, title: page.title } });
    await saveCategories(
      trx,
      page,
      categories.filter((c) => !isUnder(c, path)),
      changes,
      now,
    );
    await rewriteProducts(trx, page, path, (c) => (isUnder(c, path) ? undefined : c), changes, now);
  });
  return storePageDetail(db, request, id);
}

export async function orderCategories(
  db: Db,
  request: FastifyRequest,
  id: string,
  input: z.infer<typeof categoryOrder>,
  saver: Saver,
): Promise<StorePageDetail> {
  const { now } = saver;
  await onStorePage(db, id, { saver, version: input.version }, async (trx, page, changes) => {
    const current = categoriesOf(page.data);
    const asked = new Set(input.categories);
    const same =
      asked.size === input.categories.length &&
      asked.size === current.length &&
      current.every((c) => asked.has(c));
    if (!same) throw apiError('catalogue.category-order-stale', { params: { title: page.title } });
    await saveCategories(trx, page, input.categories, changes, now);
  });
  return storePageDetail(db, request, id);
}

// ------------------------------------------------------------------ routes

/** Mounted by admin-routes.ts under `/api/config`. */
export async function storePageAdminRoutes(
  plugin: FastifyInstance,
  CONFIG_API: string,
  clock: () => number = Date.now,
): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const read = { preValidation: requirePermission('backoffice.read') };
  const edit = { preValidation: requirePermission('catalogue.edit'), config: { crumb: true } };
  const base = `${CONFIG_API}/store-pages`;
  const answer = async (promise: Promise<unknown>, status = 200) => ({ status, body: await promise });
  const saver = (request: FastifyRequest) => saverOf(request, clock());

  app.get(base, read, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listStorePages(db, request);
  });
  app.get(`${base}/:id`, { ...read, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return storePageDetail(db, request, request.params.id);
  });
  app.post(base, { ...edit, schema: { body: storePageCreate } }, async (request, reply) =>
    idempotent(db, request, reply, 'store-page-create', () =>
      answer(createStorePage(db, request, request.body, saver(request)), 201),
    ),
  );
  app.patch(
    `${base}/:id`,
    { ...edit, schema: { params: idParams, body: storePageChange } },
    async (request, reply) =>
      idempotent(db, request, reply, 'store-page-change', () =>
        answer(changeStorePage(db, request, request.params.id, request.body, saver(request))),
      ),
  );
  app.delete(`${base}/:id`, { ...edit, schema: { params: idParams } }, async (request, reply) =>
    idempotent(db, request, reply, 'store-page-delete', () =>
      answer(removeStorePage(db, request.params.id, saver(request))),
    ),
  );
  app.get(`${base}/:id/revisions`, { ...read, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return storePageRevisions(db, request.params.id);
  });
  app.post(
    `${base}/:id/revisions/:revisionId/restore`,
    { ...edit, schema: { params: revisionParams } },
    async (request, reply) =>
      idempotent(db, request, reply, 'store-page-restore', () =>
        answer(restoreStorePage(db, request, request.params.id, request.params.revisionId, saver(request))),
      ),
  );
  app.put(
    `${base}/:id/order`,
    { ...edit, schema: { params: idParams, body: storePageOrder } },
    async (request, reply) =>
      idempotent(db, request, reply, 'store-page-order', () =>
        answer(orderStorePage(db, request, request.params.id, request.body, saver(request))),
      ),
  );
  app.post(
    `${base}/:id/categories`,
    { ...edit, schema: { params: idParams, body: categoryCreate } },
    async (request, reply) =>
      idempotent(db, request, reply, 'category-create', () =>
        answer(createCategory(db, request, request.params.id, request.body, saver(request)), 201),
      ),
  );
  app.patch(
    `${base}/:id/categories`,
    { ...edit, schema: { params: idParams, body: categoryRename } },
    async (request, reply) =>
      idempotent(db, request, reply, 'category-rename', () =>
        answer(renameCategory(db, request, request.params.id, request.body, saver(request))),
      ),
  );
  app.delete(
    `${base}/:id/categories`,
    { ...edit, schema: { params: idParams, querystring: categoryDelete } },
    async (request, reply) =>
      idempotent(db, request, reply, 'category-delete', () =>
        answer(deleteCategory(db, request, request.params.id, request.query, saver(request))),
      ),
  );
  app.put(
    `${base}/:id/categories/order`,
    { ...edit, schema: { params: idParams, body: categoryOrder } },
    async (request, reply) =>
      idempotent(db, request, reply, 'category-order', () =>
        answer(orderCategories(db, request, request.params.id, request.body, saver(request))),
      ),
  );
}
