import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { DEFAULT_HTTP_TIMEOUTS } from './timeouts.ts';

/** Small limits, so that a client one byte every 40 ms is far too slow. */
const LIMITS = { headersMs: 300, requestMs: 600, keepAliveMs: 1_000, idleMs: 5_000 };
const BYTE_EVERY_MS = 40;

interface Exchange {
  /** What the server sent before the connection closed. */
  received: string;
  /** How many bytes the client had sent by then, of how many it meant to. */
  sent: number;
  total: number;
}

/**
 * Opens a real connection, sends `prefix` at once and then `slow` one byte at a time, and resolves
 * when the server closes the connection (or the client has sent everything and the server has
 * answered and closed).
 */
function exchange(port: number, prefix: string, slow: string): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ received, sent, total: slow.length });
    });
    socket.on('connect', () => {
      if (prefix) socket.write(prefix);
      timer = setInterval(() => {
        if (sent >= slow.length || socket.destroyed) return clearInterval(timer);
        socket.write(slow[sent++] as string);
      }, BYTE_EVERY_MS);
    });
    // Nothing here waits for the trickle to end: a server that never closes fails the test.
    setTimeout(() => reject(new Error(`still open after ${sent} bytes`)), 20_000).unref();
  });
}

const timedOut = (e: Exchange) => e.received === '' || e.received.startsWith('HTTP/1.1 408');

describe('request and body timeouts over real sockets', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startApp(DATABASES[0]!, { httpTimeouts: LIMITS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  const healthy = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  };

  it('headers sent one byte at a time are cut off with 408, and the server still answers', async () => {
    const headers = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`;
    const result = await exchange(port, '', headers);
    expect(timedOut(result), result.received).toBe(true);
    // Closed while the client was still sending: 300 ms of limit against 10 s of trickle.
    expect(result.sent).toBeLessThan(result.total);
    await healthy();
  });

  it('a body trickling slower than the request limit is cut off with 408, and nothing is stored', async () => {
    const body = JSON.stringify({ pagePath: '/shop', label: 'x'.repeat(200) });
    const head =
      'POST /api/census/button-click HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    const result = await exchange(port, head, body);
    expect(timedOut(result), result.received).toBe(true);
    expect(result.sent).toBeLessThan(result.total);
    const stored = await t.app.database.db
      .selectFrom('telemetry_hits')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(0);
    await healthy();
  });

  it('a connection that sends nothing is closed', async () => {
    const result = await exchange(port, '', '');
    expect(timedOut(result), result.received).toBe(true);
    await healthy();
  });

  it('a keep-alive connection left idle after its answer is closed', async () => {
    const result = await exchange(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '');
    expect(result.received).toMatch(/^HTTP\/1\.1 200/);
    expect(result.received).toContain('{"ok":true}');
  });

  it('a client a little slow but within the limits is answered', async () => {
    const request = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';
    // Three pieces, 40 ms apart: well inside the 300 ms header limit.
    const pieces = [request.slice(0, 10), request.slice(10, 30), request.slice(30)];
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('close', () => resolve(received));
      socket.on('connect', async () => {
        for (const piece of pieces) {
          socket.write(piece);
          await new Promise((r) => setTimeout(r, BYTE_EVERY_MS));
        }
      });
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('{"ok":true}');
  });
});

describe('timeout configuration', () => {
  it('takes the limits from the environment, with defaults', () => {
    expect(loadConfig({}).httpTimeouts).toEqual(DEFAULT_HTTP_TIMEOUTS);
    expect(
      loadConfig({
        HEADERS_TIMEOUT_MS: '5000',
        REQUEST_TIMEOUT_MS: '20000',
        KEEP_ALIVE_TIMEOUT_MS: '65000',
        IDLE_TIMEOUT_MS: '30000',
      }).httpTimeouts,
    ).toEqual({ headersMs: 5_000, requestMs: 20_000, keepAliveMs: 65_000, idleMs: 30_000 });
  });

  it('refuses a header limit above the request limit, and limits that are not positive', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '40000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      new ConfigError('Invalid environment: HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS'),
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});
