import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HELPER_INLINE_SCRIPTS } from '@storefront/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_CSS } from '../../modules/orders/pages.ts';
import { OWNER_PAGE_CSS } from '../../modules/telemetry/owner.ts';
import { DATABASES, FIXTURE_SITE, startApp, type TestApp } from '../../testing/app.ts';
import { hashSource } from './security-headers.ts';

// Headers do not involve the database: one is enough.
const database = DATABASES[0]!;

/** The policy as directive -> sources. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const policy = policyOf(response);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts, `${what}: script-src`).toContain("'self'");
  expect(
    scripts.some((s) => s.startsWith("'nonce-")),
    `${what}: a script nonce`,
  ).toBe(true);
  expect(scripts, `${what}: no inline scripts`).not.toContain("'unsafe-inline'");
  expect(scripts, `${what}: no eval`).not.toContain("'unsafe-eval'");
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'self'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('form-action'), what).toEqual(["'self'"]);
  expect(policy.get('report-uri'), what).toEqual(['/api/csp-report']);
  expect(response.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(response.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

const nonceOf = (response: LightMyRequestResponse, directive: 'script-src' | 'style-src') =>
  (policyOf(response).get(directive) ?? []).find((s) => s.startsWith("'nonce-"))?.slice("'nonce-".length, -1);

describe('security headers', () => {
  let site: string;
  let t: TestApp;

  beforeAll(async () => {
    // The fixture site, with an inline script in the template's own source and one in content.
    site = mkdtempSync(join(tmpdir(), 'storefront-csp-site-'));
    cpSync(FIXTURE_SITE, site, { recursive: true });
    const footer = join(site, 'template', 'footer.region');
    writeFileSync(
      footer,
      readFileSync(footer, 'utf8').replace(
        '{squarespace-footers}',
        '<script>window.fromTemplate = 1;</script><style>.from-template{}</style>\n{squarespace-footers}',
      ),
    );
    const journal = join(site, 'content', 'collections', 'journal.json');
    writeFileSync(
      journal,
      readFileSync(journal, 'utf8').replace(
        '<p>Hello from the first post.</p>',
        '<p>Hello from the first post.</p><script>window.fromContent = 1;</script><style>.from-content{}</style>',
      ),
    );
    t = await startApp(database, { siteDir: site });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it('are on a page, an API answer, a static file and error answers', async () => {
    const answers = {
      page: await t.app.inject({ method: 'GET', url: '/' }),
      api: await t.app.inject({ method: 'GET', url: '/api/health' }),
      'static file': await t.app.inject({ method: 'GET', url: '/site.css' }),
      'bundle file': await t.app.inject({ method: 'GET', url: '/_storefront/storefront.css' }),
      'not-found page': await t.app.inject({ method: 'GET', url: '/no-such-page' }),
      'API error': await t.app.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      }),
    };
    expect(answers.page.statusCode).toBe(200);
    expect(answers.api.statusCode).toBe(200);
    expect(answers['static file'].statusCode).toBe(200);
    expect(answers['not-found page'].statusCode).toBe(404);
    expect(answers['API error'].statusCode).toBeGreaterThanOrEqual(400);
    for (const [what, response] of Object.entries(answers)) expectSecurityHeaders(response, what);

    // The router answers a malformed URL before any hook runs: JSON, under a policy allowing nothing.
    const malformed = await t.app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(policyOf(malformed).get('default-src')).toEqual(["'none'"]);
    expect(policyOf(malformed).get('frame-ancestors')).toEqual(["'self'"]);
    expect(malformed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(malformed.headers['x-content-type-options']).toBe('nosniff');
    expect(malformed.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('no HSTS over plain http; HSTS when the request came over https through a trusted proxy', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    // The proxy header is not believed without TRUST_PROXY.
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    const proxied = await startApp(database, { trustProxy: { hops: 1 } });
    try {
      const viaHttps = await proxied.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaHttps.headers['strict-transport-security']).toMatch(/^max-age=31536000\b/);
      const viaHttp = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('HSTS on every answer when SITE_URL is https', async () => {
    const secure = await startApp(database, { siteUrl: 'https://shop.example' });
    try {
      for (const url of ['/', '/api/health', '/site.css', '/no-such-page']) {
        const response = await secure.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=31536000\b/);
      }
    } finally {
      await secure.close();
    }
  });

  it("gives the template's own inline scripts and styles this response's nonces, never those from content", async () => {
    const first = await t.app.inject({ method: 'GET', url: '/journal/first-post' });
    const second = await t.app.inject({ method: 'GET', url: '/journal/first-post' });
    expect(first.statusCode).toBe(200);
    const nonce = nonceOf(first, 'script-src');
    expect(nonce).toMatch(/^[\w-]{20,}$/);
    expect(nonceOf(second, 'script-src'), 'a new nonce for every answer').not.toBe(nonce);
    expect(first.body).toContain(`<script nonce="${nonce}">window.fromTemplate = 1;</script>`);
    expect(first.body).toContain('<script>window.fromContent = 1;</script>');
    const styleNonce = nonceOf(first, 'style-src');
    expect(styleNonce).not.toBe(nonce);
    expect(first.body).toContain(`<style nonce="${styleNonce}">.from-template{}</style>`);
    expect(first.body).toContain('<style>.from-content{}</style>');
    expect(first.body).not.toMatch(/-nonce-[0-9a-f]{32}/);
    // The page names the style nonce for the stylesheet ALTCHA injects.
    expect(first.body).toContain(`<meta name="csp-nonce" content="${styleNonce}">`);
  });

  it("allows the platform's fixed inline scripts and styles by hash", async () => {
    const policy = policyOf(await t.app.inject({ method: 'GET', url: '/' }));
    for (const script of HELPER_INLINE_SCRIPTS)
      expect(policy.get('script-src')).toContain(hashSource(script));
    expect(policy.get('style-src')).toContain(hashSource(CHECKOUT_CSS));
    expect(policy.get('style-src')).toContain(hashSource(OWNER_PAGE_CSS));
    expect(policy.get('style-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
  });
});

describe('POST /api/csp-report', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database);
  });
  afterAll(async () => t?.close());

  const report = (contentType: string, payload: string, ip = '198.51.100.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': contentType },
      payload,
      remoteAddress: ip,
    });

  it('accepts report-uri and Reporting API reports', async () => {
    const legacy = await report(
      'application/csp-report',
      JSON.stringify({
        'csp-report': {
          'document-uri': 'http://storefront.test/shop?token=secret',
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'inline',
          'line-number': 12,
          disposition: 'enforce',
        },
      }),
    );
    expect(legacy.statusCode).toBe(204);
    const reporting = await report(
      'application/reports+json',
      JSON.stringify([
        {
          type: 'csp-violation',
          age: 10,
          url: 'http://storefront.test/',
          user_agent: 'test',
          body: {
            documentURL: 'http://storefront.test/',
            effectiveDirective: 'style-src-elem',
            blockedURL: 'inline',
            disposition: 'enforce',
            statusCode: 200,
          },
        },
      ]),
    );
    expect(reporting.statusCode).toBe(204);
  });

  it('refuses what is not a report with a 4xx naming the problem', async () => {
    const notJson = await report('application/csp-report', '{"csp-report":');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 'invalid-json' });

    const wrongShape = await report('application/csp-report', JSON.stringify({ 'csp-report': 'x' }));
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().message).toMatch(/^Invalid body: csp-report/);

    for (const type of ['text/plain', 'application/xml']) {
      const wrongType = await report(type, '<report/>');
      expect(wrongType.statusCode, type).toBe(415);
      expect(wrongType.json().message, type).toBe(
        'Send the report as application/csp-report or application/reports+json.',
      );
    }
  });

  it('limits how many reports a client sends', async () => {
    const body = JSON.stringify({ 'csp-report': { 'blocked-uri': 'inline' } });
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++)
      statuses.push((await report('application/csp-report', body, '203.0.113.9')).statusCode);
    expect(statuses.filter((s) => s === 204)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
    // Another client is not affected.
    expect((await report('application/csp-report', body, '203.0.113.10')).statusCode).toBe(204);
  });
});
