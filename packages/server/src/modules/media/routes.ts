/**
 * `GET /media/<file>`: the content's media. With the platform's `?format=<width>w` (a width of
 * systemDataVariants) an image is resized to that width and encoded as the browser prefers (AVIF,
 * WebP, else JPEG); `&aspect=16:9` crops it around its mediaFocalPoint. Without it, with
 * `?format=original`, and for SVG and GIF, the file is sent as it is. See docs/images.md.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiError } from '../../platform/http/errors.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import type { Site } from '../../platform/site/types.ts';
import { encode, MAX_INPUT_PIXELS, type EncodeFailure } from './encoder.ts';
import { CENTRE, focalPointsOf, MediaSources } from './sources.ts';
import { variantKey, VariantStore } from './store.ts';
import {
  aspectOf,
  CONTENT_TYPES,
  negotiateFormat,
  variantQuerySchema,
  widthOf,
  type Variant,
} from './variant.ts';

/** Sent as they are whatever is asked: SVG is drawn at any size, and a GIF may be animated. */
const SENT_AS_THEY_ARE = new Set(['.svg', '.gif']);

/**
 * A variant's name holds its source's hash, but the URL does not: a browser keeps it a week and
 * then asks again with its ETag (a 304 when the source is unchanged).
 */
const VARIANT_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';

export interface MediaOptions {
  site: Site;
  /** The content's media folder. */
  root: string;
  /** The data folder: variants are kept in its `media-cache/`. */
  dataDir: string;
  /** Encodes that run at once (default: one less than the cores, at least one). */
  encodeSlots?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The image service's variant store (its `encodes` count is what tests and operators read). */
    mediaVariants: VariantStore;
  }
}

const refusal = (file: string, failure: EncodeFailure) => {
  switch (failure.kind) {
    case 'unsupported':
      return apiError('media-unsupported', { params: { file } });
    case 'too-large':
      return apiError('media-too-large', {
        params: { file, width: failure.width, height: failure.height, limit: MAX_INPUT_PIXELS },
      });
    case 'unreadable':
      return apiError('media-unreadable', { params: { file, problem: failure.problem } });
  }
};

export async function mediaRoutes(app: FastifyInstance, options: MediaOptions): Promise<void> {
  const sources = new MediaSources(options.root);
  const focalPoints = focalPointsOf(options.site.content);
  const store = new VariantStore(
    join(options.dataDir, 'media-cache'),
    options.encodeSlots ?? Math.max(1, availableParallelism() - 1),
  );
  app.decorate('mediaVariants', store);

  const sendOriginal = (reply: FastifyReply, name: string) => reply.sendFile(name, options.root);

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/media/*', { schema: { querystring: variantQuerySchema } }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const { query } = request;
    const width = widthOf(query);
    const path = sources.fileOf(name);
    if (path === undefined) return reply.callNotFound();
    if (width === undefined || SENT_AS_THEY_ARE.has(extname(path).toLowerCase()))
      return sendOriginal(reply, name);

    const { source, bytes } = await sources.read(path);
    if (!source.inspected.ok) throw refusal(name, source.inspected.failure);
    const info = source.inspected.info;
    const aspect = aspectOf(query);
    const variant: Variant = {
      width,
      ...(aspect ? { aspect } : {}),
      focalPoint: focalPoints.get(`/media/${name}`) ?? CENTRE,
      format: negotiateFormat(request.headers.accept, info.hasAlpha),
    };
    const parameters = `${variant.width}|${aspect?.join(':') ?? ''}|${variant.focalPoint.x},${variant.focalPoint.y}|${variant.format}`;
    const stored = await store.get(variantKey(source.hash, parameters), variant.format, async () =>
      encode(bytes ?? (await readFile(path)), info, variant),
    );
    if (!stored.ok) throw refusal(name, stored.failure);

    reply
      .header('content-type', CONTENT_TYPES[variant.format])
      .header('vary', 'Accept')
      .header('cache-control', VARIANT_CACHE_CONTROL)
      .header('etag', stored.etag);
    if (request.headers['if-none-match'] === stored.etag) return reply.code(304).send();
    return reply.send(createReadStream(stored.file));
  });
}
