import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'sites/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
