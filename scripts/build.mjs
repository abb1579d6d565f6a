#!/usr/bin/env node
/**
 * Builds what `npm start` runs: the server (scripts/build/server.mjs, esbuild, into
 * packages/server/dist/main.js) and the browser bundle (scripts/build/web.mjs, Vite, published into
 * packages/web/dist without disturbing a server that is serving it).
 *
 *   node scripts/build.mjs              # both (npm run build runs the typecheck first)
 *   node scripts/build.mjs --server     # the server only (npm run build:server)
 *   node scripts/build.mjs --web        # the browser bundle only (npm run build:web)
 *   node scripts/build.mjs --if-stale   # only the parts whose sources changed since their build
 *                                       # (npm start: a fresh clone builds once, later starts don't)
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { digestOf, recordedInputs } from './build/inputs.mjs';
import { buildServer, SERVER_INPUTS, serverRecordFile } from './build/server.mjs';
import { buildWeb, WEB_INPUTS, webManifestFile } from './build/web.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const onlyStale = args.includes('--if-stale');
const wanted = args.includes('--server') || args.includes('--web') ? args : ['--server', '--web'];

const parts = [
  {
    flag: '--server',
    name: 'server',
    inputs: SERVER_INPUTS,
    record: serverRecordFile(root),
    build: buildServer,
  },
  { flag: '--web', name: 'web bundle', inputs: WEB_INPUTS, record: webManifestFile(root), build: buildWeb },
].filter((part) => wanted.includes(part.flag));

for (const part of parts) {
  if (onlyStale && recordedInputs(part.record) === digestOf(root, part.inputs)) continue;
  const started = Date.now();
  try {
    await part.build(root);
  } catch (error) {
    // A production install (npm install --omit=dev) has no esbuild or Vite: serve what was built.
    if (onlyStale && existsSync(part.record) && error?.code === 'ERR_MODULE_NOT_FOUND') {
      console.warn(
        `The ${part.name} sources changed since its build, but the build tools are not installed: using the existing build.`,
      );
      continue;
    }
    console.error(
      `The ${part.name} did not build: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  console.log(`Built the ${part.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
