/**
 * The repository's npm set-up: its own configuration makes npm print no warning on any command, and
 * better-sqlite3 is still compiled from source on install, never downloaded as a prebuilt binary.
 * Cheap: no install runs; the machine's own npm configuration (user and global) is left out, since
 * only the project's is under test.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './testing/repo-root.ts';

/** This environment without npm's own variables (an `npm test` run sets many). */
function envWithoutNpm(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
}

describe("the repository's npm configuration", () => {
  const machine = mkdtempSync(join(tmpdir(), 'storefront-npmrc-'));
  const [userRc, globalRc] = [join(machine, 'user-npmrc'), join(machine, 'global-npmrc')];
  for (const rc of [userRc, globalRc]) writeFileSync(rc, '');
  afterAll(() => rmSync(machine, { recursive: true, force: true }));

  it('makes npm print no warning (npm start and npm test load the same configuration)', () => {
    for (const args of [
      ['pkg', 'get', 'name'],
      ['run', '--silent'],
    ]) {
      const npm = spawnSync('npm', args, {
        cwd: repoRoot,
        encoding: 'utf8',
        env: {
          ...envWithoutNpm(),
          NPM_CONFIG_USERCONFIG: userRc,
          NPM_CONFIG_GLOBALCONFIG: globalRc,
          NPM_CONFIG_UPDATE_NOTIFIER: 'false',
        },
      });
      expect(npm.status, npm.stderr).toBe(0);
      expect(`${npm.stdout}\n${npm.stderr}`, `npm ${args.join(' ')}`).not.toMatch(/npm (warn|WARN)/);
    }
  });

  it("tells better-sqlite3's installer to compile from source, never to download a binary", () => {
    // prebuild-install (better-sqlite3's install step) reads its options through rc, which finds
    // .prebuild-installrc walking up from the package's folder.
    const probe = spawnSync(
      process.execPath,
      ['-e', "console.log(require('prebuild-install/rc')({ name: 'better-sqlite3' }).buildFromSource)"],
      { cwd: join(repoRoot, 'node_modules/better-sqlite3'), encoding: 'utf8', env: envWithoutNpm() },
    );
    expect(probe.status, probe.stderr).toBe(0);
    expect(probe.stdout.trim()).toBe('true');
  });
});
