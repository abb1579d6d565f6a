/**
 * Comment moderation in the back office (issue 16), on db/comments.ts. Registered by routes.ts;
 * each call for signed-in staff whose roles grant its permission (401 signed out, 403
 * `account.forbidden` without it):
 *
 * - `GET /api/config/comments?state=pending|approved|spam|deleted&cursor=` (`comments.write`) ->
 *   `{ comments: [{ id, itemId, itemTitle, itemUrl, parentId, authorName, byStaff, body, state,
 *   created, moderatedAt, moderatedBy }], hasNextPage, nextPageCursor }`, newest first; the pending
 *   ones when no state is asked for (the moderation queue);
 * - `POST /api/config/comments/:id/{approve,spam,delete}` (`comments.moderate`) -> the comment in
 *   its new state. Delete is a state: the comment leaves the public thread, and can be approved back;
 * - `POST /api/config/comments/:id/reply` `{ body }` (`comments.write`: a commenter, role 7, replies
 *   but does not moderate) -> the staff reply, public at once. Only a public comment is answered
 *   (409 `comment-not-public`: a reply would show under something hidden). Takes an `Idempotency-Key`.
 */
import type { ModeratedComment, ModeratedCommentPage } from '@storefront/core/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addComment, COMMENT_BODY_MAX, commentById, commentsInState, setCommentState } from './store.ts';
import { COMMENT_STATES, type CommentRow, type CommentState } from './tables.ts';
import type { Db } from '../../platform/db/index.ts';
import { accountIdentity } from '../accounts/index.ts';
import { itemAddresses } from '../catalogue/index.ts';
import { decodeCursor, encodeCursor } from '../../platform/http/cursor.ts';
import { apiError } from '../../platform/http/errors.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';

const PAGE = 50;

export const commentListQuery = z
  .object({ state: z.enum(COMMENT_STATES).default('pending'), cursor: z.string().max(500).optional() })
  .strict();
const commentParams = z.object({ id: z.string().uuid('expected a comment id') }).strict();
const noBody = z.undefined().or(z.object({}).strict());
export const staffReplyBody = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, 'Write a reply first.')
      .max(COMMENT_BODY_MAX, `A reply is at most ${COMMENT_BODY_MAX} characters.`),
  })
  .strict();

interface ItemLink {
  title: string;
  url: string;
}

/** The title and address of each item asked for (an item the content lost has none). */
async function itemLinks(db: Db, itemIds: readonly string[]): Promise<Map<string, ItemLink>> {
  const addresses = await itemAddresses(db, itemIds);
  return new Map(
    [...addresses.values()].map((r) => [
      r.id,
      {
        title: r.title,
        url: `/${encodeURIComponent(r.collectionUrlId)}/${encodeURIComponent(r.urlId)}`,
      },
    ]),
  );
}

/** A comment as the back office shows it: no e-mail address, no visitor key. */
function commentView(row: CommentRow, item: ItemLink | undefined): ModeratedComment {
  return {
    id: row.id,
    itemId: row.item_id,
    itemTitle: item?.title ?? null,
    itemUrl: item?.url ?? null,
    parentId: row.parent_id,
    authorName: row.author_name,
    byStaff: row.staff_id !== null,
    body: row.body,
    state: row.state,
    created: Number(row.created_at),
    moderatedAt: row.moderated_at === null ? null : Number(row.moderated_at),
    moderatedBy: row.moderated_by,
  };
}
export type { ModeratedComment };

export async function listComments(
  db: Db,
  query: z.infer<typeof commentListQuery>,
): Promise<ModeratedCommentPage> {
  const after = query.cursor ? decodeCursor(query.cursor, ['number', 'string']) : undefined;
  const { rows, hasNextPage } = await commentsInState(db, query.state, {
    limit: PAGE,
    ...(after ? { after } : {}),
  });
  const items = await itemLinks(
    db,
    rows.map((r) => r.item_id),
  );
  const last = rows[rows.length - 1];
  return {
    comments: rows.map((r) => commentView(r, items.get(r.item_id))),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor([Number(last.created_at), last.id]) : null,
  };
}

async function viewOf(db: Db, id: string): Promise<ModeratedComment> {
  const row = await commentById(db, id);
  if (!row) throw apiError('backoffice.comment-not-found');
  return commentView(row, (await itemLinks(db, [row.item_id])).get(row.item_id));
}

const MODERATIONS = [
  ['approve', 'approved'],
  ['spam', 'spam'],
  ['delete', 'deleted'],
] as const satisfies readonly (readonly [string, CommentState])[];

export async function commentModerationRoutes(plugin: FastifyInstance, api: string): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const accountOf = (request: FastifyRequest) => (request.member as { accountId: string }).accountId;
  const write = { preValidation: requirePermission('comments.write') };
  const moderate = { preValidation: requirePermission('comments.moderate') };

  app.get(
    `${api}/comments`,
    { ...write, schema: { querystring: commentListQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listComments(db, request.query);
    },
  );

  for (const [action, state] of MODERATIONS)
    app.post(
      `${api}/comments/:id/${action}`,
      { ...moderate, config: { crumb: true }, schema: { params: commentParams, body: noBody } },
      async (request, reply) => {
        const staff = await accountIdentity(db, accountOf(request));
        const changed = await setCommentState(db, request.params.id, state, staff?.email ?? null);
        if (!changed) throw apiError('backoffice.comment-not-found');
        reply.header('cache-control', 'no-store');
        return viewOf(db, request.params.id);
      },
    );

  app.post(
    `${api}/comments/:id/reply`,
    { ...write, config: { crumb: true }, schema: { params: commentParams, body: staffReplyBody } },
    async (request, reply) =>
      idempotent(db, request, reply, 'backoffice-comment-reply', async () => {
        const parent = await commentById(db, request.params.id);
        if (!parent) throw apiError('backoffice.comment-not-found');
        const staffId = accountOf(request);
        const staff = await accountIdentity(db, staffId);
        const added = await addComment(db, {
          itemId: parent.item_id,
          parentId: parent.id,
          authorName: staff?.name || request.site.title || 'Staff',
          authorEmail: null,
          accountId: null,
          staffId,
          // Staff replies are public at once: no visitor needs to see them while pending.
          visitor: `staff:${staffId}`,
          body: request.body.body,
          state: 'approved',
        });
        if (!added.ok) throw apiError('backoffice.comment-not-public');
        return { status: 201, body: await viewOf(db, added.comment.id) };
      }),
  );
}
