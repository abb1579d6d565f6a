import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that replace modules (`vi.mock`) or process-wide state (`process.env`, timers):
 * they run in a fresh module graph of their own.
 */
const SERVER_NEEDS_ISOLATION = [
  'packages/server/src/modules/subscriptions/billing-zone.test.ts',
  'packages/server/src/platform/jobs/runner.test.ts',
  'packages/server/src/platform/site/system/system-page-compile.test.ts',
  'packages/server/src/platform/site/outside-files.test.ts',
  'packages/server/src/modules/accounts/limits.test.ts',
  'packages/server/src/platform/http/log.test.ts',
];
const SERVER_TESTS = ['packages/server/src/**/*.test.ts', 'sites/**/*.test.ts'];

export default defineConfig({
  resolve: {
    alias: {
      // `@vitest-environment storefront-browser`: happy-dom beside the real server (web/src/testing).
      'vitest-environment-storefront-browser': fileURLToPath(
        new URL('./packages/web/src/testing/happy-dom-env.ts', import.meta.url),
      ),
    },
  },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['packages/{core,jsont,web}/src/**/*.test.{ts,tsx}', ...SERVER_NEEDS_ISOLATION],
        },
      },
      {
        // Each server test file builds its own app on its own database; importing the server's
        // module graph once per worker instead of once per file saves most of the suite's time.
        extends: true,
        test: { name: 'server', include: SERVER_TESTS, exclude: SERVER_NEEDS_ISOLATION, isolate: false },
      },
    ],
  },
});
