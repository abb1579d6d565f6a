/**
 * Comments and likes over HTTP, for visitors (issue 16; docs/comments.md):
 *
 * - `GET  /api/comments/:itemId?cursor=` -> `{ itemId, publicCommentCount, likeCount, liked, comments,
 *   hasNextPage, nextPageCursor }`: a page of the item's approved threads (oldest first, replies
 *   nested), with the visitor's own pending comments marked `awaitingApproval`.
 * - `POST /api/comments/:itemId` `{ authorName, authorEmail?, body, parentId?, captchaToken? }` ->
 *   `{ comment, awaitingApproval }`: a comment or a reply. Pending until a moderator approves it,
 *   unless `websiteSettings.commentsRequireApproval` is false.
 * - `GET /api/comments/:itemId/like` -> `{ liked, likeCount }`: the visitor's like and the count.
 * - `PUT`/`DELETE /api/comments/:itemId/like` -> `{ liked, likeCount }`: one like per visitor; a
 *   second like changes nothing.
 *
 * Writes need the crumb. The visitor is a random cookie (`sf_visitor`, HTTP-only), stored only as a
 * digest; a signed-in customer is their account instead, on every device. Refusals are entries of
 * http/errors.ts: 400 the body's problems and the captcha's, 403 `comments.closed` / `likes.off`,
 * 404 `comments.item-not-found` / `comments.parent-not-found`, 429 `comments.rate-limited`.
 *
 * The comment limit counts per visitor (their account, else their cookie; a client without the
 * cookie counts under its address), so one visitor behind an address shared by many (an office, a
 * school) does not use up the others' allowance. The cookie is the client's to choose, so a client
 * address also has a ceiling of {@link VISITORS_PER_ADDRESS} visitors' worth, whatever cookies it sends.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addComment,
  COMMENT_BODY_MAX,
  COMMENT_NAME_MAX,
  countsPerItem,
  likedBy,
  likeItem,
  threadPage,
  unlikeItem,
} from './store.ts';
import {
  altchaProvider,
  sharedSecret,
  spendSolution,
  type CaptchaProvider,
} from '../../platform/http/captcha.ts';
import { decodeCursor } from '../../platform/http/cursor.ts';
import { apiError } from '../../platform/http/errors.ts';
import { hit, registerDatabaseRateLimit } from '../../platform/http/rate-limit.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { digest, signedInCustomer } from '../../platform/http/session.ts';
import { commentView, THREAD_PAGE_SIZE, threadView, withSocial } from './views.ts';
import type { Json } from '../../platform/site/types.ts';
import { importComments } from './imported.ts';
import { commentableItem } from './items.ts';

export const COMMENTS_PATH = '/api/comments';
export const VISITOR_COOKIE = 'sf_visitor';
/** A year: likes and the poster's own pending comments outlive a visit. */
const VISITOR_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export interface CommentOptions {
  websiteSettings: Json;
  /** The site's folder: the comments it brings (`content/comments.json`) are stored at start. */
  siteDir: string;
  /** Every visitor comment must carry a solved captcha (ALTCHA, the site forms' challenge route). */
  captchaRequired: boolean;
  /** Comments per visitor and window (an address takes {@link VISITORS_PER_ADDRESS} times as many). */
  limit?: { max: number; windowMs: number };
  /** Replaces the ALTCHA provider. */
  captcha?: CaptchaProvider;
}

export const DEFAULT_COMMENT_LIMIT = { max: 5, windowMs: 60_000 };
/** How many visitors' comment allowance one client address may use in a window. */
export const VISITORS_PER_ADDRESS = 6;
/** Likes and unlikes per client address and window: generous, a like is cheap and idempotent. */
const LIKE_LIMIT = { max: 60, windowMs: 60_000 };

const itemParams = z.object({ itemId: z.string().min(1).max(100) }).strict();
const threadQuery = z.object({ cursor: z.string().max(500).optional() }).strict();
const postBody = z
  .object({
    authorName: z.string().max(1000),
    authorEmail: z.string().max(1000).nullable().optional(),
    body: z.string().max(100_000),
    parentId: z.string().min(1).max(100).nullable().optional(),
    captchaToken: z.string().max(20_000).nullable().optional(),
  })
  .strict();
const emailSchema = z.email();

/** The request's visitor key (a digest), or undefined when it has none yet. */
function visitorOf(request: FastifyRequest): string | undefined {
  const customer = signedInCustomer(request);
  if (customer) return digest(`account:${customer.accountId}`);
  const cookie = request.cookies[VISITOR_COOKIE];
  return cookie && /^[A-Za-z0-9_-]{16,64}$/.test(cookie) ? digest(`visitor:${cookie}`) : undefined;
}

/** The visitor key, giving the visitor a cookie first when they have none. */
function ensureVisitor(request: FastifyRequest, reply: FastifyReply): string {
  const known = visitorOf(request);
  if (known) return known;
  const cookie = randomBytes(24).toString('base64url');
  reply.setCookie(VISITOR_COOKIE, cookie, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    maxAge: VISITOR_COOKIE_MAX_AGE,
    secure: request.protocol === 'https',
  });
  return digest(`visitor:${cookie}`);
}

export async function commentRoutes(plugin: FastifyInstance, options: CommentOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const settings = options.websiteSettings;
  const requireApproval = settings.commentsRequireApproval !== false;
  // Verifying needs only the shared HMAC secret: the challenge comes from the site forms' route.
  const captcha =
    options.captcha ??
    altchaProvider({
      secret: await sharedSecret(db, 'altcha-hmac'),
      cost: 1,
      minCounter: 0,
      maxCounter: 1,
      ttlMs: 0,
    });
  const limit = options.limit ?? DEFAULT_COMMENT_LIMIT;

  await importComments(db, options.siteDir);
  await registerDatabaseRateLimit(app, db, 'comments', () => apiError('comments.rate-limited'));
  // The poster's visitor key, given before the per-visitor limit counts: a first comment counts
  // with the visitor's later ones.
  const posters = new WeakMap<FastifyRequest, string>();
  // Counted in the database table the per-visitor limit uses, so every instance shares the counts.
  const countPost = async (request: FastifyRequest, reply: FastifyReply) => {
    const known = visitorOf(request);
    posters.set(request, known ?? ensureVisitor(request, reply));
    const now = Date.now();
    const over = async (key: string, max: number) =>
      (await hit(db, `comments:${key}`, limit.windowMs, now)).current > max;
    // Clients that come without a cookie (or drop it) share their address's one allowance.
    if (
      (await over(`comment-address:${request.ip}`, limit.max * VISITORS_PER_ADDRESS)) ||
      (!known && (await over(`comment-newcomer:${request.ip}`, limit.max)))
    )
      throw apiError('comments.rate-limited');
  };

  app.get(
    `${COMMENTS_PATH}/:itemId`,
    { schema: { params: itemParams, querystring: threadQuery } },
    async (request, reply) => {
      const { itemId } = request.params;
      const item = await commentableItem(db, itemId);
      if (!item || settings.commentsEnabled !== true) throw apiError('comments.item-not-found');
      const after = request.query.cursor
        ? decodeCursor(request.query.cursor, ['number', 'string'])
        : undefined;
      // The cookie now, before the first post: the island reads the thread first, so a visitor's
      // comments count as theirs, not their address's.
      const visitor = ensureVisitor(request, reply);
      const [page, counts, liked] = await Promise.all([
        threadPage(db, itemId, {
          limit: THREAD_PAGE_SIZE,
          ...(after ? { after } : {}),
          visitor,
        }),
        countsPerItem(db, [itemId]),
        likedBy(db, visitor, [itemId]),
      ]);
      const shown = withSocial(item, counts.get(itemId));
      reply.header('cache-control', 'no-store');
      return {
        itemId,
        publicCommentCount: shown.publicCommentCount,
        likeCount: shown.likeCount,
        liked: liked.has(itemId),
        ...threadView(page),
      };
    },
  );

  app.post(
    `${COMMENTS_PATH}/:itemId`,
    {
      schema: { params: itemParams, body: postBody },
      onRequest: countPost,
      config: {
        crumb: true,
        rateLimit: {
          max: limit.max,
          timeWindow: limit.windowMs,
          keyGenerator: (r: FastifyRequest) => `comment:${posters.get(r) ?? r.ip}`,
        },
      },
    },
    async (request, reply) => {
      const { itemId } = request.params;
      const input = request.body;
      const item = await commentableItem(db, itemId);
      if (!item || settings.commentsEnabled !== true) throw apiError('comments.item-not-found');
      if (item.commentState !== 1) throw apiError('comments.closed');

      const authorName = input.authorName.trim();
      const body = input.body.trim();
      const email = input.authorEmail?.trim() || null;
      if (authorName === '') throw apiError('comments.name-blank');
      if ([...authorName].length > COMMENT_NAME_MAX)
        throw apiError('comments.name-too-long', { params: { max: COMMENT_NAME_MAX } });
      if (body === '') throw apiError('comments.body-blank');
      if ([...body].length > COMMENT_BODY_MAX)
        throw apiError('comments.body-too-long', { params: { max: COMMENT_BODY_MAX } });
      if (email !== null && !emailSchema.safeParse(email).success) throw apiError('comments.email-invalid');

      if (options.captchaRequired) {
        if (!input.captchaToken) throw apiError('comments.captcha-incomplete');
        const verdict = await captcha.verify(input.captchaToken);
        if (!verdict.ok || !(await spendSolution(db, verdict.id))) throw apiError('comments.captcha-failed');
      }

      const visitor = posters.get(request) ?? ensureVisitor(request, reply);
      const added = await addComment(db, {
        itemId,
        parentId: input.parentId ?? null,
        authorName,
        authorEmail: email,
        accountId: signedInCustomer(request)?.accountId ?? null,
        staffId: null,
        visitor,
        body,
        state: requireApproval ? 'pending' : 'approved',
      });
      if (!added.ok) throw apiError('comments.parent-not-found');
      reply.header('cache-control', 'no-store');
      return { comment: commentView(added.comment), awaitingApproval: added.comment.state === 'pending' };
    },
  );

  const likeRoute = (like: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { itemId } = itemParams.parse(request.params);
    const item = await commentableItem(db, itemId);
    if (!item) throw apiError('comments.item-not-found');
    if (settings.simpleLikingEnabled !== true) throw apiError('likes.off');
    const visitor = ensureVisitor(request, reply);
    await (like ? likeItem(db, itemId, visitor) : unlikeItem(db, itemId, visitor));
    const counts = await countsPerItem(db, [itemId]);
    reply.header('cache-control', 'no-store');
    return { liked: like, likeCount: withSocial(item, counts.get(itemId)).likeCount };
  };
  const likeConfig = {
    schema: { params: itemParams },
    config: {
      crumb: true,
      rateLimit: {
        max: LIKE_LIMIT.max,
        timeWindow: LIKE_LIMIT.windowMs,
        keyGenerator: (r: FastifyRequest) => `like:${r.ip}`,
      },
    },
  };
  app.get(`${COMMENTS_PATH}/:itemId/like`, { schema: { params: itemParams } }, async (request, reply) => {
    const { itemId } = request.params;
    const item = await commentableItem(db, itemId);
    if (!item) throw apiError('comments.item-not-found');
    if (settings.simpleLikingEnabled !== true) throw apiError('likes.off');
    const visitor = visitorOf(request);
    const [counts, liked] = await Promise.all([
      countsPerItem(db, [itemId]),
      visitor ? likedBy(db, visitor, [itemId]) : new Set<string>(),
    ]);
    reply.header('cache-control', 'no-store');
    return { liked: liked.has(itemId), likeCount: withSocial(item, counts.get(itemId)).likeCount };
  });
  app.put(`${COMMENTS_PATH}/:itemId/like`, likeConfig, likeRoute(true));
  app.delete(`${COMMENTS_PATH}/:itemId/like`, likeConfig, likeRoute(false));
}
