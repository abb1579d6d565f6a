/**
 * The post editor's work (issue 31): load, create, save on a version, publish, schedule,
 * unpublish, delete, revisions and their restore, and the post list. A post is an item of a blog
 * collection; its body is the blocks of its `post-blocks` field (docs/blocks.md), checked by
 * layout-rules.ts. Where a post stands is kept in what the storefront already reads:
 * - draft: the item is hidden (`isHidden` in its content, `items.hidden` = 1), so no page, list,
 *   feed, search or sitemap shows it;
 * - scheduled: shown, with `publishOn` (`items.publish_on`) after now;
 * - published: shown, with `publishOn` at or before now.
 * So the content folder's export and import carry a draft and a schedule as they are. Every write is
 * one `writeTransaction` that refuses a stale version (409 naming who saved and when), keeps a
 * revision, and touches the blog's and the post's change keys: every instance shows it on its next request.
 */
import { recordChanged } from '../../platform/http/record-changed.ts';
import type {
  ContentRevisions,
  PostInput,
  PostPage,
  PostPublishingRequest,
  PostRecord,
  PostStatus,
  PostSummary,
} from '@storefront/core/wire';
import { message, type MessageCode } from '@storefront/core';
import { changeKey } from '../../platform/db/change-version.ts';
import type { Db, Trx } from '../../platform/db/index.ts';
import { writeTransaction, type UnitChanges } from '../../platform/db/transaction.ts';
import { decodeCursor, pageOf } from '../../platform/http/cursor.ts';
import { apiError } from '../../platform/http/errors.ts';
import { likePattern } from '../../platform/http/list-search.ts';
import type { BlockFields } from '../../platform/site/blocks.ts';
import type { CollectionContent, ItemContent, Json } from '../../platform/site/types.ts';
import { itemUrl } from '../../platform/site/urls.ts';
import { itemDocument, writeSearchDocuments } from '../search/index.ts';
import { toCollection } from './catalogue-store.ts';
import { eventEndOf, eventStartOf } from './event-dates.ts';
import { checkedLayout, wireBlocks } from './layout-rules.ts';
import { epochToLocal, localToEpoch, newId, sanitizedDescription } from './product-content.ts';
import { MAX_CATEGORY_LENGTH, MAX_TAG_LENGTH } from './product-rules.ts';
import {
  addRevision,
  claimVersion,
  collectionRow,
  forgetAddress,
  forgetItemAddresses,
  itemVersion,
  moveAddress,
  nextPosition,
  revisionOf,
  revisionsOf,
  slugTaken,
} from './product-store.ts';
import { blogRows, listPostRows, pageRows, postRow, type PostRow } from './post-store.ts';
import { removeUnlisted, replaceTerms, upsert, type Wanted } from './sync-store.ts';
import type { Editor } from './product-editor.ts';

/** The block field a blog post's body is (the demo template's `<squarespace:block-field id="post-blocks">`). */
export const POST_BLOCK_FIELD = 'post-blocks';
/** Where staff see a post as the site renders it, draft or not (storefront/preview.ts). */
export const postPreviewPath = (id: string): string => `/config/preview/posts/${encodeURIComponent(id)}`;

/** A staff member a post may name as its author. */
export interface StaffMember {
  id: string;
  name: string;
}

/** What the post editor needs of the request's site. */
export interface PostSite {
  timeZone: string;
  now: number;
  /** The site's forms (a form or newsletter block names one). */
  forms: Readonly<Record<string, unknown>>;
  /** The staff members, by account id (the accounts module's, through the back office). */
  staff: () => Promise<StaffMember[]>;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const BATCH = 500;
const REVISIONS_SHOWN = 100;
const LIST_PAGE = 50;
/** Comments open on a post (spec `commentState`; comments/routes.ts takes no other value as open). */
const COMMENTS_OPEN = 1;
const COMMENTS_CLOSED = 0;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

function statusOf(row: { hidden: number; publish_on: number }, now: number): PostStatus {
  if (row.hidden === 1) return 'draft';
  return row.publish_on > now ? 'scheduled' : 'published';
}

/**
 * The post's blocks: those of its block field, after its `body` HTML as a first text block when the
 * content has one (an imported post): the editor saves both as blocks, and the body empty.
 */
function blocksOf(item: ItemContent): PostInput['blocks'] {
  const fields = obj(item.blockFields) as BlockFields;
  const blocks = wireBlocks(fields[POST_BLOCK_FIELD] ?? []);
  const body = str(item.body);
  if (body.trim() === '') return blocks;
  const taken = new Set(blocks.map((b) => b.id));
  let id = 'body';
  for (let n = 2; taken.has(id); n++) id = `body-${n}`;
  return [{ id, type: 'text', html: body }, ...blocks];
}

/** The editor's fields of a stored post. */
export function postInputOf(item: ItemContent): PostInput {
  const seo = obj(item.seoData);
  const author = obj(item.author);
  const authorId = typeof item.authorId === 'string' ? item.authorId : str(author.id) || null;
  const assetUrl = str(item.assetUrl);
  return {
    title: item.title,
    slug: item.urlId,
    blocks: blocksOf(item),
    excerptHtml: str(item.excerpt),
    authorId,
    categories: strings(item.categories),
    tags: strings(item.tags),
    coverImage: assetUrl
      ? {
          assetUrl,
          originalSize: str(item.originalSize) || '1600x1000',
          ...(typeof item.coverAltText === 'string' ? { altText: item.coverAltText } : {}),
        }
      : null,
    seoTitle: str(seo.seoTitle),
    seoDescription: str(seo.seoDescription),
    commentsOn: item.commentState === COMMENTS_OPEN,
  };
}

function recordOf(row: PostRow, site: PostSite): PostRecord {
  const item = JSON.parse(row.data) as ItemContent;
  const blog = {
    id: row.collection_id,
    urlId: row.collection_url_id,
    title: row.collection_title,
    typeName: 'blog',
  };
  const status = statusOf(row, site.now);
  return {
    ...postInputOf(item),
    id: row.id,
    blogId: row.collection_id,
    blogTitle: row.collection_title,
    version: row.version,
    updatedOn: row.updated_on,
    updatedBy: row.updated_by,
    status,
    publishOn: status === 'draft' ? null : epochToLocal(row.publish_on, site.timeZone),
    timeZone: site.timeZone,
    url: itemUrl(blog, item),
    previewUrl: postPreviewPath(row.id),
  };
}

async function existing(db: Db, id: string): Promise<PostRow> {
  const row = await postRow(db, id);
  if (!row) throw apiError('content.post-not-found');
  return row;
}

export async function loadPost(db: Db, id: string, site: PostSite): Promise<PostRecord> {
  return recordOf(await existing(db, id), site);
}

/** The input's own rules (spec §9 tag and category lengths, the slug's form). */
function checkPost(input: PostInput): void {
  if (input.title.trim() === '') throw apiError('content.title-required', { extra: { field: 'title' } });
  for (const tag of input.tags)
    if (tag.length > MAX_TAG_LENGTH)
      throw apiError('content.tag-too-long', { params: { tag }, extra: { field: 'tags' } });
  for (const category of input.categories)
    if (category.length > MAX_CATEGORY_LENGTH)
      throw apiError('content.category-too-long', { params: { category }, extra: { field: 'categories' } });
  if (!SLUG.test(input.slug))
    throw apiError('content.slug-invalid', { params: { slug: input.slug }, extra: { field: 'slug' } });
}

/** Where the post stands after a write: its content's `isHidden` and `publishOn`. */
interface Standing {
  hidden: boolean;
  publishOn: number;
}

interface Write {
  id: string;
  row: PostRow | undefined;
  blog: CollectionContent;
  input: PostInput;
  standing: Standing;
  editor: Editor;
  /** The revision's words before the differences (publishing, a restore). */
  changesFirst?: string[];
}

const CHANGES: readonly (readonly [(input: PostInput) => unknown, MessageCode])[] = [
  [(i) => i.title, 'content.change-title'],
  [(i) => i.slug, 'content.change-slug'],
  [(i) => i.blocks, 'content.change-blocks'],
  [(i) => i.excerptHtml, 'content.change-excerpt'],
  [(i) => i.authorId, 'content.change-author'],
  [(i) => i.categories, 'content.change-categories'],
  [(i) => i.tags, 'content.change-tags'],
  [(i) => i.coverImage, 'content.change-cover'],
  [(i) => [i.seoTitle, i.seoDescription], 'content.change-seo'],
  [(i) => i.commentsOn, 'content.change-comments'],
];

function postChanges(before: PostInput | undefined, after: PostInput): string[] {
  if (!before) return [message('content.change-created')];
  return CHANGES.filter(([of]) => JSON.stringify(of(before)) !== JSON.stringify(of(after))).map(([, code]) =>
    message(code),
  );
}

/** The item's content for the post: `base` is the stored content, whose fields the editor does not know are kept. */
async function postContent(
  write: Write,
  site: PostSite,
  blocks: Awaited<ReturnType<typeof checkedLayout>>,
): Promise<ItemContent> {
  const { id, row, blog, input, standing } = write;
  const base = row ? (JSON.parse(row.data) as ItemContent) : undefined;
  const content: ItemContent = {
    ...base,
    id,
    collectionId: blog.id,
    recordType: base?.recordType ?? 1,
    recordTypeLabel: base?.recordTypeLabel ?? 'text',
    urlId: input.slug,
    title: input.title.trim(),
    body: '',
    excerpt: sanitizedDescription(input.excerptHtml),
    categories: input.categories,
    tags: input.tags,
    addedOn: typeof base?.addedOn === 'number' ? base.addedOn : site.now,
    updatedOn: site.now,
    publishOn: standing.publishOn,
    commentState: input.commentsOn ? COMMENTS_OPEN : COMMENTS_CLOSED,
    seoData: { ...obj(base?.seoData), seoTitle: input.seoTitle, seoDescription: input.seoDescription },
    blockFields: { ...obj(base?.blockFields), [POST_BLOCK_FIELD]: blocks },
  };
  // The address is the blog's and the slug's: one stored before would send visitors to the old one.
  delete content.fullUrl;
  if (standing.hidden) content.isHidden = true;
  else delete content.isHidden;

  const cover = input.coverImage;
  if (cover === null) {
    for (const key of [
      'assetUrl',
      'originalSize',
      'mainImageId',
      'systemDataId',
      'mediaFocalPoint',
      'coverAltText',
    ])
      delete content[key];
  } else {
    if (cover.assetUrl !== base?.assetUrl) {
      delete content.mainImageId;
      delete content.systemDataId;
      delete content.mediaFocalPoint;
    }
    content.assetUrl = cover.assetUrl;
    content.originalSize = cover.originalSize;
    if (cover.altText) content.coverAltText = cover.altText;
    else delete content.coverAltText;
  }

  if (input.authorId === null) {
    delete content.authorId;
    delete content.author;
  } else if (input.authorId !== (base?.authorId ?? obj(base?.author).id)) {
    const member = (await site.staff()).find((m) => m.id === input.authorId);
    if (!member) throw apiError('content.author-unknown', { extra: { field: 'authorId' } });
    content.authorId = member.id;
    content.author = { id: member.id, displayName: member.name };
  }
  return content;
}

/** Writes the post's item, terms, search document and revision, in the caller's transaction. */
async function writePost(trx: Trx, changes: UnitChanges, site: PostSite, write: Write): Promise<void> {
  const { id, row, blog, input, editor } = write;
  if (await slugTaken(trx, blog.id, input.slug, id))
    throw apiError('content.slug-taken', { params: { slug: input.slug }, extra: { field: 'slug' } });
  const blocks = await checkedLayout(trx, input.blocks as unknown as Record<string, unknown>[], site.forms);
  const content = await postContent(write, site, blocks);
  const before = row ? postInputOf(JSON.parse(row.data) as ItemContent) : undefined;
  const itemRow: Wanted = {
    fields: {
      id,
      collection_id: blog.id,
      url_id: content.urlId,
      title: content.title,
      record_type: Number(content.recordType ?? 1),
      product_type: null,
      position: row ? row.position : await nextPosition(trx, blog.id),
      starred: content.starred === true ? 1 : 0,
      added_on: Number(content.addedOn),
      publish_on: write.standing.publishOn,
      event_start: eventStartOf(content),
      event_end: eventEndOf(content),
      updated_by: editor.email,
    },
    json: content,
  };
  await upsert(trx, 'items', [itemRow], site.now, BATCH);
  await replaceTerms(trx, [itemRow], BATCH);
  if (row && row.url_id !== content.urlId)
    await moveAddress(
      trx,
      { collectionId: blog.id, urlId: row.url_id },
      { collectionId: blog.id, urlId: content.urlId },
      id,
      site.now,
    );
  else if (!row) await forgetAddress(trx, { collectionId: blog.id, urlId: content.urlId });
  await writeSearchDocuments(trx, [
    {
      id,
      // A draft is found by no search (no document: its old one goes).
      document: () =>
        write.standing.hidden ? undefined : itemDocument(blog, content, write.standing.publishOn),
    },
  ]);
  const after = postInputOf(content);
  await addRevision(trx, {
    id: newId(),
    item_id: id,
    version: await itemVersion(trx, id),
    saved_on: site.now,
    saved_by: editor.email,
    product: JSON.stringify(after),
    changes: JSON.stringify([...(write.changesFirst ?? []), ...postChanges(before, after)]),
  });
  changes.touch(changeKey.collection(blog.id), changeKey.item(id));
}

async function blogOf(db: Db, id: string): Promise<CollectionContent> {
  const row = await collectionRow(db, id);
  if (!row || row.type_name !== 'blog')
    throw apiError('content.blog-unknown', { extra: { field: 'blogId' } });
  return toCollection(row);
}

/** Claims the post at `version` for this transaction, or 409 naming who saved since. */
async function claimed(trx: Trx, id: string, version: number, site: PostSite): Promise<PostRow> {
  const row = await existing(trx, id);
  if (!(await claimVersion(trx, id, version)))
    throw recordChanged(
      { updatedBy: row.updated_by, updatedOn: row.updated_on, version: row.version },
      site.timeZone,
      'content',
    );
  return row;
}

const standingOf = (row: PostRow): Standing => ({ hidden: row.hidden === 1, publishOn: row.publish_on });

/** Creates a draft post in a blog; answers its record. */
export async function createPost(
  db: Db,
  site: PostSite,
  editor: Editor,
  blogId: string,
  input: PostInput,
): Promise<PostRecord> {
  checkPost(input);
  const id = newId();
  await writeTransaction(db, async (trx, changes) => {
    const blog = await blogOf(trx, blogId);
    await writePost(trx, changes, site, {
      id,
      row: undefined,
      blog,
      input,
      standing: { hidden: true, publishOn: site.now },
      editor,
    });
  });
  return loadPost(db, id, site);
}

/** Saves a post loaded at `version`, where it stands (draft, scheduled or published); 409 when someone saved since. */
export async function savePost(
  db: Db,
  site: PostSite,
  editor: Editor,
  id: string,
  version: number,
  input: PostInput,
): Promise<PostRecord> {
  checkPost(input);
  await writeTransaction(db, async (trx, changes) => {
    const row = await claimed(trx, id, version, site);
    const blog = await blogOf(trx, row.collection_id);
    await writePost(trx, changes, site, { id, row, blog, input, standing: standingOf(row), editor });
  });
  return loadPost(db, id, site);
}

/** Publishes now, schedules at a local time of the site's zone, or takes the post back to draft. */
export async function publishPost(
  db: Db,
  site: PostSite,
  editor: Editor,
  id: string,
  request: PostPublishingRequest,
): Promise<PostRecord> {
  let standing: Standing;
  let words: string;
  switch (request.action) {
    case 'publish':
      standing = { hidden: false, publishOn: site.now };
      words = message('content.change-published');
      break;
    case 'schedule': {
      const at = localToEpoch(request.at, site.timeZone);
      if (at === undefined)
        throw apiError('content.schedule-invalid', {
          params: { at: request.at, timeZone: site.timeZone },
          extra: { field: 'at' },
        });
      if (at <= site.now)
        throw apiError('content.schedule-past', {
          params: { now: epochToLocal(site.now, site.timeZone).replace('T', ' '), timeZone: site.timeZone },
          extra: { field: 'at' },
        });
      standing = { hidden: false, publishOn: at };
      words = message('content.change-scheduled', {
        at: `${request.at.replace('T', ' ')} (${site.timeZone})`,
      });
      break;
    }
    case 'unpublish':
      standing = { hidden: true, publishOn: site.now };
      words = message('content.change-unpublished');
      break;
  }
  await writeTransaction(db, async (trx, changes) => {
    const row = await claimed(trx, id, request.version, site);
    const blog = await blogOf(trx, row.collection_id);
    await writePost(trx, changes, site, {
      id,
      row,
      blog,
      input: postInputOf(JSON.parse(row.data) as ItemContent),
      standing: standingAfter(request.action, row, standing, site.now),
      editor,
      changesFirst: [words],
    });
  });
  return loadPost(db, id, site);
}

/**
 * A draft keeps the time it had; publishing a post already shown keeps its date (its place in the
 * blog's order); otherwise the time asked for.
 */
function standingAfter(
  action: PostPublishingRequest['action'],
  row: PostRow,
  asked: Standing,
  now: number,
): Standing {
  if (action === 'unpublish') return { hidden: true, publishOn: row.publish_on };
  if (action === 'publish' && statusOf(row, now) === 'published') return standingOf(row);
  return asked;
}

export async function deletePost(db: Db, id: string, now: number): Promise<{ deleted: string }> {
  await writeTransaction(db, async (trx, changes) => {
    const row = await existing(trx, id);
    await removeUnlisted(trx, { collections: [], items: [id], variants: [] }, now, BATCH);
    await forgetItemAddresses(trx, [id]);
    await writeSearchDocuments(trx, [], [id]);
    changes.touch(changeKey.collection(row.collection_id), changeKey.item(id));
  });
  return { deleted: id };
}

export async function postRevisions(db: Db, id: string): Promise<ContentRevisions> {
  await existing(db, id);
  const rows = await revisionsOf(db, id, REVISIONS_SHOWN);
  return {
    revisions: rows.map((r) => ({
      id: r.id,
      version: r.version,
      savedOn: r.saved_on,
      savedBy: r.saved_by,
      changes: JSON.parse(r.changes) as string[],
    })),
  };
}

/** Saves the post as a revision had it (a new save, with a revision of its own); where it stands is kept. */
export async function restorePostRevision(
  db: Db,
  site: PostSite,
  editor: Editor,
  id: string,
  revisionId: string,
): Promise<PostRecord> {
  const revision = await revisionOf(db, id, revisionId);
  if (!revision) throw apiError('content.revision-not-found');
  const input = JSON.parse(revision.product) as PostInput;
  await writeTransaction(db, async (trx, changes) => {
    const row = await existing(trx, id);
    const blog = await blogOf(trx, row.collection_id);
    await writePost(trx, changes, site, {
      id,
      row,
      blog,
      input,
      standing: standingOf(row),
      editor,
      changesFirst: [message('content.change-restored', { version: revision.version })],
    });
  });
  return loadPost(db, id, site);
}

// ------------------------------------------------------------------ the list

export interface PostListQuery {
  blogId?: string | undefined;
  q?: string | undefined;
  status?: PostStatus | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** The posts, last changed first, one keyset page at a time, with the blogs and authors to pick from. */
export async function listPosts(db: Db, site: PostSite, query: PostListQuery): Promise<PostPage> {
  const limit = query.limit ?? LIST_PAGE;
  const after = query.cursor ? decodeCursor(query.cursor, ['number', 'string']) : undefined;
  const [rows, blogs, pages, staff] = await Promise.all([
    listPostRows(
      db,
      {
        blogId: query.blogId,
        pattern: query.q ? likePattern(query.q) : undefined,
        status: query.status,
        now: site.now,
      },
      after,
      limit + 1,
    ),
    blogRows(db),
    pageRows(db),
    site.staff(),
  ]);
  const { shown, ...paging } = pageOf(rows, limit, (r) => [r.updated_on, r.id]);
  return {
    posts: shown.map((r): PostSummary => {
      const record = recordOf(r, site);
      return {
        id: r.id,
        title: r.title,
        blogId: r.collection_id,
        blogTitle: r.collection_title,
        status: record.status,
        publishOn: record.publishOn,
        updatedOn: r.updated_on,
        url: record.url,
      };
    }),
    ...paging,
    blogs: blogs.map((b) => ({ id: b.id, title: b.title })),
    pages: pages.map((p) => ({ id: p.id, title: p.title })),
    authors: staff,
  };
}

/** A post as the site would show it, draft or not, for staff's preview: its blog, content and place. */
export async function postForPreview(
  db: Db,
  id: string,
): Promise<{ collectionId: string; item: ItemContent; position: number; path: string } | undefined> {
  const row = await postRow(db, id);
  if (!row) return undefined;
  const item = JSON.parse(row.data) as ItemContent;
  const blog = {
    id: row.collection_id,
    urlId: row.collection_url_id,
    title: row.collection_title,
    typeName: 'blog',
  };
  return {
    path: itemUrl(blog, item),
    collectionId: row.collection_id,
    // Shown as published now: the preview is how it will look once it is.
    item: { ...item, id: row.id, urlId: row.url_id, title: row.title, publishOn: row.publish_on },
    position: row.position,
  };
}
