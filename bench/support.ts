/**
 * What the HTTP benchmarks share: the built server started in a process of its own on a free
 * loopback port, carts made up front, autocannon runs, and the server's CPU time read from /proc.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** The demo's digital product: unlimited stock, so adds never run out. */
export const DIGITAL_ITEM = { itemId: 'eaa43590bbbd5af55f175832', sku: 'JR-DIG-01', quantity: 1 };

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

export function cookiesOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = (pair ?? '').indexOf('=');
    if (eq > 0) out[pair!.slice(0, eq)] = pair!.slice(eq + 1);
  }
  return out;
}

export interface BenchServer {
  base: string;
  child: ChildProcess;
  /** CPU seconds (user + system) the server process has used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

// Linux reports process times in clock ticks; USER_HZ is 100 on every kernel this runs on.
const TICKS_PER_SECOND = 100;

/**
 * Starts the built server (`packages/server/dist/main.js`, built first if its sources changed) as
 * `npm start` runs it, with `env` on top of a quiet production environment; resolves once
 * `/api/health` answers. The cart write limit is raised for this server only. `checkout` is another
 * clone of the repository when a benchmark compares a baseline build with this one.
 */
export async function startBenchServer(
  env: Record<string, string>,
  extraArgs: string[] = [],
  checkout: string = root,
) {
  execFileSync(process.execPath, ['scripts/build.mjs', '--server', '--if-stale'], {
    cwd: checkout,
    stdio: 'inherit',
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...extraArgs, 'packages/server/dist/main.js'], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      CART_WRITE_LIMIT: '100000000',
      CART_WRITE_WINDOW_MS: '10000',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not start within 300 s');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const server: BenchServer = {
    base,
    child,
    cpuSeconds() {
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
  return server;
}

/** `count` carts, each with its own crumb and CART cookie, made by a first add; their cookie headers. */
export async function makeCarts(base: string, count: number): Promise<string[]> {
  const carts: string[] = [];
  for (let i = 0; i < count; i++) {
    const crumb = `benchcrumb${String(i).padStart(8, '0')}`;
    const res = await fetch(`${base}/api/commerce/shopping-cart/entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
      body: JSON.stringify(DIGITAL_ITEM),
    });
    if (res.status !== 200) throw new Error(`setting up cart ${i}: ${res.status} ${await res.text()}`);
    carts.push(`crumb=${crumb}; CART=${cookiesOf(res).CART}; hasCart=true`);
  }
  return carts;
}

/** Add-to-cart requests spread over the carts in turn, as many shoppers writing at once. */
export function addToCartLoad(base: string, carts: string[]): autocannon.Options {
  let next = 0;
  return {
    url: base,
    requests: [
      {
        method: 'POST',
        path: '/api/commerce/shopping-cart/entries',
        body: JSON.stringify(DIGITAL_ITEM),
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
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  /** Server CPU milliseconds per request (only when a server was given). */
  cpuMsPerRequest?: number;
}

/** One autocannon run of `seconds`; with `server`, its CPU time per request too. */
export async function measure(
  options: autocannon.Options,
  seconds: number,
  connections: number,
  server?: BenchServer,
): Promise<Figures> {
  const cpuBefore = server?.cpuSeconds();
  const result = await autocannon({ ...options, duration: seconds, connections });
  const figures: Figures = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  if (server && cpuBefore !== undefined && result.requests.total > 0)
    figures.cpuMsPerRequest = ((server.cpuSeconds() - cpuBefore) * 1000) / result.requests.total;
  return figures;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const STAFF_PASSWORD = 'a long bench password';

/**
 * A new staff member with `role` (a name of core/roles.ts), made with the users command on the
 * server's data (`env`: its SITE_DIR, DATA_DIR and DATABASE_URL), signed in: the cookies and headers
 * of their writes.
 */
export async function signedInStaff(
  server: BenchServer,
  role: string,
  env: Record<string, string>,
): Promise<Record<string, string>> {
  const email = `bench-${role}-${Date.now()}@example.test`;
  execFileSync(
    process.execPath,
    ['packages/server/dist/users.js', 'add', '--role', role, '--email', email, '--password', STAFF_PASSWORD],
    { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env } },
  );
  const crumb = 'benchcrumb';
  const res = await fetch(`${server.base}/api/config/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
    body: JSON.stringify({ email, password: STAFF_PASSWORD, rememberMe: false }),
  });
  if (res.status !== 200) throw new Error(`signing in: ${res.status} ${await res.text()}`);
  const { xsrfToken } = (await res.json()) as { xsrfToken: string };
  // Signing in may give a new crumb: the writes send the cookies as they are now.
  const cookies: Record<string, string> = { crumb, ...cookiesOf(res) };
  return {
    cookie: Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; '),
    'x-csrf-token': cookies.crumb as string,
    'x-xsrf-token': xsrfToken,
  };
}
