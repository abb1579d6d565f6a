import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Removes what the config made for the run: the data folder and the PostgreSQL database (not ones given by the caller). */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && process.env.E2E_DATA_DIR_OWNED === '1') rmSync(dir, { recursive: true, force: true });
  if (process.env.E2E_DATABASE_ADMIN_URL && process.env.DATABASE_URL)
    execFileSync(process.execPath, [
      '--import',
      'tsx',
      fileURLToPath(new URL('fresh-database.ts', import.meta.url)),
      'drop',
      process.env.DATABASE_URL,
      process.env.E2E_DATABASE_ADMIN_URL,
    ]);
}
