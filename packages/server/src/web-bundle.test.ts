/** Pages name the web bundle's current entry and stylesheet, as its manifest says at that moment. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASES, startApp } from './testing/app.ts';
import { testWebBundle } from './testing/web-bundle.ts';

const bundleTags = (html: string) => ({
  scripts: [...html.matchAll(/<script type="module" src="\/_storefront\/([^"]+)"><\/script>/g)].map(
    (m) => m[1],
  ),
  stylesheets: [...html.matchAll(/<link rel="stylesheet" href="\/_storefront\/([^"]+)">/g)].map((m) => m[1]),
});

for (const database of DATABASES) {
  describe(`[${database.name}] the web bundle pages name`, () => {
    it(`[${database.name}] a running server names a new build's files once its manifest is replaced, with no restart`, async () => {
      const web = testWebBundle('storefront.OLDold12.js', 'storefront.OLDcss12.css');
      const t = await startApp(database, { webDistDir: web.dir });
      try {
        const before = await t.app.inject({ method: 'GET', url: '/' });
        expect(bundleTags(before.body)).toEqual({
          scripts: ['storefront.OLDold12.js'],
          stylesheets: ['storefront.OLDcss12.css'],
        });
        web.publish('storefront.NEWnew34.js', 'storefront.NEWcss34.css');
        const after = await t.app.inject({ method: 'GET', url: '/' });
        expect(bundleTags(after.body)).toEqual({
          scripts: ['storefront.NEWnew34.js'],
          stylesheets: ['storefront.NEWcss34.css'],
        });
        for (const file of ['storefront.NEWnew34.js', 'storefront.NEWcss34.css', 'storefront.OLDold12.js']) {
          const res = await t.app.inject({ method: 'GET', url: `/_storefront/${file}` });
          expect(res.statusCode, file).toBe(200);
        }
      } finally {
        await t.close();
        web.cleanup();
      }
    });

    it(`[${database.name}] an unreadable manifest keeps the files of the last good one; no bundle built: pages still render`, async () => {
      const web = testWebBundle();
      const t = await startApp(database, { webDistDir: web.dir });
      const empty = mkdtempSync(join(tmpdir(), 'storefront-web-none-'));
      try {
        await t.app.inject({ method: 'GET', url: '/' });
        writeFileSync(join(web.dir, 'manifest.json'), '{"entry": "../../etc/passwd", "stylesheets": []}');
        const res = await t.app.inject({ method: 'GET', url: '/' });
        expect(res.statusCode).toBe(200);
        expect(bundleTags(res.body)).toEqual({ scripts: [web.script], stylesheets: [web.stylesheet] });

        const unbuilt = await startApp(database, { webDistDir: empty });
        try {
          const page = await unbuilt.app.inject({ method: 'GET', url: '/' });
          expect(page.statusCode).toBe(200);
          expect(bundleTags(page.body)).toEqual({ scripts: [], stylesheets: [] });
        } finally {
          await unbuilt.close();
        }
      } finally {
        await t.close();
        web.cleanup();
        rmSync(empty, { recursive: true, force: true });
      }
    });
  });
}
