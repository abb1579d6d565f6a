/**
 * Resizing and re-encoding with sharp (libvips): reads the header first so that a hostile file (a
 * decompression bomb, 0x0, random bytes) is refused before any pixel is decoded, then resizes,
 * crops around the focal point and encodes. A failure is a value naming what is wrong, never a throw.
 */
import sharp, { type Metadata, type Region, type Sharp } from 'sharp';
import type { OutputFormat, Variant } from './variant.ts';

/** The largest image resized: 50 megapixels (an 8660x5773 photo); larger ones are refused. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** The formats sharp decodes that this service resizes; others (GIF, SVG, PDF) are served as they are. */
const RESIZABLE = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'tiff']);

// Every encode uses one libvips thread and nothing is kept in libvips' cache (the variants are on
// disk): a burst of image requests then takes at most the queue's slots, never every core.
sharp.concurrency(1);
sharp.cache(false);

export type EncodeFailure =
  | { kind: 'unsupported' }
  | { kind: 'unreadable'; problem: string }
  | { kind: 'too-large'; width: number; height: number };

export type EncodeResult = { ok: true; data: Buffer } | { ok: false; failure: EncodeFailure };

export interface SourceInfo {
  readonly width: number;
  readonly height: number;
  readonly hasAlpha: boolean;
}

export type InspectResult = { ok: true; info: SourceInfo } | { ok: false; failure: EncodeFailure };

/** The source's size and format from its header alone. */
export async function inspect(source: Buffer): Promise<InspectResult> {
  let metadata: Metadata;
  try {
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (/unsupported image format/i.test(text)) return { ok: false, failure: { kind: 'unsupported' } };
    return { ok: false, failure: { kind: 'unreadable', problem: text } };
  }
  if (metadata.format === undefined || !RESIZABLE.has(metadata.format))
    return { ok: false, failure: { kind: 'unsupported' } };
  const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
  const height = metadata.autoOrient?.height ?? metadata.height ?? 0;
  if (width < 1 || height < 1)
    return { ok: false, failure: { kind: 'unreadable', problem: `it says it is ${width}x${height} pixels` } };
  if (width * height > MAX_INPUT_PIXELS) return { ok: false, failure: { kind: 'too-large', width, height } };
  return { ok: true, info: { width, height, hasAlpha: metadata.hasAlpha === true } };
}

/** The region of the resized image a crop keeps: centred on the focal point, inside the image. */
function cropBox(
  info: SourceInfo,
  variant: Variant,
  aspect: readonly [number, number],
): { resize: { width: number; height: number }; extract: Region } {
  // Never enlarged: the crop is as wide as asked, or as large as the source allows.
  let width = Math.min(variant.width, info.width);
  let height = Math.round((width * aspect[1]) / aspect[0]);
  if (height > info.height) {
    height = info.height;
    width = Math.round((height * aspect[0]) / aspect[1]);
  }
  const scale = Math.max(width / info.width, height / info.height);
  const scaled = {
    width: Math.max(width, Math.round(info.width * scale)),
    height: Math.max(height, Math.round(info.height * scale)),
  };
  const clamp = (value: number, max: number) => Math.min(Math.max(0, Math.round(value)), max);
  return {
    resize: scaled,
    extract: {
      left: clamp(variant.focalPoint.x * scaled.width - width / 2, scaled.width - width),
      top: clamp(variant.focalPoint.y * scaled.height - height / 2, scaled.height - height),
      width,
      height,
    },
  };
}

const ENCODERS: Record<OutputFormat, (image: Sharp) => Sharp> = {
  // Effort 2 of 9: AVIF's default effort costs several times the CPU for a few per cent of bytes.
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78 }),
  jpeg: (image) => image.jpeg({ quality: 80, progressive: true, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, palette: false }),
};

/** `source` resized and encoded as `variant` says (`info` from `inspect`). */
export async function encode(source: Buffer, info: SourceInfo, variant: Variant): Promise<EncodeResult> {
  try {
    // A truncated file fails here rather than being encoded with grey where its end should be.
    let image = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' }).autoOrient();
    if (variant.aspect) {
      const box = cropBox(info, variant, variant.aspect);
      image = image.resize(box.resize).extract(box.extract);
    } else {
      image = image.resize({ width: variant.width, withoutEnlargement: true });
    }
    const data = await ENCODERS[variant.format](image).toBuffer();
    return { ok: true, data };
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    return { ok: false, failure: { kind: 'unreadable', problem } };
  }
}
