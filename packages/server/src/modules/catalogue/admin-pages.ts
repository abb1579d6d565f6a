/**
 * Pages in the back office (issue 31 Build 2), under `/api/config/pages`: every collection of the
 * site (page, blog, events, gallery, store, index, folder) listed, created, renamed, moved to a new
 * address (the old one answers 301), made the home page, enabled or disabled (a disabled page
 * answers 404 and leaves navigation, the sitemap and search, its items too), deleted (optionally
 * sending its address to another path of the site), a gallery page's options and an events page's
 * dates and places. Reads need `backoffice.read`; writes `content.edit`, and a store page's
 * `catalogue.edit` as well (store managers keep editing store pages under `/store-pages`). Every save carries the version it was made on (a
 * stale one answers 409 `record-changed` naming who saved and when) and keeps a revision.
 */
import { recordChanged, revisionOnWire, siteTimeZone } from '../../platform/http/record-changed.ts';
import { randomBytes } from 'node:crypto';
import { hasPermission, message } from '@storefront/core';
import {
  GALLERY_RANGES,
  PAGE_TYPES,
  type GalleryOptionsWire,
  type PageDetail,
  type PageEvent,
  type PageList,
  type PageRevisions,
  type PageSummary,
} from '@storefront/core/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { changeKey } from '../../platform/db/change-version.ts';
import type { Db, Trx } from '../../platform/db/index.ts';
import { writeTransaction, type UnitChanges } from '../../platform/db/transaction.ts';
import { apiError } from '../../platform/http/errors.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { galleryOptions } from '../../platform/site/blocks.ts';
import type { CollectionContent, ItemContent, Json } from '../../platform/site/types.ts';
import { itemDocument, pageDocument, writeSearchDocuments } from '../search/index.ts';
import { checkSlug } from './admin-collections.ts';
import { forgetFormerSlug, rememberFormerSlug } from './collection-store.ts';
import { eventEndOf, eventStartOf } from './event-dates.ts';
import {
  addPageRevision,
  claimPageVersion,
  forgetPage,
  insertPage,
  itemSaveState,
  pageContents,
  pageEvent,
  pageEvents,
  pageItemsAfter,
  pageRevisionOf,
  pageRevisionsOf,
  pageRow,
  pageRows,
  redirectDeletedSlug,
  renameInFolders,
  saveEvent,
  setHomepage,
  updatePage,
  type PageRow,
} from './page-store.ts';
import { removeCollections, removeUnlisted } from './sync-store.ts';

const BATCH = 500;
const REVISIONS_SHOWN = 50;
const EVENTS_SHOWN = 200;
/** The collection type codes pages are created with (spec §3 enumerations: products 13, generic 1). */
const TYPE_CODES: Readonly<Record<string, number>> = { products: 13, page: 10 };

const title = z.string().trim().min(1).max(200);
const slug = z.string().trim().min(1).max(100);
const version = z.number().int().min(1);
const idParams = z.object({ id: z.string().min(1).max(100) }).strict();
const eventParams = z
  .object({ id: z.string().min(1).max(100), eventId: z.string().min(1).max(100) })
  .strict();
const revisionParams = z
  .object({ id: z.string().min(1).max(100), revisionId: z.string().min(1).max(100) })
  .strict();

/**
 * Gallery options as sent: any number, so that one out of its range is refused with the range in
 * the message (galleryOptionsChange) rather than the schema's generic words.
 */
const galleryOptionsInput = galleryOptions
  .partial()
  .extend(
    Object.fromEntries(Object.keys(GALLERY_RANGES).map((name) => [name, z.number().finite().optional()])) as {
      [K in keyof typeof GALLERY_RANGES]: z.ZodOptional<z.ZodNumber>;
    },
  )
  .strict();

export const pageCreate = z.object({ title, slug, type: z.string().min(1).max(50) }).strict();
export const pageChange = z
  .object({
    version,
    title: title.optional(),
    slug: slug.optional(),
    enabled: z.boolean().optional(),
    homepage: z.literal(true).optional(),
    galleryOptions: galleryOptionsInput.optional(),
  })
  .strict();
export const pageDeleteQuery = z
  .object({
    redirectTo: z.string().max(500).optional(),
    confirmProducts: z.enum(['true', 'false']).optional(),
  })
  .strict();
const coordinate = (limit: number) => z.number().finite().min(-limit).max(limit);
export const eventChange = z
  .object({
    version,
    startDate: z.number().int().min(0).optional(),
    endDate: z.number().int().min(0).optional(),
    timeZone: z.string().min(1).max(100).optional(),
    location: z
      .object({
        addressTitle: z.string().max(200).optional(),
        addressLine1: z.string().max(200).optional(),
        addressLine2: z.string().max(200).optional(),
        addressCountry: z.string().max(100).optional(),
        mapLat: coordinate(90).optional(),
        mapLng: coordinate(180).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

interface Editor {
  email: string;
  roles: readonly number[];
}

function editorOf(request: FastifyRequest): Editor {
  const member = request.member as { email: string; roles: readonly number[] };
  return { email: member.email, roles: member.roles };
}

/** The page types this template offers: the platform's, and each collection type the template declares. */
export function offeredTypes(request: FastifyRequest): string[] {
  return [...new Set([...PAGE_TYPES, ...Object.keys(request.site.template.template.collections)])];
}

/** A store page is the catalogue's too: changing it here needs `catalogue.edit` besides `content.edit`. */
function mayEdit(editor: Editor, typeName: string): void {
  if (typeName === 'products' && !hasPermission(editor.roles, 'catalogue.edit'))
    throw apiError('pages.store-page-permission');
}

// ------------------------------------------------------------------ reads

function summaryOf(row: PageRow): PageSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.urlId,
    type: row.typeName,
    url: row.homepage ? '/' : `/${row.urlId}`,
    enabled: row.enabled,
    homepage: row.homepage,
    itemCount: row.itemCount,
    version: row.version,
  };
}

export async function listPages(db: Db, request: FastifyRequest): Promise<PageList> {
  return { pages: (await pageRows(db)).map(summaryOf), types: offeredTypes(request) };
}

function eventOf(row: Awaited<ReturnType<typeof pageEvent>> & object, zone: string): PageEvent {
  const location = (row.content.location ?? {}) as PageEvent['location'];
  return {
    id: row.id,
    title: row.title,
    slug: row.urlId,
    startDate: eventStartOf(row.content),
    endDate: eventEndOf(row.content),
    timeZone: typeof row.content.timeZone === 'string' ? row.content.timeZone : zone,
    location,
    version: row.version,
  };
}

export async function pageDetail(db: Db, request: FastifyRequest, id: string): Promise<PageDetail> {
  const row = await pageRow(db, id);
  if (!row) throw apiError('pages.not-found');
  const detail: PageDetail = { ...summaryOf(row), updatedOn: row.updatedOn, updatedBy: row.updatedBy };
  if (row.typeName === 'gallery')
    detail.galleryOptions = galleryOptions.parse(row.data.galleryOptions ?? {}) as GalleryOptionsWire;
  if (row.typeName === 'events') {
    const zone = siteTimeZone(request);
    detail.events = (await pageEvents(db, id, EVENTS_SHOWN)).map((event) => eventOf(event, zone));
  }
  return detail;
}

export async function pageRevisions(db: Db, id: string): Promise<PageRevisions> {
  if (!(await pageRow(db, id))) throw apiError('pages.not-found');
  return {
    revisions: (await pageRevisionsOf(db, id, REVISIONS_SHOWN)).map(revisionOnWire),
  };
}

// ------------------------------------------------------------------ writes

/** Gallery options after a change, each number within spec §9's range (else refused, naming it). */
function galleryOptionsChange(current: unknown, change: z.infer<typeof galleryOptionsInput>): Json {
  for (const [option, { min, max }] of Object.entries(GALLERY_RANGES)) {
    const value = change[option as keyof typeof GALLERY_RANGES];
    if (value !== undefined && (value < min || value > max))
      throw apiError('pages.gallery-option-range', {
        params: { option, min, max, value },
        extra: { field: option },
      });
  }
  return galleryOptions.parse({ ...galleryOptions.parse(current ?? {}), ...change }) as Json;
}

/**
 * The search documents of a page and its items, as the page is now: none while it is disabled (a
 * visitor cannot open it), else rewritten (their addresses follow a new slug).
 */
async function refreshSearch(trx: Trx, page: CollectionContent, enabled: boolean, now: number) {
  await writeSearchDocuments(trx, [
    { id: page.id, document: () => (enabled ? pageDocument(page, now) : undefined) },
  ]);
  let after: string | undefined;
  for (;;) {
    const items = await pageItemsAfter(trx, page.id, after, BATCH);
    if (items.length === 0) break;
    await writeSearchDocuments(
      trx,
      items.map((item) => ({
        id: item.id,
        document: () =>
          enabled && !item.hidden
            ? itemDocument(page, { ...item.content, id: item.id }, item.publishOn)
            : undefined,
      })),
    );
    after = items[items.length - 1]?.id;
  }
}

const collectionOf = (row: PageRow, data: Json, urlId: string, title: string): CollectionContent => ({
  ...data,
  id: row.id,
  urlId,
  title,
  typeName: row.typeName,
  type: row.type,
});

interface PageWrite {
  title: string;
  urlId: string;
  enabled: boolean;
  data: Json;
  changes: string[];
}

/**
 * Saves a page as `next` on a row claimed at `version`: the address (the old one keeps answering
 * with a 301), the row, a revision, search, and the keys of what pages show of it.
 */
async function writePage(
  trx: Trx,
  changes: UnitChanges,
  request: FastifyRequest,
  row: PageRow,
  next: PageWrite,
  now: number,
): Promise<void> {
  const editor = editorOf(request);
  if (next.urlId !== row.urlId) {
    // Two pages given the same new slug at once: the second checks after the first committed.
    await changes.takeTurns();
    await checkSlug(trx, request, next.urlId, row.id);
    await forgetFormerSlug(trx, next.urlId);
    await rememberFormerSlug(trx, row.urlId, row.id, now);
    for (const folder of await renameInFolders(trx, row.urlId, next.urlId, now))
      changes.touch(changeKey.collection(folder));
  }
  const data: Json = { ...next.data, urlId: next.urlId, title: next.title };
  if (next.enabled) delete data.enabled;
  else data.enabled = false;
  const newVersion = await updatePage(trx, row.id, {
    urlId: next.urlId,
    title: next.title,
    enabled: next.enabled,
    data,
    now,
    by: editor.email,
  });
  await addPageRevision(trx, {
    id: randomBytes(12).toString('hex'),
    collection_id: row.id,
    version: newVersion,
    saved_on: now,
    saved_by: editor.email,
    page: JSON.stringify({ title: next.title, urlId: next.urlId, enabled: next.enabled, data }),
    changes: JSON.stringify(next.changes),
  });
  if (next.enabled !== row.enabled || next.urlId !== row.urlId || next.title !== row.title)
    await refreshSearch(trx, collectionOf(row, data, next.urlId, next.title), next.enabled, now);
  changes.touch(changeKey.navigation, changeKey.collection(row.id));
}

/** Runs `change` on the page at `version` in one unit of work: 404 when it is gone, 409 when it moved on. */
async function onPage(
  db: Db,
  request: FastifyRequest,
  id: string,
  expected: number | undefined,
  change: (trx: Trx, row: PageRow, changes: UnitChanges) => Promise<void>,
): Promise<void> {
  await writeTransaction(db, async (trx, changes) => {
    const row = await pageRow(trx, id);
    if (!row) throw apiError('pages.not-found');
    mayEdit(editorOf(request), row.typeName);
    if (!(await claimPageVersion(trx, id, expected ?? row.version)))
      throw recordChanged((await pageRow(trx, id)) ?? row, siteTimeZone(request), 'page');
    await change(trx, row, changes);
  });
}

/** A new page's content JSON: what its type's list needs to show it empty. */
function newPageData(type: string, title: string, urlId: string): Json {
  const base: Json = { urlId, title, navigationTitle: title, typeName: type, type: TYPE_CODES[type] ?? 1 };
  switch (type) {
    case 'page':
      return { ...base, blockFields: { 'main-content': [] } };
    case 'blog':
    case 'events':
      return { ...base, ordering: 'chronological', pageSize: 10 };
    case 'gallery':
      return { ...base, galleryOptions: galleryOptions.parse({}) as Json };
    case 'products':
      return { ...base, ordering: 'user-orderable', pageSize: 50, categories: [] };
    case 'index':
    case 'folder':
      return { ...base, collections: [] };
    default:
      return base;
  }
}

export async function createPage(
  db: Db,
  request: FastifyRequest,
  input: z.infer<typeof pageCreate>,
  now: number,
): Promise<PageDetail> {
  const types = offeredTypes(request);
  if (!types.includes(input.type))
    throw apiError('pages.type-unknown', { params: { type: input.type, types: types.join(', ') } });
  const editor = editorOf(request);
  mayEdit(editor, input.type);
  const id = randomBytes(12).toString('hex');
  await writeTransaction(db, async (trx, changes) => {
    await changes.takeTurns();
    await checkSlug(trx, request, input.slug, undefined);
    await forgetFormerSlug(trx, input.slug);
    const data = newPageData(input.type, input.title, input.slug);
    await insertPage(trx, {
      id,
      urlId: input.slug,
      title: input.title,
      typeName: input.type,
      type: Number(data.type),
      data,
      now,
      by: editor.email,
    });
    await addPageRevision(trx, {
      id: randomBytes(12).toString('hex'),
      collection_id: id,
      version: 1,
      saved_on: now,
      saved_by: editor.email,
      page: JSON.stringify({ title: input.title, urlId: input.slug, enabled: true, data }),
      changes: JSON.stringify([message('catalogue.change-created')]),
    });
    changes.touch(changeKey.navigation, changeKey.collection(id));
  });
  return pageDetail(db, request, id);
}

export async function changePage(
  db: Db,
  request: FastifyRequest,
  id: string,
  input: z.infer<typeof pageChange>,
  now: number,
): Promise<PageDetail> {
  await onPage(db, request, id, input.version, async (trx, row, changes) => {
    const enabled = input.enabled ?? row.enabled;
    if (!enabled && row.homepage) throw apiError('pages.home-disable', { params: { title: row.title } });
    const words: string[] = [];
    const next: PageWrite = {
      title: input.title ?? row.title,
      urlId: input.slug ?? row.urlId,
      enabled,
      data: { ...row.data },
      changes: words,
    };
    if (next.title !== row.title) {
      next.data.navigationTitle = next.title;
      words.push(message('catalogue.change-title'));
    }
    if (next.urlId !== row.urlId) words.push(message('catalogue.change-slug'));
    if (enabled !== row.enabled)
      words.push(message(enabled ? 'pages.change-enabled' : 'pages.change-disabled'));
    if (input.galleryOptions) {
      if (row.typeName !== 'gallery') throw apiError('pages.not-gallery', { params: { title: row.title } });
      next.data.galleryOptions = galleryOptionsChange(row.data.galleryOptions, input.galleryOptions);
      words.push(
        message('pages.change-gallery-options', { options: Object.keys(input.galleryOptions).join(', ') }),
      );
    }
    if (input.homepage && !row.homepage) {
      if (!enabled) throw apiError('pages.home-disabled', { params: { title: row.title } });
      for (const former of await setHomepage(trx, id, now)) changes.touch(changeKey.collection(former));
      next.data.homepage = true;
      words.push(message('pages.change-homepage'));
    }
    await writePage(trx, changes, request, row, next, now);
  });
  return pageDetail(db, request, id);
}

/** Saves the page as a revision had it (a new save with a revision of its own); the home page stays where it is. */
export async function restorePageRevision(
  db: Db,
  request: FastifyRequest,
  id: string,
  revisionId: string,
  now: number,
): Promise<PageDetail> {
  const revision = await pageRevisionOf(db, id, revisionId);
  if (!revision) throw apiError('pages.revision-not-found');
  const saved = JSON.parse(revision.page) as { title: string; urlId: string; enabled: boolean; data: Json };
  await onPage(db, request, id, undefined, async (trx, row, changes) => {
    const enabled = saved.enabled || row.homepage;
    const { homepage: _homepage, ...data } = saved.data;
    await writePage(
      trx,
      changes,
      request,
      row,
      {
        title: saved.title,
        urlId: saved.urlId,
        enabled,
        data: row.homepage ? { ...data, homepage: true } : data,
        changes: [message('catalogue.change-restored', { version: revision.version })],
      },
      now,
    );
  });
  return pageDetail(db, request, id);
}

/** A path of this site to send a deleted page's visitors to, or refused. */
function redirectTarget(raw: string, deletedSlug: string): string {
  const target = raw.trim();
  let path: string;
  try {
    const url = new URL(target, 'http://site.invalid');
    path =
      url.origin === 'http://site.invalid' && target.startsWith('/') ? `${url.pathname}${url.search}` : '';
  } catch {
    path = '';
  }
  const firstSegment = path.split(/[/?]/)[1] ?? '';
  if (!path || target.startsWith('//') || /\s/.test(target) || firstSegment === deletedSlug)
    throw apiError('pages.redirect-invalid', { params: { target: raw }, extra: { field: 'redirectTo' } });
  return path;
}

export async function deletePage(
  db: Db,
  request: FastifyRequest,
  id: string,
  query: z.infer<typeof pageDeleteQuery>,
  now: number,
): Promise<{ deleted: string; redirectTo: string | null }> {
  let redirectTo: string | null = null;
  await onPage(db, request, id, undefined, async (trx, row, changes) => {
    if (row.homepage) throw apiError('pages.home-delete', { params: { title: row.title } });
    if (row.typeName === 'products' && row.itemCount > 0 && query.confirmProducts !== 'true')
      throw apiError('pages.products-confirm', {
        params: { title: row.title, count: row.itemCount },
        extra: { productCount: row.itemCount },
      });
    redirectTo = query.redirectTo ? redirectTarget(query.redirectTo, row.urlId) : null;
    const { items, variants } = await pageContents(trx, id);
    await forgetPage(trx, id);
    await removeUnlisted(trx, { collections: [], items, variants }, now, BATCH);
    await removeCollections(trx, [id], BATCH);
    await writeSearchDocuments(trx, [], [id, ...items]);
    if (redirectTo) await redirectDeletedSlug(trx, row.urlId, id, redirectTo, now);
    changes.touch(
      changeKey.navigation,
      changeKey.collection(id),
      ...items.map((item) => changeKey.item(item)),
    );
  });
  return { deleted: id, redirectTo };
}

/** A time zone Intl knows, or refused. */
function checkTimeZone(zone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw apiError('pages.time-zone-unknown', { params: { timeZone: zone }, extra: { field: 'timeZone' } });
  }
}

export async function changeEvent(
  db: Db,
  request: FastifyRequest,
  id: string,
  eventId: string,
  input: z.infer<typeof eventChange>,
  now: number,
): Promise<PageEvent> {
  const editor = editorOf(request);
  if (input.timeZone !== undefined) checkTimeZone(input.timeZone);
  await writeTransaction(db, async (trx, changes) => {
    const page = await pageRow(trx, id);
    if (!page) throw apiError('pages.not-found');
    mayEdit(editor, page.typeName);
    const event = await pageEvent(trx, id, eventId);
    if (!event) throw apiError('pages.event-not-found');
    const content: ItemContent = { ...event.content };
    if (input.startDate !== undefined) content.startDate = input.startDate;
    if (input.endDate !== undefined) content.endDate = input.endDate;
    if (input.timeZone !== undefined) content.timeZone = input.timeZone;
    if (input.location !== undefined)
      content.location = { ...((event.content.location ?? {}) as Json), ...input.location };
    if (eventEndOf(content) < eventStartOf(content))
      throw apiError('pages.event-ends-before-start', { extra: { field: 'endDate' } });
    const saved = await saveEvent(trx, eventId, input.version, {
      content,
      start: eventStartOf(content),
      end: eventEndOf(content),
      now,
      by: editor.email,
    });
    if (!saved) {
      throw recordChanged(await itemSaveState(trx, eventId), siteTimeZone(request), 'page');
    }
    changes.touch(changeKey.collection(id), changeKey.item(eventId));
  });
  const event = await pageEvent(db, id, eventId);
  if (!event) throw apiError('pages.event-not-found');
  return eventOf(event, siteTimeZone(request));
}

// ------------------------------------------------------------------ routes

/** Mounted by admin-routes.ts under `/api/config`. */
export async function pageAdminRoutes(
  plugin: FastifyInstance,
  CONFIG_API: string,
  clock: () => number = Date.now,
): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const read = { preValidation: requirePermission('backoffice.read') };
  const edit = { preValidation: requirePermission('content.edit'), config: { crumb: true } };
  const base = `${CONFIG_API}/pages`;
  const answer = async (promise: Promise<unknown>, status = 200) => ({ status, body: await promise });

  app.get(base, read, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listPages(db, request);
  });
  app.get(`${base}/:id`, { ...read, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return pageDetail(db, request, request.params.id);
  });
  app.get(`${base}/:id/revisions`, { ...read, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return pageRevisions(db, request.params.id);
  });
  app.post(base, { ...edit, schema: { body: pageCreate } }, async (request, reply) =>
    idempotent(db, request, reply, 'page-create', () =>
      answer(createPage(db, request, request.body, clock()), 201),
    ),
  );
  app.patch(
    `${base}/:id`,
    { ...edit, schema: { params: idParams, body: pageChange } },
    async (request, reply) =>
      idempotent(db, request, reply, 'page-change', () =>
        answer(changePage(db, request, request.params.id, request.body, clock())),
      ),
  );
  app.delete(
    `${base}/:id`,
    { ...edit, schema: { params: idParams, querystring: pageDeleteQuery } },
    async (request, reply) =>
      idempotent(db, request, reply, 'page-delete', () =>
        answer(deletePage(db, request, request.params.id, request.query, clock())),
      ),
  );
  app.post(
    `${base}/:id/revisions/:revisionId/restore`,
    { ...edit, schema: { params: revisionParams } },
    async (request, reply) =>
      idempotent(db, request, reply, 'page-restore', () =>
        answer(restorePageRevision(db, request, request.params.id, request.params.revisionId, clock())),
      ),
  );
  app.patch(
    `${base}/:id/events/:eventId`,
    { ...edit, schema: { params: eventParams, body: eventChange } },
    async (request, reply) =>
      idempotent(db, request, reply, 'page-event-change', () =>
        answer(changeEvent(db, request, request.params.id, request.params.eventId, request.body, clock())),
      ),
  );
}
