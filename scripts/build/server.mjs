/**
 * The server as plain JavaScript: esbuild bundles packages/server/src/main.ts with the workspace
 * packages it imports (@storefront/*, whose exports are TypeScript sources) into one ES module,
 * packages/server/dist/main.js. Packages from node_modules stay imports, resolved by node at run
 * time like any dependency. The file is written beside and renamed over the old one, so a process
 * starting during a build reads either the old bundle or the new one, never half of one.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { digestOf } from './inputs.mjs';

export const SERVER_INPUTS = [
  'packages/jsont/src',
  'packages/core/src',
  'packages/server/src',
  'packages/jsont/package.json',
  'packages/core/package.json',
  'packages/server/package.json',
  'package-lock.json',
  'scripts/build/server.mjs',
];

const SERVER_ENTRIES = [
  ['packages/server/src/main.ts', 'main'],
  ['packages/server/src/users-main.ts', 'users'],
  ['packages/server/src/content-main.ts', 'content'],
];

export const serverDistDir = (root) => join(root, 'packages/server/dist');
export const serverRecordFile = (root) => join(serverDistDir(root), 'build.json');

/** Bare imports stay external (node resolves them from node_modules), except the workspace's own. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@storefront/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(root) {
  const { build } = await import('esbuild');
  const outDir = serverDistDir(root);
  mkdirSync(outDir, { recursive: true });
  const inputs = digestOf(root, SERVER_INPUTS);
  // The server, and the staff/customer and content commands (`npm run users`, `npm run content`), which must run where the server
  // runs: a production install has no tsx.
  for (const [entry, name] of SERVER_ENTRIES) {
    const staged = join(outDir, `.${name}-${process.pid}.js`);
    try {
      await build({
        entryPoints: [join(root, entry)],
        outfile: staged,
        bundle: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        plugins: [externalPackages],
        logLevel: 'warning',
      });
      renameSync(staged, join(outDir, `${name}.js`));
    } finally {
      rmSync(staged, { force: true });
    }
  }
  const record = join(outDir, `.build-${process.pid}.json`);
  writeFileSync(record, JSON.stringify({ inputs, builtAt: new Date().toISOString() }, null, 2) + '\n');
  renameSync(record, serverRecordFile(root));
}
