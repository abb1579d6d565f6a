import type { FastifyInstance } from 'fastify';
import { registerSiteContext, type SiteContext } from '../platform/site/context.ts';

/**
 * Resolves every request of a test's app of one plugin to a site that has only an origin and a
 * title (the sitemap, robots.txt); asking it for a template or caches fails the test loudly.
 */
export function registerTestSite(app: FastifyInstance, site: { origin: string; title?: string }): void {
  const absent = (what: string): never => {
    throw new Error(`this test app's site has no ${what}`);
  };
  const context: SiteContext = {
    origin: site.origin,
    title: site.title ?? '',
    strings: undefined,
    now: Date.now,
    get template() {
      return absent('template');
    },
    get caches() {
      return absent('caches');
    },
  };
  registerSiteContext(app, () => context);
}
