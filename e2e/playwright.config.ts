import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Browser tests against the built server started as `npm start` starts it (PORT 3100, the demo site,
 * a fresh data folder; on PostgreSQL when DATABASE_URL is set, a fresh database made on it). `npm test` builds beforehand; run on
 * its own, the web server command builds first whatever changed since the last build. Chromium is
 * Debian's (`/usr/bin/chromium`, or CHROMIUM_PATH): never downloaded.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// Worker processes load this file again: they must reuse the server's folder, not make another.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  process.env.E2E_DATA_DIR_OWNED = '1'; // global-teardown.ts removes it
}
const dataDir = process.env.E2E_DATA_DIR;
// A database of its own for each run, like the data folder: what one run sold (stock, orders) must
// not be what the next run starts from. Made by a child process because this file loads
// synchronously; workers inherit the URL and do not make another.
if (process.env.DATABASE_URL && !process.env.E2E_DATABASE_ADMIN_URL) {
  process.env.E2E_DATABASE_ADMIN_URL = process.env.DATABASE_URL;
  process.env.DATABASE_URL = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'e2e/fresh-database.ts'), 'create', process.env.DATABASE_URL],
    { encoding: 'utf8' },
  ).trim();
}

const serverEnv: Record<string, string> = {
  PORT: String(port),
  SITE_DIR: 'sites/demo',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // Tests write to the cart quickly from one address; the limit itself is tested in the server.
  CART_WRITE_LIMIT: '1000',
  // Several specs post comments from the one address within a minute.
  COMMENT_LIMIT: '100',
  // Many specs sign customers and staff in from the one address within ten minutes.
  SIGN_IN_LIMIT: '1000',
  // The analytics API key for automation (Authorization: Bearer); people read /config/analytics
  // signed in as staff with the reporting permission (docs/accounts.md).
  OWNER_TOKEN: (process.env.OWNER_TOKEN ??= 'e2e-owner-token'),
};
if (process.env.DATABASE_URL) serverEnv.DATABASE_URL = process.env.DATABASE_URL;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(root, 'test-results', 'e2e-artifacts'),
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: join(root, 'test-results', 'e2e.json') }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/build.mjs --if-stale && node packages/server/dist/main.js',
    cwd: root,
    url: `${baseURL}/`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
