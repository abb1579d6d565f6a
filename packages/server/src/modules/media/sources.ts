/**
 * The source images under the site's content/media: each file's content hash and header, read
 * once per version of the file (its size and modification time), and each image's focal point
 * from the content that shows it (`mediaFocalPoint`).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { containedPath } from '../../platform/site/contained-path.ts';
import type { SiteContent } from '../../platform/site/types.ts';
import { inspect, type InspectResult } from './encoder.ts';

export interface Source {
  readonly path: string;
  readonly hash: string;
  readonly inspected: InspectResult;
}

interface Known extends Source {
  readonly size: number;
  readonly mtimeMs: number;
}

export class MediaSources {
  private readonly known = new Map<string, Known>();

  constructor(readonly root: string) {}

  /** The real path of the file at `name` (below the root), or undefined when there is none or it leads outside. */
  fileOf(name: string): string | undefined {
    const path = resolve(this.root, name);
    const below = relative(this.root, path);
    if (below === '' || below.startsWith('..') || isAbsolute(below)) return undefined;
    // Hidden files stay hidden, as the static files do.
    if (below.split(/[\\/]/).some((segment) => segment.startsWith('.'))) return undefined;
    const real = containedPath(this.root, path);
    return real !== undefined && statSync(real).isFile() ? real : undefined;
  }

  /** The source at `path` (from fileOf), with its bytes when they were read for it. */
  async read(path: string): Promise<{ source: Source; bytes?: Buffer }> {
    const stat = statSync(path);
    const known = this.known.get(path);
    if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return { source: known };
    const bytes = readFileSync(path);
    const source: Known = {
      path,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      hash: createHash('sha256').update(bytes).digest('hex'),
      inspected: await inspect(bytes),
    };
    this.known.set(path, source);
    return { source, bytes };
  }
}

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
