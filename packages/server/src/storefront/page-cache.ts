/**
 * Anonymous pages from memory (issues 20, 28). A visitor with none of the per-visitor cookies (cart,
 * session) sees the same page as every other such visitor, so it is rendered once per URL and web
 * bundle build, and kept while none of the change keys of what it showed moves (db/change-version.ts:
 * one read per request, which also sees writes made by other instances; the render records the
 * keys): at most MAX_PAGES, each for at most MAX_AGE_MS.
 *
 * Nonces: every response needs fresh CSP nonces, so what is kept is the page cut at its nonce
 * markers, gzip-compressed piece by piece (each piece a deflate run ending on a byte boundary,
 * independent of the others). A response splices its own nonces in between as stored deflate
 * blocks and adds the gzip header and trailer (CRC-32 of the filled text): gzip's best level for
 * the cost of folding the nonces into the pieces' checksums, kept with them as UTF-8 bytes
 * (render/crc32-combine.ts). Nothing a response does grows with the page: encoding and checksumming
 * the whole text per response was a fifth of the cost of a 125 KB collection page. Brotli cannot
 * be spliced (a later part may copy from the bytes where a nonce goes, and its literal contexts
 * carry over), so kept pages go as gzip to every client that takes it, brotli's included: on an
 * 18 KB product page that is 8% more bytes than brotli 5, and about 0.01 ms a response instead of
 * 0.8 ms. A client that takes only brotli gets the filled page compressed at a fast quality. Pages for a visitor with a cart or a session are rendered per
 * request and compressed by @fastify/compress at the cheaper quality app.ts gives page routes.
 *
 * Validators: the ETag names the page as kept (before its nonces), per encoding. A 304 carries no
 * Content-Security-Policy: Chromium stores a 304's headers over its copy's, and a new policy would
 * refuse the nonces in the copy's markup (tried: the template's inline script no longer runs).
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { BoundedCache } from '@storefront/jsont/bounded-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ReadKeys,
  type ChangeKey,
  type ChangeSnapshot,
  type ChangeWatch,
} from '../platform/db/change-version.ts';
import type { Db } from '../platform/db/index.ts';
import { combineCrc32, crc32Appender } from './crc32-combine.ts';
import { splitAtNonceMarkers, type NonceKind } from '../platform/site/nonce-markers.ts';
import type { PageResult } from '../platform/http/page-result.ts';
import type { WebBundle } from '../web-bundle.ts';

/**
 * Pages kept, the least recently sent dropped first. A page's text and its gzip take about 1.3
 * times its length: 300 demo pages (18-40 KB) hold under 15 MB, and no more than 100 MB whatever
 * the pages, since longer ones are not kept.
 */
const MAX_PAGES = 300;
const MAX_KEPT_LENGTH = 256 * 1024;
/** Only pages that every anonymous visitor of the URL sees. */
const KEPT_STATUS = 200;
const GZIP_LEVEL = 9;
/**
 * How long a page is kept even while no version moves: what a page says about "now" (a template's
 * "3 days ago", this year in a footer) is at most this old.
 */
const MAX_AGE_MS = 60_000;
/**
 * Brotli per response (per-visitor pages; kept pages for brotli-only clients): on an 18 KB product
 * page quality 5 took 0.79 ms, 4 took 0.47 ms and 3 took 0.30 ms for 2-13% more bytes.
 */
export const PER_VISITOR_BROTLI_QUALITY = 4;
const FAST_BROTLI_QUALITY = 3;

/**
 * A page as kept: its text between nonce markers as UTF-8, each piece's CRC-32 and the operator
 * that appends its length, and the pieces deflated one by one.
 */
export interface KeptPage {
  status: number;
  pageType: number;
  contentType: string;
  pieces: Buffer[];
  gaps: NonceKind[];
  crcs: number[];
  appenders: number[];
  deflated: Buffer[];
  /** Hash of the page before its nonces are filled in. */
  tag: string;
  renderedAt: number;
  /** The sequence's number it was rendered at, and the keys of what it shows. */
  made: number;
  depends: ChangeKey[];
  /** When what it shows changes with no key moving (a scheduled item's publish time; Infinity: never). */
  until: number;
}

export interface PageCacheOptions {
  db: Db;
  /** This instance's view of the change keys' versions. */
  watch: ChangeWatch;
  /** Pages name its current files: a new build is a new page. */
  webBundle: WebBundle;
  /** Cookies that make a page the visitor's own (cart, session): with any of them, nothing is kept. */
  perVisitorCookies: readonly string[];
}

export class PageCache {
  private bundle = '';
  private pages = newPages();
  /** Renders under way, by version and URL: visitors arriving meanwhile wait for the same one. */
  private readonly rendering = new Map<string, Promise<KeptPage | PageResult>>();

  constructor(private readonly options: PageCacheOptions) {}

  /** Whether this request's page is the one every anonymous visitor gets. */
  isShared(request: FastifyRequest): boolean {
    return !this.options.perVisitorCookies.some((name) => request.cookies[name] !== undefined);
  }

  /**
   * The kept page for the request's URL while what it shows holds, rendered by `render` when there
   * is none (given the versions, the request's one read of them, to record what it reads);
   * `render`'s own result when it is not a page to keep.
   */
  async page(
    request: FastifyRequest,
    render: (read: ReadKeys) => Promise<PageResult>,
    /** The versions the request already read, if it read them. */
    read?: ChangeSnapshot,
  ): Promise<KeptPage | PageResult> {
    const snapshot = read ?? (await this.options.watch.read(this.options.db));
    const { script, stylesheets } = this.options.webBundle.current();
    const bundle = JSON.stringify([script, stylesheets]);
    if (bundle !== this.bundle) {
      this.bundle = bundle;
      this.pages = newPages();
    }
    const pages = this.pages;
    // A page names the site it is for (its origin in canonical and og:url): kept per site.
    const url = `${request.site.origin}${request.url}`;
    const hit = pages.get(url);
    if (
      hit &&
      Date.now() - hit.renderedAt < MAX_AGE_MS &&
      request.site.now() < hit.until &&
      !snapshot.movedSince(hit.made, hit.depends)
    )
      return hit;
    // The versions were read before the render's own reads, so the page shows at least what they
    // say; a render that started under an older build fills the map of its own build.
    const key = `${snapshot.latest}\n${bundle}\n${url}`;
    let rendering = this.rendering.get(key);
    if (!rendering) {
      const read = new ReadKeys(snapshot);
      rendering = render(read).then((result) => {
        if (result.status !== KEPT_STATUS || result.body.length > MAX_KEPT_LENGTH) return result;
        const kept = keep(result, snapshot.latest, [...read.keys], read.until);
        pages.set(url, kept);
        return kept;
      });
      this.rendering.set(key, rendering);
      void rendering.then(
        () => this.rendering.delete(key),
        () => this.rendering.delete(key),
      );
    }
    return rendering;
  }
}

const newPages = () => new BoundedCache<string, KeptPage>(MAX_PAGES, { refreshOnHit: true });

export function isKept(page: KeptPage | PageResult): page is KeptPage {
  return 'pieces' in page;
}

function keep(result: PageResult, made: number, depends: ChangeKey[], until: number): KeptPage {
  const split = splitAtNonceMarkers(result.body);
  const pieces = split.pieces.map((piece) => Buffer.from(piece));
  const last = pieces.length - 1;
  return {
    status: result.status,
    pageType: result.pageType,
    contentType: result.contentType,
    pieces,
    gaps: split.gaps,
    crcs: pieces.map((piece) => zlib.crc32(piece)),
    appenders: pieces.map((piece) => crc32Appender(piece.length)),
    // Every piece but the last ends with a sync flush (byte-aligned, not final); the last finishes.
    deflated: pieces.map((piece, i) =>
      zlib.deflateRawSync(piece, {
        level: GZIP_LEVEL,
        ...(i < last ? { finishFlush: zlib.constants.Z_SYNC_FLUSH } : {}),
      }),
    ),
    tag: createHash('sha256').update(result.body).digest('base64url').slice(0, 27),
    renderedAt: Date.now(),
    made,
    depends,
    until,
  };
}

/** gzip's fixed header: deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** A non-final stored deflate block holding `bytes` (a nonce: far below the 65,535-byte limit). */
function storedBlock(bytes: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = 0;
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

/** The kept page as gzip with `nonces` filled in. */
export function splicedGzip(page: KeptPage, nonces: Record<NonceKind, string>): Buffer {
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  page.pieces.forEach((piece, i) => {
    crc = combineCrc32(crc, page.crcs[i] as number, page.appenders[i] as number);
    size += piece.length;
    parts.push(page.deflated[i] as Buffer);
    const gap = page.gaps[i];
    if (gap === undefined) return;
    const nonce = Buffer.from(nonces[gap]);
    crc = zlib.crc32(nonce, crc);
    size += nonce.length;
    parts.push(storedBlock(nonce));
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** The kept page's text with `nonces` filled in, as UTF-8. */
export function filledText(page: KeptPage, nonces: Record<NonceKind, string>): Buffer {
  const parts: Buffer[] = [];
  page.pieces.forEach((piece, i) => {
    parts.push(piece);
    const gap = page.gaps[i];
    if (gap !== undefined) parts.push(Buffer.from(nonces[gap]));
  });
  return Buffer.concat(parts);
}

type Encoding = 'gzip' | 'br' | 'identity';

/** gzip when the client takes it (spliced from memory), else brotli, else none. */
function encodingFor(request: FastifyRequest): Encoding {
  const accepted = new Map<string, number>();
  for (const part of String(request.headers['accept-encoding'] ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('gzip')) return 'gzip';
  if (takes('br')) return 'br';
  return 'identity';
}

/**
 * Sends a kept page: 304 when the client's copy is this page, else the page with this response's
 * nonces, compressed from memory. `cacheControl` as for any page.
 */
export function sendKeptPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: KeptPage,
  cacheControl: string,
): FastifyReply {
  const encoding = encodingFor(request);
  const etag = `"${page.tag}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  reply
    .code(page.status)
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('vary', 'accept-encoding')
    .header('x-page-type', String(page.pageType));
  const sentTags = String(request.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim());
  if (sentTags.includes(etag) || sentTags.includes('*')) {
    reply.raw.removeHeader('content-security-policy');
    return reply.code(304).send();
  }
  reply.header('content-type', page.contentType);
  const nonces = reply.cspNonce;
  if (encoding === 'identity') return reply.send(filledText(page, nonces));
  const body =
    encoding === 'gzip'
      ? splicedGzip(page, nonces)
      : zlib.brotliCompressSync(filledText(page, nonces), {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: FAST_BROTLI_QUALITY },
        });
  return reply.header('content-encoding', encoding).send(body);
}
