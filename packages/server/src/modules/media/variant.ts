/**
 * What an image request asks for: the platform's URL shape (spec: `?format=500w`, `?format=original`,
 * templates append `?format=1500w`), an optional crop to an aspect ratio, and the encoding the
 * browser takes (its Accept header).
 */
import { IMAGE_WIDTHS } from '@storefront/core';
import { z } from 'zod';

/** The crops a template or gallery may ask for (the gallery designs' aspect ratios). */
export const ASPECT_RATIOS = ['1:1', '4:3', '3:4', '3:2', '2:3', '16:9', '9:16', '2:1', '1:2'] as const;

const WIDTH_STEPS = IMAGE_WIDTHS.map((w) => Number.parseInt(w, 10));

export const variantQuerySchema = z.object({
  format: z
    .string()
    .refine((value) => value === 'original' || (IMAGE_WIDTHS as readonly string[]).includes(value), {
      message: `use one of ${IMAGE_WIDTHS.join(', ')} or original`,
    })
    .optional(),
  aspect: z.enum(ASPECT_RATIOS, { message: `use one of ${ASPECT_RATIOS.join(', ')}` }).optional(),
});

export type VariantQuery = z.infer<typeof variantQuerySchema>;

export type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const CONTENT_TYPES: Readonly<Record<OutputFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** A resized variant of one source image. */
export interface Variant {
  readonly width: number;
  /** `[width, height]` of the crop, when one is asked. */
  readonly aspect?: readonly [number, number];
  /** Where the crop keeps the subject (mediaFocalPoint), each in 0..1. */
  readonly focalPoint: { readonly x: number; readonly y: number };
  readonly format: OutputFormat;
}

/** The width a `?format=` asks for, or undefined for the original bytes. */
export function widthOf(query: VariantQuery): number | undefined {
  if (query.format === undefined || query.format === 'original') return undefined;
  const width = Number.parseInt(query.format, 10);
  return WIDTH_STEPS.includes(width) ? width : undefined;
}

export function aspectOf(query: VariantQuery): readonly [number, number] | undefined {
  if (query.aspect === undefined) return undefined;
  const [w, h] = query.aspect.split(':').map(Number);
  return [w as number, h as number];
}

/**
 * The best encoding the browser accepts: AVIF, then WebP, then JPEG (PNG for an image with
 * transparency, which JPEG would fill with black). A type with `q=0` is refused, as HTTP says.
 */
export function negotiateFormat(accept: string | undefined, hasAlpha: boolean): OutputFormat {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim());
    const refused = params.some((p) => /^q=0(\.0*)?$/.test(p));
    if (type && !refused) accepted.add(type);
  }
  if (accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return hasAlpha ? 'png' : 'jpeg';
}
