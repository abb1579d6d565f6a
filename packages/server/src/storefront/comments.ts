/**
 * Comments and likes in the load step (issue 16): before anything renders, the counts of the items
 * a page shows and, on an item page, the first page of its approved thread are read (a constant
 * number of queries, whatever the catalogue) and put on the items as templates see them:
 * `publicCommentCount`, `likeCount` and `commentThread`. Counts in the content files are what an
 * import carried over; first-party ones add to them. The comment helpers (core helpers/social.ts)
 * print them: no I/O while rendering.
 */
import type { CommentView } from '@storefront/core/wire';
import {
  countsPerItem,
  threadPage,
  type CommentRow,
  type ItemCounts,
  type ThreadPage,
} from '../modules/comments/index.ts';
import { changeKey, type ReadKeys } from '../platform/db/change-version.ts';
import type { Db } from '../platform/db/index.ts';
import { encodeCursor } from '../platform/http/cursor.ts';
import type { ItemContent, Json } from '../platform/site/types.ts';
import type { PageData } from './loader.ts';

export type { CommentView };

/** Top-level comments per page of a thread (the page and the visitor API alike). */
export const THREAD_PAGE_SIZE = 20;

export interface ThreadView {
  comments: CommentView[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

/** The rows of a thread page as a tree (a reply whose parent is not shown is left out). */
export function threadView(page: ThreadPage): ThreadView {
  const views = new Map<string, CommentView>();
  const top: CommentView[] = [];
  for (const row of page.rows) views.set(row.id, commentView(row));
  for (const row of page.rows) {
    const view = views.get(row.id) as CommentView;
    if (row.parent_id === null) top.push(view);
    else views.get(row.parent_id)?.replies.push(view);
  }
  return {
    comments: top,
    hasNextPage: page.hasNextPage,
    nextPageCursor: page.lastKey ? encodeCursor(page.lastKey) : null,
  };
}

/** One comment as shown, without its replies. */
export const commentView = (row: CommentRow): CommentView => ({
  id: row.id,
  parentId: row.parent_id,
  authorName: row.author_name,
  body: row.body,
  createdOn: Number(row.created_at),
  byStaff: row.staff_id !== null,
  awaitingApproval: row.state === 'pending',
  replies: [],
});

/** Whether the site shows comments or likes at all (else nothing is read). */
export function socialEnabled(websiteSettings: Json): boolean {
  return websiteSettings.commentsEnabled === true || websiteSettings.simpleLikingEnabled === true;
}

/** An item with its counts (the content's own plus first-party ones) and, when given, its thread. */
export function withSocial(
  item: ItemContent,
  counts: ItemCounts | undefined,
  thread?: ThreadView,
): ItemContent {
  if (!counts) return item;
  const own = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return {
    ...item,
    publicCommentCount: own(item.publicCommentCount) + counts.comments,
    likeCount: own(item.likeCount) + counts.likes,
    ...(thread ? { commentThread: thread as unknown as Json } : {}),
  };
}

/** The page's data with the counts of every item it shows and an item page's first thread page. */
export async function loadSocial(
  db: Db,
  data: PageData,
  websiteSettings: Json,
  read?: ReadKeys,
): Promise<PageData> {
  if (!socialEnabled(websiteSettings)) return data;
  if (data.kind === 'item') {
    const id = String(data.item.id);
    read?.add(changeKey.comments(id));
    const [counts, page] = await Promise.all([
      countsPerItem(db, [id]),
      websiteSettings.commentsEnabled === true ? threadPage(db, id, { limit: THREAD_PAGE_SIZE }) : undefined,
    ]);
    return { ...data, item: withSocial(data.item, counts.get(id), page && threadView(page)) };
  }
  if (data.kind === 'collection') {
    const ids = data.list.items.map((item) => String(item.id));
    read?.add(...ids.map(changeKey.comments));
    const counts = await countsPerItem(db, ids);
    const items = data.list.items.map((item) => withSocial(item as ItemContent, counts.get(String(item.id))));
    return { ...data, list: { ...data.list, items } };
  }
  return data;
}
