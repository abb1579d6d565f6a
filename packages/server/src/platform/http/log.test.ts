import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DATABASES, FIXTURE_SITE, testConfig } from '../../testing/app.ts';
import { startServerProcess } from '../../testing/process.ts';
import { redactUrl, safeLoggerOptions } from './log.ts';

const OWNER_TOKEN = 'owner-token-in-the-url-7c1e';
const COOKIE_SECRET = 'cookie-secret-93ab';
const BEARER_SECRET = 'bearer-secret-5d20';

/** A log destination that keeps every line. */
function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe('redactUrl', () => {
  it('replaces the values of credential parameters and keeps the rest as sent', () => {
    expect(redactUrl('/config/analytics?token=abc&from=2026-01-01')).toBe(
      '/config/analytics?token=[redacted]&from=2026-01-01',
    );
    expect(redactUrl('/x?a=1&api_key=k&Password=p&client_secret=s&session=t#top')).toBe(
      '/x?a=1&api_key=[redacted]&Password=[redacted]&client_secret=[redacted]&session=[redacted]#top',
    );
    // An encoded name is still the name.
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/shop?category=Mugs%20%26%20Cups')).toBe('/shop?category=Mugs%20%26%20Cups');
    expect(redactUrl('/shop')).toBe('/shop');
  });

  it('the logger censors credentials a log call passes', () => {
    const out = capture();
    const log = pino(safeLoggerOptions('info'), out.stream);
    log.info(
      {
        headers: {
          authorization: `Bearer ${BEARER_SECRET}`,
          cookie: `sf_owner=${COOKIE_SECRET}`,
          accept: '*/*',
        },
        form: { email: 'a@example.test', password: 'hunter2-secret' },
        token: OWNER_TOKEN,
      },
      'something happened',
    );
    const text = out.lines.join('');
    expect(text).toContain('*/*');
    expect(text).toContain('a@example.test');
    for (const secret of [BEARER_SECRET, COOKIE_SECRET, 'hunter2-secret', OWNER_TOKEN])
      expect(text).not.toContain(secret);
  });
});

for (const database of DATABASES) {
  describe(`[${database.name}] secrets never reach the request log`, () => {
    it(`[${database.name}] the owner token, cookies and Authorization of a request appear nowhere in the log`, async () => {
      const saved = process.env.OWNER_TOKEN;
      process.env.OWNER_TOKEN = OWNER_TOKEN;
      const fresh = database.fresh();
      const out = capture();
      const app = await buildApp(testConfig(fresh.config, { logLevel: 'info' }), {
        logger: { stream: out.stream },
      });
      try {
        const headers = {
          cookie: `sf_owner=${COOKIE_SECRET}; crumb=${COOKIE_SECRET}`,
          authorization: `Bearer ${BEARER_SECRET}`,
        };
        const exchange = await app.inject({
          method: 'GET',
          url: `/config/analytics?token=${OWNER_TOKEN}`,
          headers,
        });
        expect(exchange.statusCode).toBe(303);
        expect(
          (await app.inject({ method: 'GET', url: `/config/analytics.json?token=${OWNER_TOKEN}x`, headers }))
            .statusCode,
        ).toBe(401);
        expect(
          (await app.inject({ method: 'GET', url: `/shop?password=${OWNER_TOKEN}`, headers })).statusCode,
        ).toBe(200);
      } finally {
        await app.close();
        await fresh.cleanup();
        if (saved === undefined) delete process.env.OWNER_TOKEN;
        else process.env.OWNER_TOKEN = saved;
      }
      const text = out.lines.join('');
      // The request lines are there, their addresses redacted...
      expect(text).toContain('"url":"/config/analytics?token=[redacted]"');
      expect(text).toContain('"url":"/shop?password=[redacted]"');
      // ...and no secret appears anywhere.
      for (const secret of [OWNER_TOKEN, COOKIE_SECRET, BEARER_SECRET]) expect(text).not.toContain(secret);
    });
  });
}

describe('the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-log-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('logs requests with the owner token redacted', async () => {
    const run = startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      SITE_DIR: FIXTURE_SITE,
      DATA_DIR: dataDir,
      OWNER_TOKEN,
    });
    try {
      const port = await run.port();
      const res = await fetch(`http://127.0.0.1:${port}/config/analytics?token=${OWNER_TOKEN}`, {
        redirect: 'manual',
        headers: { authorization: `Bearer ${BEARER_SECRET}`, cookie: `sf_owner=${COOKIE_SECRET}` },
      });
      expect(res.status).toBe(303);
      await run.waitFor(/"url":"\/config\/analytics\?token=\[redacted\]"/);
    } finally {
      run.kill('SIGTERM');
      await run.exited;
    }
    for (const secret of [OWNER_TOKEN, COOKIE_SECRET, BEARER_SECRET])
      expect(run.output()).not.toContain(secret);
  });
});
