import { cpSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
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
    it(`[${database.name}] /_storefront/* serves the web bundle; hashed files are immutable`, async () => {
      const dist = tempDir('storefront-dist-');
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'storefront.js'), 'export const islands = 1;\n');
      writeFileSync(join(dist, 'storefront.css'), '.sqs-cart-root { display: block; }\n');
      writeFileSync(join(dist, 'assets', 'chunk-a1b2c3d4e5.js'), 'export {};\n');
      const t = await startApp(database, { webDistDir: dist });
      try {
        const js = await t.app.inject({ method: 'GET', url: '/_storefront/storefront.js' });
        expect(js.statusCode).toBe(200);
        expect(js.headers['content-type']).toMatch(/javascript/);
        expect(js.headers['cache-control']).toBe('public, max-age=300');
        const css = await t.app.inject({ method: 'GET', url: '/_storefront/storefront.css' });
        expect(css.headers['content-type']).toMatch(/text\/css/);
        const chunk = await t.app.inject({ method: 'GET', url: '/_storefront/assets/chunk-a1b2c3d4e5.js' });
        expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
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
  });
}
