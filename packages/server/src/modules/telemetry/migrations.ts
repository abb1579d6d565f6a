import type { Migration } from 'kysely';
import { migration as telemetry } from './migrations/2026-11-22-003-telemetry.ts';

/** The migrations of the telemetry module's tables, by the name Kysely records (never rename one). */
export const telemetryMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-22-003-telemetry': telemetry,
};
