/**
 * What several browser specs share: no uncaught script error on any page a test visits, and a
 * server of a spec's own (another site, or other settings) beside the config's.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServerProcess } from '../packages/server/src/testing/process.ts';

/** Fails a test whose pages threw an uncaught error. Call once at the top of a spec. */
export function failOnPageErrors(): void {
  const pageErrors = new WeakMap<Page, Error[]>();
  test.beforeEach(({ page }) => {
    const errors: Error[] = [];
    pageErrors.set(page, errors);
    page.on('pageerror', (error) => errors.push(error));
  });
  test.afterEach(({ page }) => {
    expect(pageErrors.get(page)?.map((e) => e.message) ?? []).toEqual([]);
  });
}

export interface SiteServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * The real server on a free loopback port with `env` (SITE_DIR, DATA_DIR...; SQLite unless
 * DATABASE_URL is given). Resolves once it listens.
 */
export async function startSiteServer(env: Record<string, string>): Promise<SiteServer> {
  const server = startServerProcess({ PORT: '0', HOST: '127.0.0.1', ...env });
  const port = await server.port(60_000);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.kill('SIGTERM');
      await server.exited;
    },
  };
}
