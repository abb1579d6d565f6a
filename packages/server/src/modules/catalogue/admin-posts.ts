/**
 * The post editor's and the page content editor's calls (issue 31; the work is in post-editor.ts
 * and page-content.ts, the contract in core's wire/content.ts). Reads need `backoffice.read`,
 * writes `content.edit` (editor and admin):
 * - `GET /posts?blogId=&q=&status=draft|scheduled|published&cursor=` -> PostPage;
 * - `POST /posts` `{ blogId, post }` -> 201 the draft's PostRecord;
 * - `GET /posts/:id`, `PUT /posts/:id` `{ version, post }` (409 `record-changed` on a stale version);
 * - `POST /posts/:id/publishing` `{ version, action: publish | schedule (at) | unpublish }`;
 * - `DELETE /posts/:id`; `GET /posts/:id/revisions`; `POST /posts/:id/revisions/:revisionId/restore`;
 * - `GET /pages/:id/content`, `PUT /pages/:id/content` `{ version, blocks }`, `GET
 *   /pages/:id/content/revisions`, `POST /pages/:id/content/revisions/:revisionId/restore`.
 */
import { siteTimeZone } from '../../platform/http/record-changed.ts';
import type { PostInput } from '@storefront/core/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../../platform/http/guards.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { layoutInput } from './layout-rules.ts';
import {
  loadPageContent,
  pageContentRevisions,
  restorePageContent,
  savePageContent,
} from './page-content.ts';
import {
  createPost,
  deletePost,
  listPosts,
  loadPost,
  postRevisions,
  publishPost,
  restorePostRevision,
  savePost,
  type PostSite,
  type StaffMember,
} from './post-editor.ts';
import type { Editor } from './product-editor.ts';

/** Spec §6: the site's time zone when its settings name none. */

const idParams = z.object({ id: z.string().min(1).max(100) }).strict();
const revisionParams = idParams.extend({ revisionId: z.string().min(1).max(100) }).strict();

const contentImage = z
  .object({
    assetUrl: z.string().min(1).max(500),
    originalSize: z.string().regex(/^\d+x\d+$/),
    altText: z.string().max(1000).optional(),
    title: z.string().max(500).optional(),
    description: z.string().max(2000).optional(),
  })
  .strict();

export const postInput = z
  .object({
    title: z.string().max(500),
    slug: z.string().trim().min(1).max(200),
    blocks: layoutInput,
    excerptHtml: z.string().max(20_000),
    authorId: z.string().min(1).max(100).nullable(),
    // The spec's lengths are checked in post-editor.ts, with its message naming the term.
    categories: z.array(z.string().trim().min(1).max(1000)).max(1000),
    tags: z.array(z.string().trim().min(1).max(1000)).max(1000),
    coverImage: contentImage
      .refine((image) => /^\/media\/[\w./-]+$/.test(image.assetUrl), {
        message: 'must be a file of the media library',
        path: ['assetUrl'],
      })
      .nullable(),
    seoTitle: z.string().max(500),
    seoDescription: z.string().max(2000),
    commentsOn: z.boolean(),
  })
  .strict();

export const postListQuery = z
  .object({
    blogId: z.string().min(1).max(100).optional(),
    q: z.string().trim().max(200).optional(),
    status: z.enum(['draft', 'scheduled', 'published']).optional(),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();

const version = z.number().int().min(1);
const postCreate = z.object({ blogId: z.string().min(1).max(100), post: postInput }).strict();
const postSave = z.object({ version, post: postInput }).strict();
const publishing = z.discriminatedUnion('action', [
  z.object({ version, action: z.literal('publish') }).strict(),
  z.object({ version, action: z.literal('schedule'), at: z.string().max(40) }).strict(),
  z.object({ version, action: z.literal('unpublish') }).strict(),
]);
const pageSave = z.object({ version, blocks: layoutInput }).strict();

export interface ContentEditorOptions {
  /** The staff members a post may name as its author (the accounts module's). */
  staff: () => Promise<StaffMember[]>;
}

/**
 * The post as the editor's work takes it: its blocks are checked there one by one (layout-rules.ts),
 * so that a refusal names the block at fault in the editor's words rather than the schema's.
 */
const postOf = (post: z.infer<typeof postInput>): PostInput => post as unknown as PostInput;

function editorOf(request: FastifyRequest): Editor {
  const member = request.member as { accountId: string; email: string };
  return { accountId: member.accountId, email: member.email };
}

export async function postEditorRoutes(
  plugin: FastifyInstance,
  CONFIG_API: string,
  options: ContentEditorOptions,
): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const read = { preValidation: requirePermission('backoffice.read') };
  const edit = { preValidation: requirePermission('content.edit'), config: { crumb: true } };
  const POSTS = `${CONFIG_API}/posts`;
  const PAGES = `${CONFIG_API}/pages`;
  const answer = (status: number, body: unknown) => ({ status, body });
  const siteOf = (request: FastifyRequest): PostSite => {
    const content = request.site.template.content;
    return {
      timeZone: siteTimeZone(request),
      // The site's clock, which the storefront shows a scheduled post by.
      now: request.site.now(),
      forms: content.forms,
      staff: options.staff,
    };
  };

  app.get(POSTS, { ...read, schema: { querystring: postListQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listPosts(db, siteOf(request), request.query);
  });
  app.get(`${POSTS}/:id`, { ...read, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return loadPost(db, request.params.id, siteOf(request));
  });
  app.get(`${POSTS}/:id/revisions`, { ...read, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return postRevisions(db, request.params.id);
  });
  app.post(POSTS, { ...edit, schema: { body: postCreate } }, async (request, reply) =>
    idempotent(db, request, reply, 'content-post-create', async () =>
      answer(
        201,
        await createPost(
          db,
          siteOf(request),
          editorOf(request),
          request.body.blogId,
          postOf(request.body.post),
        ),
      ),
    ),
  );
  app.put(`${POSTS}/:id`, { ...edit, schema: { params: idParams, body: postSave } }, async (request, reply) =>
    idempotent(db, request, reply, 'content-post-save', async () =>
      answer(
        200,
        await savePost(
          db,
          siteOf(request),
          editorOf(request),
          request.params.id,
          request.body.version,
          postOf(request.body.post),
        ),
      ),
    ),
  );
  app.post(
    `${POSTS}/:id/publishing`,
    { ...edit, schema: { params: idParams, body: publishing } },
    async (request, reply) =>
      idempotent(db, request, reply, 'content-post-publishing', async () =>
        answer(
          200,
          await publishPost(db, siteOf(request), editorOf(request), request.params.id, request.body),
        ),
      ),
  );
  app.delete(`${POSTS}/:id`, { ...edit, schema: { params: idParams } }, async (request, reply) =>
    idempotent(db, request, reply, 'content-post-delete', async () =>
      answer(200, await deletePost(db, request.params.id, Date.now())),
    ),
  );
  app.post(
    `${POSTS}/:id/revisions/:revisionId/restore`,
    { ...edit, schema: { params: revisionParams } },
    async (request, reply) =>
      idempotent(db, request, reply, 'content-post-restore', async () =>
        answer(
          200,
          await restorePostRevision(
            db,
            siteOf(request),
            editorOf(request),
            request.params.id,
            request.params.revisionId,
          ),
        ),
      ),
  );

  app.get(`${PAGES}/:id/content`, { ...read, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return loadPageContent(db, request.params.id);
  });
  app.get(
    `${PAGES}/:id/content/revisions`,
    { ...read, schema: { params: idParams } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return pageContentRevisions(db, request.params.id);
    },
  );
  app.put(
    `${PAGES}/:id/content`,
    { ...edit, schema: { params: idParams, body: pageSave } },
    async (request, reply) =>
      idempotent(db, request, reply, 'content-page-save', async () =>
        answer(
          200,
          await savePageContent(
            db,
            siteOf(request),
            editorOf(request),
            request.params.id,
            request.body.version,
            request.body.blocks,
          ),
        ),
      ),
  );
  app.post(
    `${PAGES}/:id/content/revisions/:revisionId/restore`,
    { ...edit, schema: { params: revisionParams } },
    async (request, reply) =>
      idempotent(db, request, reply, 'content-page-restore', async () =>
        answer(
          200,
          await restorePageContent(
            db,
            siteOf(request),
            editorOf(request),
            request.params.id,
            request.params.revisionId,
          ),
        ),
      ),
  );
}
