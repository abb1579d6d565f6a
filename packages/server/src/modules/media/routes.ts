/**
 * `GET /media/<file>`: the media library's originals (in the database, so every instance serves
 * the same files). With the platform's `?format=<width>w` (a width of systemDataVariants) an image
 * is resized to that width and encoded as the browser prefers (AVIF, WebP, else JPEG);
 * `&aspect=16:9` crops it around its mediaFocalPoint. Without it, with `?format=original`, and for
 * SVG and GIF, the file is sent as it is. See docs/images.md.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BoundedCache } from '@storefront/jsont/bounded-cache';
import { apiError } from '../../platform/http/errors.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import type { Site } from '../../platform/site/types.ts';
import { encode, inspect, MAX_INPUT_PIXELS, type EncodeFailure, type InspectResult } from './encoder.ts';
import { CENTRE, focalPointsOf } from './focal-points.ts';
import { MEDIA_PATH, urlOf, type AssetRow, type MediaLibrary } from './library.ts';
import { variantKey, VariantStore } from './variant-store.ts';
import {
  aspectOf,
  CONTENT_TYPES,
  negotiateFormat,
  variantQuerySchema,
  widthOf,
  type Variant,
} from './variant.ts';

/** Sent as they are whatever is asked: SVG is drawn at any size, and a GIF may be animated. */
const SENT_AS_THEY_ARE = new Set(['image/svg+xml', 'image/gif']);

/** How long a browser keeps an original (its ETag then answers 304 while it is unchanged). */
const ORIGINAL_CACHE_CONTROL = 'public, max-age=86400';

/**
 * A variant's name holds its source's hash, but the URL does not: a browser keeps it a week and
 * then asks again with its ETag (a 304 when the source is unchanged).
 */
const VARIANT_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';

export interface MediaOptions {
  site: Site;
  library: MediaLibrary;
  /** The data folder: variants are kept in its `media-cache/`. */
  dataDir: string;
  /** Encodes that run at once (default: one less than the cores, at least one). */
  encodeSlots?: number;
  /** The site's favicon as its settings name it now (a `/media/...` address), served at `/favicon.ico`. */
  faviconUrl?: () => unknown;
}

/**
 * The favicon: browsers ask for it on every site, so it is kept an hour, then asked again with its
 * ETag (a new favicon shows within the hour, an unchanged one costs a 304).
 */
const FAVICON_CACHE_CONTROL = 'public, max-age=3600';

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

const etagOf = (asset: AssetRow) => `"${asset.sha256.slice(0, 32)}"`;

export async function mediaRoutes(app: FastifyInstance, options: MediaOptions): Promise<void> {
  const { library } = options;
  const focalPoints = focalPointsOf(options.site.content);
  const store = new VariantStore(
    join(options.dataDir, 'media-cache'),
    options.encodeSlots ?? Math.max(1, availableParallelism() - 1),
  );
  app.decorate('mediaVariants', store);
  // Each original's header, read once per instance (its bytes are needed again only to encode).
  const inspected = new BoundedCache<string, InspectResult>(10_000);

  const sendOriginal = async (
    request: FastifyRequest,
    reply: FastifyReply,
    asset: AssetRow,
    cacheControl = ORIGINAL_CACHE_CONTROL,
  ) => {
    const etag = etagOf(asset);
    reply
      .header('content-type', asset.contentType)
      .header('cache-control', cacheControl)
      .header('etag', etag);
    if (asset.contentType === 'image/svg+xml') {
      // An SVG is a document that can run script: opened on its own it runs in a sandbox, and a
      // browser that opens the address saves it rather than showing it (an <img> draws it all the same).
      const policy = reply.getHeader('content-security-policy');
      reply
        .header('content-security-policy', policy ? `${String(policy)}; sandbox` : 'sandbox')
        .header(
          'content-disposition',
          `attachment; filename="${asset.fileName.split('/').pop() ?? 'image.svg'}"`,
        );
    }
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const bytes = await library.original(asset);
    if (!bytes) return reply.callNotFound();
    return reply.send(bytes);
  };

  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.get('/favicon.ico', async (request, reply) => {
    const url = options.faviconUrl?.();
    const name = typeof url === 'string' && url.startsWith(MEDIA_PATH) ? url.slice(MEDIA_PATH.length) : '';
    const asset = name ? await library.byName(name.split('?')[0] ?? '') : undefined;
    if (!asset) throw apiError('favicon-not-found');
    return sendOriginal(request, reply, asset, FAVICON_CACHE_CONTROL);
  });
  typed.get('/media/*', { schema: { querystring: variantQuerySchema } }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const { query } = request;
    const width = widthOf(query);
    const asset = name.split('/').some((segment) => segment.startsWith('.') || segment === '')
      ? undefined
      : await library.byName(name);
    if (!asset) return reply.callNotFound();
    if (width === undefined || SENT_AS_THEY_ARE.has(asset.contentType))
      return sendOriginal(request, reply, asset);

    let bytes: Buffer | undefined;
    const readBytes = async () => {
      bytes ??= await library.original(asset);
      if (!bytes) throw apiError('media.not-found');
      return bytes;
    };
    let header = inspected.get(asset.sha256);
    if (!header) {
      header = await inspect(await readBytes());
      inspected.set(asset.sha256, header);
    }
    if (!header.ok) throw refusal(name, header.failure);
    const info = header.info;
    const aspect = aspectOf(query);
    const variant: Variant = {
      width,
      ...(aspect ? { aspect } : {}),
      focalPoint: focalPoints.get(urlOf(name)) ?? CENTRE,
      format: negotiateFormat(request.headers.accept, info.hasAlpha),
    };
    const parameters = `${variant.width}|${aspect?.join(':') ?? ''}|${variant.focalPoint.x},${variant.focalPoint.y}|${variant.format}`;
    const stored = await store.get(variantKey(asset.sha256, parameters), variant.format, async () =>
      encode(await readBytes(), info, variant),
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
