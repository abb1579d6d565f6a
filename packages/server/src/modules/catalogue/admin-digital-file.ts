/**
 * Digital products' files, for the product editor (issue 30), under `/api/config/digital-files`:
 * - `POST /` (multipart, one file of any type; `catalogue.edit`) -> 201 `DigitalFile`: kept once
 *   its last byte is stored; 413 `media.file-too-large` (the spec's text) past the limit, 400
 *   `media.upload-incomplete` when the body breaks off;
 * - `GET /:id` (`backoffice.read`) -> `DigitalFile`: its name, type and size, for the editor.
 * A product names its file in its `digitalFileId` when saved (a versioned save, with its revision),
 * so replacing or removing the file is an edit like any other. The bytes go to the database a chunk
 * at a time as they arrive (digital-file-store.ts): an upload of hundreds of megabytes holds one
 * chunk in memory, and every instance serves the file. They are never at a public address.
 */
import { createHash, randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { formatFileSize } from '@storefront/core';
import type { DigitalFile } from '@storefront/core/wire';
import { z } from 'zod';
import { apiError } from '../../platform/http/errors.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import {
  digitalFileById,
  discardDigitalFile,
  discardStaleUploads,
  finishDigitalFile,
  startDigitalFile,
  writeDigitalFileChunk,
  type DigitalFileRow,
} from './digital-file-store.ts';

/** The bytes of one stored chunk: small enough to hold, large enough that a big file is few rows. */
export const DIGITAL_FILE_CHUNK_BYTES = 1024 * 1024;
/** An upload begun this long ago and never finished was cut off: its rows go at the next upload. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

export interface DigitalFileAdminOptions {
  /** The largest file taken, in bytes (config's `digitalUploadLimitBytes`). */
  uploadLimitBytes: number;
}

const fileParams = z.object({ id: z.string().min(1).max(100) }).strict();

const wire = (row: DigitalFileRow): DigitalFile => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  bytes: row.bytes,
  uploadedOn: row.uploadedOn,
  uploadedBy: row.uploadedBy,
});

/** The uploader's own name without any folder or control characters: what the buyer saves. */
function fileNameOf(original: string): string {
  const leaf = (original.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}]+/gu, '').trim();
  return leaf.slice(0, 200) || 'download';
}

/** The type the browser declared when it is a well-formed media type; the buyer's browser only saves it. */
const contentTypeOf = (declared: string) =>
  /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i.test(declared)
    ? declared.toLowerCase()
    : 'application/octet-stream';

const errorCode = (error: unknown) =>
  error !== null && typeof error === 'object' && 'code' in error ? String(error.code) : '';

export async function digitalFileAdminRoutes(
  parent: FastifyInstance,
  CONFIG_API: string,
  options: DigitalFileAdminOptions,
): Promise<void> {
  // Its own context: multipart bodies are taken by these routes only (everywhere else 415).
  await parent.register(async (plugin) => {
    await plugin.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: options.uploadLimitBytes, files: 1 },
    });
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    const read = { preValidation: requirePermission('backoffice.read') };
    const edit = { preValidation: requirePermission('catalogue.edit'), config: { crumb: true } };
    const API = `${CONFIG_API}/digital-files`;

    app.get(`${API}/:id`, { ...read, schema: { params: fileParams } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const file = await digitalFileById(db, request.params.id);
      if (!file) throw apiError('catalogue.digital-file-not-found');
      return wire(file);
    });

    app.post(API, { ...edit }, async (request, reply) => {
      if (!request.isMultipart()) throw apiError('media.upload-not-multipart');
      const now = Date.now();
      await discardStaleUploads(db, now - STALE_UPLOAD_MS);
      const limit = options.uploadLimitBytes;
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await request.file();
      } catch {
        throw apiError('media.upload-incomplete', { extra: { fileName: '' } });
      }
      if (!part) throw apiError('media.upload-no-file');
      const fileId = randomUUID();
      await startDigitalFile(db, {
        id: fileId,
        fileName: fileNameOf(part.filename),
        contentType: contentTypeOf(part.mimetype),
        uploadedOn: now,
        uploadedBy: request.member?.email ?? null,
      });
      const hash = createHash('sha256');
      let bytes = 0;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        const data = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await writeDigitalFileChunk(db, fileId, seq, data);
        seq += 1;
      };
      try {
        for await (const data of part.file as AsyncIterable<Buffer>) {
          hash.update(data);
          bytes += data.length;
          pending.push(data);
          pendingBytes += data.length;
          if (pendingBytes >= DIGITAL_FILE_CHUNK_BYTES) await flush();
        }
        if (part.file.truncated)
          throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        await flush();
        await finishDigitalFile(db, fileId, { bytes, sha256: hash.digest('hex') });
      } catch (error) {
        await discardDigitalFile(db, fileId);
        if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE')
          throw apiError('media.file-too-large', {
            params: { fileName: part.filename, maxSize: formatFileSize(limit) },
          });
        throw apiError('media.upload-incomplete', { extra: { fileName: part.filename } });
      }
      const file = await digitalFileById(db, fileId);
      if (!file) throw apiError('media.upload-incomplete', { extra: { fileName: part.filename } });
      reply.code(201).header('cache-control', 'no-store');
      return wire(file);
    });
  });
}
