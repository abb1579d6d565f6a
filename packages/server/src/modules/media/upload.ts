/**
 * What an upload is, from its bytes (never its name or its declared type): sharp reads the header
 * to tell JPEG, PNG, WebP, AVIF, GIF and SVG apart and to refuse a decompression bomb before a pixel
 * is decoded; a raster image is then decoded once to catch a broken file now rather than when a
 * shopper asks for it; an SVG is rewritten by DOMPurify, so no script, event handler or foreign
 * object survives. The name is the file's own, made URL-safe, with the extension of what it is.
 */
import { createHash } from 'node:crypto';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import sharp, { type Metadata } from 'sharp';
import { MAX_INPUT_PIXELS } from './encoder.ts';

export interface ExaminedUpload {
  /** The bytes to keep (an SVG's sanitised text). */
  data: Buffer;
  contentType: string;
  extension: string;
  width: number | null;
  height: number | null;
  sha256: string;
}

export type UploadRefusal =
  | { kind: 'unsupported' }
  | { kind: 'unreadable' }
  | { kind: 'too-many-pixels'; width: number; height: number };

export type Examined = { ok: true; upload: ExaminedUpload } | { ok: false; refusal: UploadRefusal };

interface Kind {
  contentType: string;
  /** The first is the one given when the file's own extension is not one of them. */
  extensions: readonly string[];
}

const KINDS: Readonly<Record<string, Kind>> = {
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { contentType: 'image/png', extensions: ['png'] },
  webp: { contentType: 'image/webp', extensions: ['webp'] },
  gif: { contentType: 'image/gif', extensions: ['gif'] },
  avif: { contentType: 'image/avif', extensions: ['avif'] },
  svg: { contentType: 'image/svg+xml', extensions: ['svg'] },
};

function kindOf(metadata: Metadata): (Kind & { name: string }) | undefined {
  // sharp calls every HEIF container "heif": AVIF is the one whose images are AV1.
  const name =
    metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'avif' : undefined) : metadata.format;
  const kind = name === undefined ? undefined : KINDS[name];
  return kind && name ? { ...kind, name } : undefined;
}

let purifier: DOMPurify | undefined;
function purify(): DOMPurify {
  purifier ??= createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  return purifier;
}

/** The SVG without script, event handlers, links to `javascript:` or foreign objects; undefined when nothing of it is left. */
export function sanitiseSvg(text: string): string | undefined {
  const clean = purify().sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true } });
  return /^<svg[\s>]/.test(clean) ? clean : undefined;
}

export async function examineUpload(bytes: Buffer): Promise<Examined> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, refusal: { kind: 'unsupported' } };
  }
  const kind = kindOf(metadata);
  if (!kind) return { ok: false, refusal: { kind: 'unsupported' } };
  const finish = (data: Buffer, width: number | null, height: number | null): Examined => ({
    ok: true,
    upload: {
      data,
      contentType: kind.contentType,
      extension: kind.extensions[0] as string,
      width,
      height,
      sha256: createHash('sha256').update(data).digest('hex'),
    },
  });

  if (kind.name === 'svg') {
    const clean = sanitiseSvg(bytes.toString('utf8'));
    if (clean === undefined) return { ok: false, refusal: { kind: 'unreadable' } };
    return finish(Buffer.from(clean, 'utf8'), metadata.width ?? null, metadata.height ?? null);
  }

  const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
  const height = metadata.autoOrient?.height ?? metadata.height ?? 0;
  if (width < 1 || height < 1) return { ok: false, refusal: { kind: 'unreadable' } };
  if (width * height > MAX_INPUT_PIXELS)
    return { ok: false, refusal: { kind: 'too-many-pixels', width, height } };
  try {
    // Decoded to the end: a truncated or corrupt file fails here, not in front of a shopper.
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', animated: false })
      .resize({ width: 16, withoutEnlargement: true })
      .raw()
      .toBuffer();
  } catch {
    return { ok: false, refusal: { kind: 'unreadable' } };
  }
  return finish(bytes, width, height);
}

/**
 * The name an upload is kept under: its own base name in lower case, each run of characters other
 * than letters, digits, `_` and `-` made one `-`, and the extension of what the bytes are.
 */
export function baseNameOf(
  original: string,
  upload: Pick<ExaminedUpload, 'extension' | 'contentType'>,
): { stem: string; extension: string } {
  const leaf = original.split(/[\\/]/).pop() ?? '';
  const dot = leaf.lastIndexOf('.');
  const ownExtension = dot > 0 ? leaf.slice(dot + 1).toLowerCase() : '';
  const kind = Object.values(KINDS).find((k) => k.contentType === upload.contentType);
  const extension = kind?.extensions.includes(ownExtension) ? ownExtension : upload.extension;
  const stem =
    (dot > 0 ? leaf.slice(0, dot) : leaf)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'file';
  return { stem, extension };
}

/** `stem.ext`, then `stem-2.ext`, `stem-3.ext`… : the candidates for a name, in order. */
export function candidateNames(stem: string, extension: string, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return n === 1 ? `${stem}.${extension}` : `${stem}-${n}.${extension}`;
  });
}

/** The content type of a file imported from content/media, which may be anything (a sound, a PDF). */
export async function contentTypeOfImport(
  bytes: Buffer,
  fileName: string,
): Promise<{ contentType: string; width: number | null; height: number | null }> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    const kind = kindOf(metadata);
    if (kind) {
      const width = metadata.autoOrient?.width ?? metadata.width ?? null;
      const height = metadata.autoOrient?.height ?? metadata.height ?? null;
      return { contentType: kind.contentType, width: width || null, height: height || null };
    }
  } catch {
    // Not an image sharp reads: typed by its extension below.
  }
  return { contentType: contentTypeByExtension(fileName), width: null, height: null };
}

const BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};

export function contentTypeByExtension(fileName: string): string {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return BY_EXTENSION[extension] ?? 'application/octet-stream';
}
