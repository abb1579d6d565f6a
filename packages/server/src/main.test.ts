import { request } from 'node:http';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASES, FIXTURE_SITE, startApp } from './testing/app.ts';
import { startServerProcess } from './testing/process.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs the real entry point as `npm start` does. */
const runMain = startServerProcess;

describe('main (the real process)', () => {
  it('serves, then on SIGTERM finishes and closes the SQLite database cleanly (exit 0, WAL checkpointed)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-main-'));
    dirs.push(dataDir);
    const run = runMain({ PORT: '0', HOST: '127.0.0.1', SITE_DIR: FIXTURE_SITE, DATA_DIR: dataDir });
    const [, port] = await run.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    const page = await fetch(`http://127.0.0.1:${port}/shop`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Linen Tee');
    expect(existsSync(join(dataDir, 'storefront.sqlite-wal'))).toBe(true);
    run.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/SIGTERM: finishing in-flight requests/);
    expect(run.output()).toMatch(/closed/);
    // better-sqlite3 removes the WAL file when the last connection closes cleanly.
    expect(existsSync(join(dataDir, 'storefront.sqlite-wal'))).toBe(false);
  });

  it('SIGINT shuts down the same way', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-main-'));
    dirs.push(dataDir);
    const run = runMain({ PORT: '0', HOST: '127.0.0.1', SITE_DIR: FIXTURE_SITE, DATA_DIR: dataDir });
    await run.waitFor(/Server listening/);
    run.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(existsSync(join(dataDir, 'storefront.sqlite-wal'))).toBe(false);
  });

  it('a broken site folder stops start-up with a message naming the file and line (exit 1)', async () => {
    const site = mkdtempSync(join(tmpdir(), 'storefront-broken-'));
    dirs.push(site);
    cpSync(FIXTURE_SITE, site, { recursive: true });
    writeFileSync(
      join(site, 'template/template.conf'),
      '{\n  "name": "Broken",\n  "layouts": { "default" { } }\n}',
    );
    const run = runMain({ PORT: '0', SITE_DIR: site, DATA_DIR: site });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/The site folder is broken: template\/template\.conf:3:\d+: invalid JSON/);
  });

  it('invalid configuration is refused naming the variable', async () => {
    const run = runMain({ PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Invalid environment: PORT/);
  });
});

for (const database of DATABASES) {
  it(`[${database.name}] app.close() lets an in-flight request finish, then closes the database`, async () => {
    const t = await startApp(database);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // A request whose headers have arrived but whose body is still coming when close() starts.
    const crumbRes = await fetch(`http://127.0.0.1:${port}/api/commerce/shopping-cart`);
    const crumb = /crumb=([^;]+)/.exec(crumbRes.headers.get('set-cookie') ?? '')?.[1] ?? '';
    await crumbRes.text();
    const body = JSON.stringify({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/commerce/shopping-cart/entries',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie: `crumb=${crumb}`,
            'x-csrf-token': crumb,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        closeStarted = Date.now();
        closing = t.close();
        setTimeout(() => req.end(body.slice(10)), 100);
      }, 100);
    });
    let closing: Promise<void> = Promise.resolve();
    let closeStarted = 0;
    const res = await response;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).newlyAdded).toMatchObject({ itemId: 'p-lesson', quantity: 1 });
    await closing;
    // No waiting for keep-alive sockets to time out.
    expect(Date.now() - closeStarted).toBeLessThan(2000);
    await expect(t.app.database.db.selectFrom('carts').selectAll().execute()).rejects.toThrow();
  });
}
