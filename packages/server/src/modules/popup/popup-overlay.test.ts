/** The popup overlay's content as a page-type-104 fragment (docs/consent.md), on both databases. */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, DEMO_SITE, startApp, type TestApp } from '../../testing/app.ts';

describe.each(DATABASES)('GET /popup-overlay on $name', (database) => {
  let demo: TestApp;
  let own: TestApp;
  let plain: TestApp;
  let siteDir: string;
  beforeAll(async () => {
    demo = await startApp(database, { siteDir: DEMO_SITE });
    siteDir = mkdtempSync(join(tmpdir(), 'storefront-popup-site-'));
    cpSync(DEMO_SITE, siteDir, { recursive: true });
    writeFileSync(
      join(siteDir, 'template/pages/popup-overlay.page'),
      '<div class="own-popup"><h2>{popupOverlay.title}</h2>{popupOverlay.body}<p>{website.siteTitle}</p></div>',
    );
    own = await startApp(database, { siteDir });
    plain = await startApp(database);
  });
  afterAll(async () => {
    await Promise.all([demo?.close(), own?.close(), plain?.close()]);
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
  });

  it("answers the popup's content as a fragment of page type 104, without the layout", async () => {
    const res = await demo.app.inject({ method: 'GET', url: '/popup-overlay' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-page-type']).toBe('104');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<p>One letter a month: new pieces, firing days and workshop dates.</p>');
    for (const layoutOnly of [/<html/, /<head[\s>]/, /<body/, /site-header/])
      expect(res.body).not.toMatch(layoutOnly);
  });

  it("renders the template's own pages/popup-overlay.page with the popup in its context", async () => {
    const res = await own.app.inject({ method: 'GET', url: '/popup-overlay' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-page-type']).toBe('104');
    expect(res.body).toContain(
      '<div class="own-popup"><h2>Letters from the studio</h2><p>One letter a month: new pieces, firing days and workshop dates.</p><p>Juniper Row</p></div>',
    );
    expect(res.body).not.toMatch(/<html/);
    // A part of the popup, not a page of the site: not in the sitemap.
    const sitemap = await own.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('/newsletter</loc>');
    expect(sitemap.body).not.toContain('/popup-overlay');
  });

  it('answers 404 popup-overlay-not-found on a site without a popup', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/popup-overlay' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'popup-overlay-not-found',
      message: 'This site has no popup overlay.',
    });
  });
});
