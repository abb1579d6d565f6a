/**
 * Add-to-cart throughput against a trivial route of the same server, side by side in one run.
 *
 *   npm run bench:cart            (BENCH_SECONDS=10 BENCH_CONNECTIONS=10 by default)
 *
 * Starts the real server (the built `packages/server/dist/main.js`, as `npm start` runs it, built
 * first if its sources changed; its own process) on SQLite in a temporary DATA_DIR with the demo
 * site, on a free loopback port. The cart write limit is raised for this
 * server only (CART_WRITE_LIMIT in its environment; the default stays 60 per 10 s).
 *
 * Load: POST /api/commerce/shopping-cart/entries adding the demo's digital product (unlimited stock,
 * so stock never runs out) with crumb header and cookies, spread over CARTS carts created up front:
 * each request goes to the next cart in turn, so many carts are written at once, as with many
 * shoppers. The baseline is GET /api/health ({ok:true}). Each gets a warm-up, then BENCH_SECONDS.
 * Every non-2xx answer is counted and fails the run.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CARTS = 100;
const ITEM = { itemId: 'eaa43590bbbd5af55f175832', sku: 'JR-DIG-01', quantity: 1 }; // digital, unlimited

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function cookiesOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = (pair ?? '').indexOf('=');
    if (eq > 0) out[pair!.slice(0, eq)] = pair!.slice(eq + 1);
  }
  return out;
}

async function waitForHealth(base: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start within 60 s');
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

async function run(options: autocannon.Options, seconds: number): Promise<Figures> {
  const result = await autocannon({ ...options, duration: seconds, connections: CONNECTIONS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  execFileSync(process.execPath, ['scripts/build.mjs', '--server', '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  const child = spawn(process.execPath, [...profile, 'packages/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_DIR: 'sites/demo',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      CART_WRITE_LIMIT: '100000000',
      CART_WRITE_WINDOW_MS: '10000',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(base, child);

    // The carts: each with its own crumb and CART cookie, made by a first add.
    const carts: string[] = [];
    for (let i = 0; i < CARTS; i++) {
      const crumb = `benchcrumb${String(i).padStart(8, '0')}`;
      const res = await fetch(`${base}/api/commerce/shopping-cart/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
        body: JSON.stringify(ITEM),
      });
      if (res.status !== 200) throw new Error(`setting up cart ${i}: ${res.status} ${await res.text()}`);
      carts.push(`crumb=${crumb}; CART=${cookiesOf(res).CART}; hasCart=true`);
    }
    let next = 0;
    const body = JSON.stringify(ITEM);
    const add: autocannon.Options = {
      url: base,
      requests: [
        {
          method: 'POST',
          path: '/api/commerce/shopping-cart/entries',
          body,
          setupRequest: (request) => {
            const cookie = carts[next++ % carts.length]!;
            const crumb = /crumb=([^;]+)/.exec(cookie)![1]!;
            request.headers = {
              ...request.headers,
              'content-type': 'application/json',
              cookie,
              'x-csrf-token': crumb,
            };
            return request;
          },
        },
      ],
    };
    const health: autocannon.Options = { url: `${base}/api/health` };

    console.log(
      `cart bench: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s each, SQLite, ${CARTS} carts`,
    );
    await run(health, WARMUP_SECONDS);
    await run(add, WARMUP_SECONDS);
    const trivial = await run(health, SECONDS);
    const cart = await run(add, SECONDS);

    const line = (name: string, f: Figures) =>
      `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   (${f.total} requests, ${f.non2xx} non-2xx, ${f.errors} errors)`;
    console.log(line('GET /api/health', trivial));
    console.log(line('POST shopping-cart/entries', cart));
    console.log(`ratio add-to-cart / trivial: ${(cart.rps / trivial.rps).toFixed(3)}`);
    if (cart.non2xx || cart.errors || trivial.non2xx || trivial.errors) {
      console.error('some requests failed: the figures are not valid');
      process.exitCode = 1;
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
