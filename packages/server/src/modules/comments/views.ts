/**
 * Comments as pages show them (the load step's thread and counts) and as the visitor API answers
 * them: one view, built here.
 */
import type { CommentView } from '@storefront/core/wire';
import { encodeCursor } from '../../platform/http/cursor.ts';
import type { ItemContent, Json } from '../../platform/site/types.ts';
import type { ItemCounts, ThreadPage } from './store.ts';
import type { CommentRow } from './tables.ts';

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
