/**
 * The media library's back-office calls (issue 30), under `/api/config/media`:
 * - `POST /` (multipart, one or several files; `catalogue.edit`) -> `{ assets: MediaAsset[] }`, all
 *   of the request's files kept or none: 413 `media.file-too-large` (the spec's text), 400
 *   `media.upload-incomplete` when the body breaks off, 415 `media.upload-unsupported` for what is
 *   not a JPEG, PNG, WebP, AVIF, GIF or SVG, 422 `media.upload-too-many-pixels` for a
 *   decompression bomb, 422 `media.processing-failed` for an image that does not decode;
 * - `GET /?q=&cursor=&limit=` (`backoffice.read`) -> `MediaPage`, newest first;
 * - `GET /:id` -> `MediaAsset`; `PATCH /:id` `MediaAssetChange` (`catalogue.edit`) -> `MediaAsset`,
 *   or 409 `record-changed` naming who saved since and when (wire RecordChanged);
 * - `GET /:id/revisions` -> `RecordRevisions`; `POST /:id/revisions/:revisionId/restore` -> `MediaAsset`;
 * - `DELETE /:id` (`catalogue.edit`) -> `{ deleted: true }`, or 409 `media.in-use` naming where.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatFileSize, joinWithAnd } from '@storefront/core';
import type { MediaAsset, MediaPage, MediaUse } from '@storefront/core/wire';
import { z } from 'zod';
import { decodeCursor, pageOf } from '../../platform/http/cursor.ts';
import { apiError, type ApiError } from '../../platform/http/errors.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import { siteTimeZone } from '../../platform/http/record-changed.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { MAX_INPUT_PIXELS } from './encoder.ts';
import type { AssetRow, AssetSave, MediaLibrary } from './library.ts';
import { examineUpload, type ExaminedUpload, type UploadRefusal } from './upload.ts';

/** Files taken in one request: the screen sends one a request, another client may send a few. */
const FILES_PER_REQUEST = 20;
const PAGE_SIZE = 48;

export interface MediaAdminOptions {
  library: MediaLibrary;
  /** The largest file taken, in bytes (config's `mediaUploadLimitBytes`). */
  uploadLimitBytes: number;
  /** The back office's calls' root, `/api/config` (not `prefix`, which Fastify would put before it again). */
  configApi: string;
}

const listQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();
const idParams = z.object({ id: z.string().min(1).max(100) }).strict();
const revisionParams = idParams.extend({ revisionId: z.string().min(1).max(100) }).strict();
const unit = z.number().min(0).max(1);
const assetChange = z
  .object({
    version: z.number().int().min(1),
    alt: z.string().max(1000).optional(),
    title: z.string().max(200).optional(),
    focalPoint: z.object({ x: unit, y: unit }).strict().optional(),
  })
  .strict();

const TAG: Readonly<Record<MediaUse['kind'], string>> = {
  product: 'product',
  page: 'page',
  post: 'post',
  collection: 'store page',
  site: 'site',
};

const usesText = (uses: readonly MediaUse[]) =>
  joinWithAnd(uses.map((use) => (use.kind === 'site' ? use.title : `${TAG[use.kind]} “${use.title}”`)));

function refusalOf(fileName: string, refusal: UploadRefusal): ApiError {
  switch (refusal.kind) {
    case 'unsupported':
      return apiError('media.upload-unsupported', { params: { fileName } });
    case 'unreadable':
      return apiError('media.processing-failed', { extra: { fileName } });
    case 'too-many-pixels':
      return apiError('media.upload-too-many-pixels', {
        params: {
          fileName,
          width: refusal.width,
          height: refusal.height,
          limit: MAX_INPUT_PIXELS / 1_000_000,
        },
      });
  }
}

const errorCode = (error: unknown) =>
  error !== null && typeof error === 'object' && 'code' in error ? String(error.code) : '';

/** Every file of the request, read whole (each at most `limit` bytes), or the refusal. */
async function receiveFiles(
  request: FastifyRequest,
  limit: number,
): Promise<{ fileName: string; bytes: Buffer }[]> {
  if (!request.isMultipart()) throw apiError('media.upload-not-multipart');
  const files: { fileName: string; bytes: Buffer }[] = [];
  let current = '';
  try {
    for await (const part of request.files({
      limits: { fileSize: limit, files: FILES_PER_REQUEST },
    })) {
      current = part.filename;
      files.push({ fileName: part.filename, bytes: await part.toBuffer() });
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw apiError('media.file-too-large', {
        params: { fileName: current, maxSize: formatFileSize(limit) },
      });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw apiError('media.too-many-files', { params: { limit: FILES_PER_REQUEST } });
    throw apiError('media.upload-incomplete', { extra: { fileName: current } });
  }
  if (files.length === 0) throw apiError('media.upload-no-file');
  return files;
}

export async function mediaAdminRoutes(plugin: FastifyInstance, options: MediaAdminOptions): Promise<void> {
  const { library, uploadLimitBytes, configApi } = options;
  const API = `${configApi}/media`;
  // Multipart bodies are taken here only: everywhere else they stay unparsed (415).
  await plugin.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: uploadLimitBytes } });
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = { preValidation: requirePermission('backoffice.read') };
  const edit = { preValidation: requirePermission('media.edit') };

  const found = async (id: string): Promise<AssetRow> => {
    const row = await library.byId(id);
    if (!row) throw apiError('media.not-found');
    return row;
  };
  const one = async (row: AssetRow): Promise<MediaAsset> => (await library.wire([row]))[0] as MediaAsset;

  app.post(API, { ...edit }, async (request, reply) => {
    const files = await receiveFiles(request, uploadLimitBytes);
    const examined: { fileName: string; upload: ExaminedUpload }[] = [];
    for (const file of files) {
      const result = await examineUpload(file.bytes);
      if (!result.ok) throw refusalOf(file.fileName, result.refusal);
      examined.push({ fileName: file.fileName, upload: result.upload });
    }
    const member = request.member;
    const stored = await library.store(examined, member?.email ?? null, Date.now());
    reply.code(201).header('cache-control', 'no-store');
    return { assets: await library.wire(stored) };
  });

  app.get(
    API,
    { ...read, schema: { querystring: listQuery } },
    async (request, reply): Promise<MediaPage> => {
      reply.header('cache-control', 'no-store');
      const { q, cursor, limit = PAGE_SIZE } = request.query;
      const after = cursor ? decodeCursor(cursor, ['number', 'string'] as const) : undefined;
      const rows = await library.list({ q, after, limit });
      const page = pageOf(rows, limit, (row) => [row.uploadedOn, row.id]);
      return {
        assets: await library.wire(page.shown),
        hasNextPage: page.hasNextPage,
        nextPageCursor: page.nextPageCursor,
      };
    },
  );

  app.get(`${API}/:id`, { ...read, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return one(await found(request.params.id));
  });

  const saveOf = (request: FastifyRequest): AssetSave => ({
    by: request.member?.email ?? null,
    now: Date.now(),
    timeZone: siteTimeZone(request),
  });

  app.patch(`${API}/:id`, { ...edit, schema: { params: idParams, body: assetChange } }, async (request) => {
    const { version, alt, title, focalPoint } = request.body;
    const change = {
      ...(alt === undefined ? {} : { alt: alt.trim() }),
      ...(title === undefined ? {} : { title: title.trim() }),
      ...(focalPoint === undefined ? {} : { focalPoint }),
    };
    return one(await library.change(request.params.id, version, change, saveOf(request)));
  });

  app.get(`${API}/:id/revisions`, { ...read, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await found(request.params.id);
    return library.revisions(request.params.id);
  });

  app.post(
    `${API}/:id/revisions/:revisionId/restore`,
    { ...edit, schema: { params: revisionParams } },
    async (request) => {
      await found(request.params.id);
      return one(await library.restore(request.params.id, request.params.revisionId, saveOf(request)));
    },
  );

  app.delete(`${API}/:id`, { ...edit, schema: { params: idParams } }, async (request) => {
    const row = await found(request.params.id);
    const uses = await library.delete(row);
    if (uses)
      throw apiError('media.in-use', {
        params: { fileName: row.fileName, uses: usesText(uses) },
        extra: { usedBy: uses },
      });
    return { deleted: true };
  });
}
