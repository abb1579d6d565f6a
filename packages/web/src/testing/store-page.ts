/**
 * Test support: the page an island suite's tests open, against a fresh in-process cart server per
 * test: its address, and the crumb cookie its first view set; page, cookies and islands undone
 * after each test. Call once at the top of a suite.
 */
import { afterEach, beforeEach } from 'vitest';
import type { Started } from '../start.tsx';
import { clearCookies, setPageUrl } from './dom.ts';
import type { FakeCartServer } from './fake-cart-server.ts';

/** The crumb the page view set (the server does so on every first page view). */
export const PAGE_CRUMB = 'crumb-from-page-view';

export interface StorePage {
  /** This test's cart server. */
  server: FakeCartServer;
  /** The islands a test started (stopped after it). */
  started: Started | undefined;
}

export function useStorePage(path: string, startServer: () => Promise<FakeCartServer>): StorePage {
  const page = { started: undefined } as StorePage;
  beforeEach(async () => {
    page.server = await startServer();
    setPageUrl(`${page.server.origin}${path}`);
    clearCookies();
    document.cookie = `crumb=${PAGE_CRUMB}; Path=/`;
  });
  afterEach(async () => {
    page.started?.stop();
    page.started = undefined;
    document.body.innerHTML = '';
    document.head.innerHTML = '';
    await page.server.close();
  });
  return page;
}
