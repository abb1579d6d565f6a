import { rmSync } from 'node:fs';

/** Removes the temporary data folder the config made for the server (not one given by the caller). */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && process.env.E2E_DATA_DIR_OWNED === '1') rmSync(dir, { recursive: true, force: true });
}
