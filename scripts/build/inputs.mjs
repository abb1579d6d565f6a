/**
 * What a build was made from: one digest over the contents of its source files, recorded with the
 * build, so that `--if-stale` rebuilds exactly when a source changed (content, not modification
 * times, which a checkout or a copy rewrites).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.vite']);
const TEST_FILE = /\.test\.tsx?$/;

function listFiles(path, out) {
  if (!existsSync(path)) return out;
  if (!statSync(path).isDirectory()) {
    out.push(path);
    return out;
  }
  for (const name of readdirSync(path).sort()) {
    if (SKIPPED_FOLDERS.has(name) || TEST_FILE.test(name)) continue;
    listFiles(join(path, name), out);
  }
  return out;
}

/** The digest of every file under `paths` (files or folders, relative to `root`; tests left out). */
export function digestOf(root, paths) {
  const hash = createHash('sha256');
  for (const path of paths) {
    for (const file of listFiles(join(root, path), [])) {
      hash.update(relative(root, file).split('\\').join('/'));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** The `inputs` digest recorded in a build's JSON record, or undefined when there is none. */
export function recordedInputs(recordFile) {
  try {
    const record = JSON.parse(readFileSync(recordFile, 'utf8'));
    return typeof record.inputs === 'string' ? record.inputs : undefined;
  } catch {
    return undefined;
  }
}
