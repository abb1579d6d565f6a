import { randomUUID } from 'node:crypto';
import { changeKey } from '../../platform/db/change-version.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import type { CommentRow, CommentState, CommentTables } from './tables.ts';
import type { TablesHandle } from '../../platform/db/index.ts';

type CommentsDb = TablesHandle<CommentTables>;

/** The longest body and name accepted (characters). */
export const COMMENT_BODY_MAX = 4000;
export const COMMENT_NAME_MAX = 80;

export interface NewComment {
  itemId: string;
  parentId: string | null;
  authorName: string;
  authorEmail: string | null;
  accountId: string | null;
  staffId: string | null;
  visitor: string;
  body: string;
  state: CommentState;
}

export type AddedComment = { ok: true; comment: CommentRow } | { ok: false; reason: 'unknown-parent' };

/**
 * Stores a comment. A reply names a parent on the same item that is public, or the poster's own
 * pending one; anything else is `unknown-parent` (a reply to something hidden would leak it).
 */
export async function addComment(db: CommentsDb, input: NewComment, now = Date.now()): Promise<AddedComment> {
  let rootId: string | null = null;
  const id = randomUUID();
  if (input.parentId !== null) {
    const parent = await db
      .selectFrom('comments')
      .select(['root_id', 'state', 'visitor'])
      .where('id', '=', input.parentId)
      .where('item_id', '=', input.itemId)
      .executeTakeFirst();
    const visible =
      parent !== undefined &&
      (parent.state === 'approved' || (parent.state === 'pending' && parent.visitor === input.visitor));
    if (!visible) return { ok: false, reason: 'unknown-parent' };
    rootId = parent.root_id;
  }
  const comment: CommentRow = {
    id,
    item_id: input.itemId,
    root_id: rootId ?? id,
    parent_id: input.parentId,
    author_name: input.authorName,
    author_email: input.authorEmail,
    account_id: input.accountId,
    staff_id: input.staffId,
    visitor: input.visitor,
    body: input.body,
    state: input.state,
    created_at: now,
    moderated_at: null,
    moderated_by: null,
  };
  await writeTransaction(db, async (trx, changes) => {
    await trx
      .insertInto('comments')
      .values({ ...comment, created_at: now, moderated_at: null })
      .execute();
    if (comment.state === 'approved') changes.touch(changeKey.comments(comment.item_id));
  });
  return { ok: true, comment };
}

export interface ThreadPage {
  /** Top-level comments of this page and every reply under them, oldest first. */
  rows: CommentRow[];
  hasNextPage: boolean;
  /** The last top-level comment's sort key, when more follow. */
  lastKey: [number, string] | null;
}

/**
 * One page of an item's threads: `limit` top-level comments after `after` (oldest first) with all
 * their replies; approved ones, plus `visitor`'s own pending ones when given.
 */
export async function threadPage(
  db: CommentsDb,
  itemId: string,
  options: { limit: number; after?: readonly [number, string]; visitor?: string },
): Promise<ThreadPage> {
  const { visitor, after, limit } = options;
  let roots = db
    .selectFrom('comments')
    .selectAll()
    .where('item_id', '=', itemId)
    .where('parent_id', 'is', null)
    .where((eb) =>
      visitor === undefined
        ? eb('state', '=', 'approved')
        : eb.or([
            eb('state', '=', 'approved'),
            eb.and([eb('state', '=', 'pending'), eb('visitor', '=', visitor)]),
          ]),
    );
  if (after)
    roots = roots.where((eb) =>
      eb.or([
        eb('created_at', '>', after[0]),
        eb.and([eb('created_at', '=', after[0]), eb('id', '>', after[1])]),
      ]),
    );
  const found = (
    await roots
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit + 1)
      .execute()
  ).map(normalise);
  const shown = found.slice(0, limit);
  const last = shown[shown.length - 1];
  const replies =
    shown.length === 0
      ? []
      : (
          await db
            .selectFrom('comments')
            .selectAll()
            .where(
              'root_id',
              'in',
              shown.map((r) => r.id),
            )
            .where('parent_id', 'is not', null)
            .where((eb) =>
              visitor === undefined
                ? eb('state', '=', 'approved')
                : eb.or([
                    eb('state', '=', 'approved'),
                    eb.and([eb('state', '=', 'pending'), eb('visitor', '=', visitor)]),
                  ]),
            )
            .orderBy('created_at')
            .orderBy('id')
            .execute()
        ).map(normalise);
  const hasNextPage = found.length > limit;
  return {
    rows: [...shown, ...replies],
    hasNextPage,
    lastKey: hasNextPage && last ? [Number(last.created_at), last.id] : null,
  };
}

export interface ItemCounts {
  /** Approved comments, replies included (the spec's publicCommentCount). */
  comments: number;
  likes: number;
}

/** Public comment and like counts of each item asked for (zero when it has none). */
export async function countsPerItem(
  db: CommentsDb,
  itemIds: readonly string[],
): Promise<Map<string, ItemCounts>> {
  const counts = new Map<string, ItemCounts>(itemIds.map((id) => [id, { comments: 0, likes: 0 }]));
  if (itemIds.length === 0) return counts;
  const [comments, likes] = await Promise.all([
    db
      .selectFrom('comments')
      .select(['item_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('item_id', 'in', itemIds)
      .where('state', '=', 'approved')
      .groupBy('item_id')
      .execute(),
    db
      .selectFrom('item_likes')
      .select(['item_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('item_id', 'in', itemIds)
      .groupBy('item_id')
      .execute(),
  ]);
  for (const row of comments) counts.get(row.item_id)!.comments = Number(row.n);
  for (const row of likes) counts.get(row.item_id)!.likes = Number(row.n);
  return counts;
}

/** The items among `itemIds` that `visitor` likes. */
export async function likedBy(
  db: CommentsDb,
  visitor: string,
  itemIds: readonly string[],
): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('item_likes')
    .select('item_id')
    .where('visitor', '=', visitor)
    .where('item_id', 'in', itemIds)
    .execute();
  return new Set(rows.map((r) => r.item_id));
}

/** A visitor likes an item; a second like changes nothing. */
export async function likeItem(
  db: CommentsDb,
  itemId: string,
  visitor: string,
  now = Date.now(),
): Promise<void> {
  await writeTransaction(db, async (trx, changes) => {
    const added = await trx
      .insertInto('item_likes')
      .values({ item_id: itemId, visitor, created_at: now })
      .onConflict((oc) => oc.columns(['item_id', 'visitor']).doNothing())
      .executeTakeFirst();
    // Pages show the like count with the comments'.
    if (Number(added.numInsertedOrUpdatedRows ?? 0) > 0) changes.touch(changeKey.comments(itemId));
  });
}

export async function unlikeItem(db: CommentsDb, itemId: string, visitor: string): Promise<void> {
  await writeTransaction(db, async (trx, changes) => {
    const removed = await trx
      .deleteFrom('item_likes')
      .where('item_id', '=', itemId)
      .where('visitor', '=', visitor)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) changes.touch(changeKey.comments(itemId));
  });
}

/** One comment by id, any state (moderation). */
export async function commentById(db: CommentsDb, id: string): Promise<CommentRow | undefined> {
  const row = await db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  return row && normalise(row);
}

/**
 * Comments in one state, newest first, `limit` after the sort key `after` (moderation queues);
 * `hasNextPage` tells whether more follow.
 */
export async function commentsInState(
  db: CommentsDb,
  state: CommentState,
  options: { limit: number; after?: readonly [number, string] },
): Promise<{ rows: CommentRow[]; hasNextPage: boolean }> {
  const { after, limit } = options;
  let query = db.selectFrom('comments').selectAll().where('state', '=', state);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after[0]),
        eb.and([eb('created_at', '=', after[0]), eb('id', '<', after[1])]),
      ]),
    );
  const rows = (
    await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute()
  ).map(normalise);
  return { rows: rows.slice(0, limit), hasNextPage: rows.length > limit };
}

/** Sets a comment's state (approve, mark spam, soft-delete); false when there is no such comment. */
export async function setCommentState(
  db: CommentsDb,
  id: string,
  state: CommentState,
  by: string | null,
  now = Date.now(),
): Promise<boolean> {
  return writeTransaction(db, async (trx, changes) => {
    const changed = await trx
      .updateTable('comments')
      .set({ state, moderated_at: now, moderated_by: by })
      .where('id', '=', id)
      .returning('item_id')
      .executeTakeFirst();
    if (!changed) return false;
    changes.touch(changeKey.comments(changed.item_id));
    return true;
  });
}

/** Removes a comment and every reply under it for good; returns how many rows went. */
export async function deleteComment(db: CommentsDb, id: string): Promise<number> {
  return writeTransaction(db, async (trx, changes) => {
    const doomed: string[] = [];
    let level = [id];
    while (level.length > 0) {
      doomed.push(...level);
      const children = await trx
        .selectFrom('comments')
        .select('id')
        .where('parent_id', 'in', level)
        .execute();
      level = children.map((c) => c.id);
    }
    const removed = await trx.deleteFrom('comments').where('id', 'in', doomed).returning('item_id').execute();
    for (const { item_id } of removed) changes.touch(changeKey.comments(item_id));
    return removed.length;
  });
}

/** PostgreSQL hands bigint back as a string: times as numbers. */
function normalise(row: CommentRow): CommentRow {
  return {
    ...row,
    created_at: Number(row.created_at),
    moderated_at: row.moderated_at === null ? null : Number(row.moderated_at),
  };
}

export interface ImportedComment {
  id: string;
  itemId: string;
  rootId: string;
  parentId: string | null;
  authorName: string;
  visitor: string;
  body: string;
  createdAt: number;
}

/** Stores an imported comment, approved, unless one of its id exists; answers 1 when it was added. */
export async function insertImportedComment(db: CommentsDb, comment: ImportedComment): Promise<number> {
  const result = await db
    .insertInto('comments')
    .values({
      id: comment.id,
      item_id: comment.itemId,
      root_id: comment.rootId,
      parent_id: comment.parentId,
      author_name: comment.authorName,
      author_email: null,
      account_id: null,
      staff_id: null,
      visitor: comment.visitor,
      body: comment.body,
      state: 'approved',
      created_at: comment.createdAt,
      moderated_at: null,
      moderated_by: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
