import type { Migration } from 'kysely';
import { migration as mediaLibrary } from './migrations/2026-11-28-041-media-library.ts';
import { migration as mediaVersions } from './migrations/2026-11-28-044-media-versions.ts';

/** The migrations of the media module's tables, by the name Kysely records (never rename one). */
export const mediaMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-28-041-media-library': mediaLibrary,
  '2026-11-28-044-media-versions': mediaVersions,
};
