#!/usr/bin/env node
// Runs every test runner of the repo (vitest: unit and integration; Playwright: browser) and
// prints one closing line `N passed, N failed` summing them, which is the form CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const resultsDir = join(root, 'test-results');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args, env = {}) {
  const child = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return child.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing at ${chromiumPath}: install Debian's package with 'apt-get install chromium'.`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing at ${chromiumPath}: installing Debian's chromium package.`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update', '-qq'], env) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', 'chromium'], env) !== 0
  ) {
    console.error('Could not install chromium with apt-get.');
    process.exit(1);
  }
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
ensureChromium();

const counts = { passed: 0, failed: 0 };
const runners = [];

// Once, before the runners: the process tests and the browser tests start the built server.
if (run(process.execPath, ['scripts/build.mjs']) !== 0) {
  console.error('The server or the web bundle did not build.');
  counts.failed += 1;
}

const vitestReport = join(resultsDir, 'vitest.json');
// The runners' own entry points, not npx: every npm process would print the machine's npm warnings again.
const vitestStatus = run(process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  counts.passed += vitest.numPassedTests;
  counts.failed +=
    vitest.numFailedTests + (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0 ? 1 : 0);
  runners.push(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
} else {
  counts.failed += 1;
  runners.push(`vitest: no report (exit ${vitestStatus})`);
}

const e2eReport = join(resultsDir, 'e2e.json');
const e2eStatus = run(
  process.execPath,
  ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts'],
  {
    CHROMIUM_PATH: chromiumPath,
  },
);
const e2e = readJson(e2eReport);
if (e2e?.stats) {
  const passed = e2e.stats.expected + e2e.stats.flaky;
  const failed = e2e.stats.unexpected;
  counts.passed += passed;
  counts.failed += failed + (failed === 0 && e2eStatus !== 0 ? 1 : 0);
  runners.push(`playwright: ${passed} passed, ${failed} failed, ${e2e.stats.skipped} skipped`);
} else {
  counts.failed += 1;
  runners.push(`playwright: no report (exit ${e2eStatus})`);
}

writeFileSync(join(resultsDir, 'summary.json'), JSON.stringify({ ...counts, runners }, null, 2));
console.log(runners.join('\n'));
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed === 0 ? 0 : 1);
