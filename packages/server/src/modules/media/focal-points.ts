/** Each image's focal point from the content that shows it (`mediaFocalPoint`), by its `/media/` address. */
import type { SiteContent } from '../../platform/site/types.ts';

export type FocalPoint = { readonly x: number; readonly y: number };

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

const unit = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : undefined;

/** assetUrl path -> the focal point the content gives that image (the first one found). */
export function focalPointsOf(content: SiteContent): Map<string, FocalPoint> {
  const points = new Map<string, FocalPoint>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const entry of value) visit(entry);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const focal = record.mediaFocalPoint as Record<string, unknown> | undefined;
    if (typeof record.assetUrl === 'string' && focal && typeof focal === 'object') {
      const x = unit(focal.x);
      const y = unit(focal.y);
      const url = record.assetUrl.split('?')[0] as string;
      if (x !== undefined && y !== undefined && !points.has(url)) points.set(url, { x, y });
    }
    for (const child of Object.values(record)) visit(child);
  };
  visit(content.collections);
  return points;
}
