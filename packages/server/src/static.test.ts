import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASES, FIXTURE_SITE, startApp } from './testing/app.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

for (const database of DATABASES) {
  describe(`[${database.name}] web bundle and fallbacks`, () => {
    it(`[${database.name}] /_storefront/* serves the web bundle; content-hashed files are immutable, others are not`, async () => {
      const dist = tempDir('storefront-dist-');
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'storefront.Ab12Cd34.js'), 'export const islands = 1;\n');
      writeFileSync(join(dist, 'storefront.Ef56-h78.css'), '.sqs-cart-root { display: block; }\n');
      writeFileSync(join(dist, 'storefront-cart-page.C98gIgFh.js'), 'export {};\n');
      writeFileSync(join(dist, 'assets', 'logo.a1b2c3d4.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
      // Names without a content hash, some of which merely look long: a browser must ask again.
      writeFileSync(join(dist, 'storefront.js'), 'export const islands = 0;\n');
      writeFileSync(join(dist, 'storefront-telemetry.js'), 'export {};\n');
      writeFileSync(join(dist, 'manifest.json'), '{"entry":"storefront.Ab12Cd34.js","stylesheets":[]}\n');
      const t = await startApp(database, { webDistDir: dist });
      const cacheControl = async (url: string) => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        return res.headers['cache-control'];
      };
      try {
        const js = await t.app.inject({ method: 'GET', url: '/_storefront/storefront.Ab12Cd34.js' });
        expect(js.headers['content-type']).toMatch(/javascript/);
        const css = await t.app.inject({ method: 'GET', url: '/_storefront/storefront.Ef56-h78.css' });
        expect(css.headers['content-type']).toMatch(/text\/css/);
        for (const hashed of [
          '/_storefront/storefront.Ab12Cd34.js',
          '/_storefront/storefront.Ef56-h78.css',
          '/_storefront/storefront-cart-page.C98gIgFh.js',
          '/_storefront/assets/logo.a1b2c3d4.svg',
        ])
          expect(await cacheControl(hashed), hashed).toBe('public, max-age=31536000, immutable');
        for (const plain of [
          '/_storefront/storefront.js',
          '/_storefront/storefront-telemetry.js',
          '/_storefront/manifest.json',
        ])
          expect(await cacheControl(plain), plain).toBe('public, max-age=300');
        expect((await t.app.inject({ method: 'GET', url: '/_storefront/missing.js' })).statusCode).toBe(404);
      } finally {
        await t.close();
      }
    });

    it(`[${database.name}] pages and the bundle go compressed to browsers that accept it`, async () => {
      const dist = tempDir('storefront-dist-');
      const bundle = `export const islands = [${Array.from({ length: 400 }, (_, i) => `'island-${i}'`).join(', ')}];\n`;
      writeFileSync(join(dist, 'storefront.js'), bundle);
      const t = await startApp(database, { webDistDir: dist });
      try {
        const br = await t.app.inject({
          method: 'GET',
          url: '/_storefront/storefront.js',
          headers: { 'accept-encoding': 'br, gzip' },
        });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.rawPayload.length).toBeLessThan(bundle.length / 3);
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);

        const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
        expect(page.headers['content-encoding']).toBe('gzip');
        const html = gunzipSync(page.rawPayload).toString();
        expect(html).toContain('<header>');

        const plain = await t.app.inject({ method: 'GET', url: '/_storefront/storefront.js' });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toBe(bundle);
      } finally {
        await t.close();
      }
    });

    it(`[${database.name}] without pages/not-found.page an unknown path shows a plain message inside the layout`, async () => {
      const site = tempDir('storefront-site-');
      cpSync(FIXTURE_SITE, site, { recursive: true });
      unlinkSync(join(site, 'template/pages/not-found.page'));
      unlinkSync(join(site, 'template/pages/not-found.page.conf'));
      const t = await startApp(database, { siteDir: site });
      try {
        const res = await t.app.inject({ method: 'GET', url: '/nowhere' });
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('<header>');
        expect(res.body).toContain('<h1>Page Not Found</h1>');
        expect(res.body).toContain('"pageType":100');
        expect(res.body).toContain('<title>Page Not Found — Fixture Store</title>');
      } finally {
        await t.close();
      }
    });

    it(`[${database.name}] a site's localizedStrings translate the built-in not-found page and its title`, async () => {
      const site = tempDir('storefront-site-');
      cpSync(FIXTURE_SITE, site, { recursive: true });
      unlinkSync(join(site, 'template/pages/not-found.page'));
      unlinkSync(join(site, 'template/pages/not-found.page.conf'));
      const websiteFile = join(site, 'content/website.json');
      const website = JSON.parse(readFileSync(websiteFile, 'utf8')) as { localizedStrings?: object };
      website.localizedStrings = {
        ...website.localizedStrings,
        pageNotFoundTitleText: 'Page introuvable',
        pageNotFoundText: 'Cette adresse ne mène nulle part.',
        homeLinkText: 'Accueil',
      };
      writeFileSync(websiteFile, JSON.stringify(website));
      const t = await startApp(database, { siteDir: site });
      try {
        const res = await t.app.inject({ method: 'GET', url: '/nowhere' });
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('<h1>Page introuvable</h1>');
        expect(res.body).toContain('<p>Cette adresse ne mène nulle part.</p>');
        expect(res.body).toContain('<a href="/">Accueil</a>');
        expect(res.body).toContain('<title>Page introuvable — Fixture Store</title>');
        expect(res.body).not.toContain('Page Not Found');
      } finally {
        await t.close();
      }
    });
  });
}
