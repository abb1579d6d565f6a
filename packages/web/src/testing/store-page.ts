/**
 * Test support: the page an island suite's tests open, against a fresh real server (test-support/store-server.ts) per
 * test: its address, and the crumb cookie its first view set; page, cookies and islands undone
 * after each test. Call once at the top of a suite.
 */
import type { CrumbFailure } from '@storefront/core/wire';
import { afterEach, beforeEach } from 'vitest';
import type { Started } from '../start.tsx';
import { clearCookies, setPageUrl } from './dom.ts';
import type { StoreServer } from '../../../../test-support/store-server.ts';

/** The cart API's answer to a stale crumb (commerce/routes.ts), for a test standing in for it. */
export const CRUMB_FAILURE: CrumbFailure = {
  crumbFail: true,
  code: 'crumb-fail',
  message: 'Your session has expired. Please reload the page and try again.',
};

/** The crumb the page view set (the server does so on every first page view). */
export const PAGE_CRUMB = 'crumb-from-page-view';

export interface StorePage {
  /** This test's cart server. */
  server: StoreServer;
  /** The islands a test started (stopped after it). */
  started: Started | undefined;
}

export function useStorePage(path: string, startServer: () => Promise<StoreServer>): StorePage {
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
