/**
 * Start-up against a database that is not there yet: the real server process retries for
 * DATABASE_STARTUP_TIMEOUT_MS, logging each retry, then gives up with a message naming the
 * database's host (never its password); a database that comes up in time is used.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, FIXTURE_SITE } from '../../testing/databases.ts';
import { startServerProcess, type ServerProcess } from '../../testing/process.ts';
import { startTcpProxy } from '../../testing/tcp-proxy.ts';

const postgresUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function start(env: Record<string, string>): ServerProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-startup-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = startServerProcess({
    PORT: '0',
    HOST: '127.0.0.1',
    SITE_DIR: FIXTURE_SITE,
    DATA_DIR: dataDir,
    ...env,
  });
  cleanups.push(() => server.kill('SIGKILL'));
  return server;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('start-up waits for the database', () => {
  it(
    'retries an unreachable PostgreSQL, then exits 1 naming the host and not the password',
    { timeout: 60_000 },
    async () => {
      const port = await closedPort();
      const server = start({
        DATABASE_URL: `postgres://shopkeeper:sekrit-passw0rd@127.0.0.1:${port}/shop`,
        DATABASE_STARTUP_TIMEOUT_MS: '2000',
      });
      expect(await server.exited).toBe(1);
      const output = server.output();
      expect(output.match(/is not available .*retrying in \d+ ms/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
      expect(output).toContain(
        `Gave up waiting for the database (PostgreSQL at 127.0.0.1:${port}/shop) after 2 s`,
      );
      expect(output).not.toContain('sekrit-passw0rd');
      expect(output).not.toContain('Server listening');
    },
  );

  it.skipIf(!postgresUrl)(
    'starts once a PostgreSQL that was unreachable for 2 s comes up (needs DATABASE_URL)',
    { timeout: 60_000 },
    async () => {
      const own = await createPostgresDatabase(postgresUrl as string, 'sf_startup');
      cleanups.push(own.drop);
      const url = new URL(own.url);
      const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      cleanups.push(() => proxy.close());
      await proxy.cut();
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      const server = start({ DATABASE_URL: url.toString(), DATABASE_STARTUP_TIMEOUT_MS: '30000' });
      await server.waitFor(/is not available .*retrying/);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await proxy.restore();
      const port = await server.port();
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ok: true });
      const page = await fetch(`http://127.0.0.1:${port}/shop/lesson`);
      expect(page.status).toBe(200);
      await page.text();
      server.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );
});
