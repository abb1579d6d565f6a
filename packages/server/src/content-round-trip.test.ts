/**
 * The content round trip (issue 30): the demo exported, the export imported into an empty
 * database, and every page of the sitemap plus /cart renders the same, byte for byte but for
 * nonces and crumbs; exporting that database again gives the same files.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { runContent } from './modules/content/index.ts';
import { DATABASES, DEMO_SITE, testConfig } from './testing/app.ts';
import { testWebBundle } from './testing/web-bundle.ts';

/** Every file under `dir`, by its path there, with its bytes. */
function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.set(relative(dir, path), readFileSync(path));
    }
  };
  walk(dir);
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/** What differs from one render to the next by design: the page's nonce and the visitor's crumb. */
function steady(html: string, crumb: string | undefined): string {
  let out = html;
  for (const [, nonce] of html.matchAll(/<meta name="csp-nonce" content="([^"]+)">/g))
    out = out.replaceAll(nonce as string, 'NONCE');
  if (crumb) out = out.replaceAll(crumb, 'CRUMB');
  return out;
}

const crumbOf = (setCookie: string | string[] | undefined): string | undefined =>
  [setCookie ?? []]
    .flat()
    .map((cookie) => /^crumb=([^;]+)/.exec(cookie)?.[1])
    .find(Boolean);

for (const database of DATABASES) {
  describe(`[${database.name}] content round trip`, () => {
    const root = mkdtempSync(join(tmpdir(), 'storefront-round-trip-'));
    const web = testWebBundle();
    const cleanups: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
      web.cleanup();
      rmSync(root, { recursive: true, force: true });
    });

    async function start(siteDir: string): Promise<FastifyInstance> {
      const fresh = database.fresh();
      cleanups.push(fresh.cleanup);
      const app = await buildApp(testConfig(fresh.config, { siteDir, webDistDir: web.dir }), {
        logger: false,
      });
      cleanups.push(() => app.close());
      return app;
    }

    async function exportInto(app: FastifyInstance, siteDir: string, dir: string): Promise<void> {
      const lines: string[] = [];
      expect(
        await runContent(app.database.db, ['export', dir], (line) => lines.push(line), { siteDir }),
      ).toBe(0);
    }

    /** The paths the sitemap lists (following a sitemap index), then /cart. */
    async function sitemapPaths(app: FastifyInstance): Promise<string[]> {
      const paths: string[] = [];
      const read = async (url: string) => {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        for (const [, loc] of res.body.matchAll(/<loc>([^<]+)<\/loc>/g)) {
          const { pathname, search } = new URL((loc as string).replace(/&amp;/g, '&'));
          if (pathname.startsWith('/sitemap')) await read(`${pathname}${search}`);
          else paths.push(`${pathname}${search}`);
        }
      };
      await read('/sitemap.xml');
      return [...paths, '/cart'];
    }

    it('every sitemap page and /cart of the imported export renders as the demo does; exporting again gives the same files', async () => {
      const demo = await start(DEMO_SITE);
      const siteDir = join(root, 'site');
      cpSync(join(DEMO_SITE, 'template'), join(siteDir, 'template'), { recursive: true });
      await exportInto(demo, DEMO_SITE, join(siteDir, 'content'));

      const imported = await start(siteDir);
      const paths = await sitemapPaths(demo);
      expect(paths.length).toBeGreaterThan(10);
      expect(await sitemapPaths(imported)).toEqual(paths);
      for (const path of paths) {
        const [before, after] = await Promise.all(
          [demo, imported].map((app) => app.inject({ method: 'GET', url: path })),
        );
        expect(after?.statusCode, path).toBe(before?.statusCode);
        expect(steady(after?.body ?? '', crumbOf(after?.headers['set-cookie'])), path).toBe(
          steady(before?.body ?? '', crumbOf(before?.headers['set-cookie'])),
        );
      }

      const again = join(root, 'again');
      await exportInto(imported, siteDir, again);
      const first = filesOf(join(siteDir, 'content'));
      const second = filesOf(again);
      expect([...second.keys()]).toEqual([...first.keys()]);
      for (const [path, bytes] of first) expect(second.get(path)?.equals(bytes), path).toBe(true);
    });
  });
}
