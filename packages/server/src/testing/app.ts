import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import type { Config } from '../config.ts';
import { testConfig, type TestDatabase } from './databases.ts';
import { testWebBundle, type TestWebBundle } from './web-bundle.ts';

export * from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** Builds an app on a fresh database of the given kind (`build`: e.g. a test's site resolver). */
export async function startApp(
  database: TestDatabase,
  overrides: Partial<Config> = {},
  build: Omit<BuildOptions, 'logger'> = {},
): Promise<TestApp> {
  const fresh = database.fresh();
  const config = testConfig(fresh.config, overrides);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { ...build, logger: false });
  } catch (error) {
    await fresh.cleanup();
    throw error;
  }
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await fresh.cleanup();
    },
  };
}

export interface SuiteApp extends TestApp {
  /** The app's database handle. */
  readonly db: FastifyInstance['database']['db'];
  /** The stand-in web bundle its pages name (with `webBundle: true` only). */
  readonly web: TestWebBundle;
}

export interface SuiteOptions {
  /** Serves pages with a stand-in web bundle (testing/web-bundle.ts), for tests of whole pages. */
  webBundle?: boolean;
}

/**
 * An app on a fresh database for the enclosing describe block: started before its tests and closed
 * after them. Its fields are read through getters, so the tests use it as they would a started app.
 */
export function appForSuite(
  database: TestDatabase,
  overrides: Partial<Config> = {},
  options: SuiteOptions = {},
): SuiteApp {
  let started: TestApp | undefined;
  let web: TestWebBundle | undefined;
  beforeAll(async () => {
    web = options.webBundle ? testWebBundle() : undefined;
    started = await startApp(database, web ? { ...overrides, webDistDir: web.dir } : overrides);
  });
  afterAll(async () => {
    await started?.close();
    web?.cleanup();
  });
  const current = (): TestApp => {
    if (!started) throw new Error('the suite app is used before its beforeAll ran');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get db() {
      return current().app.database.db;
    },
    get web() {
      if (!web) throw new Error('the suite app has no web bundle: pass { webBundle: true }');
      return web;
    },
    close: () => current().close(),
  };
}

/** Each method and path of the app, from Fastify's own route tree (HEAD, which GET implies, left out). */
export function appRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    paths.length = depth;
    const url = (paths[depth - 1] ?? '') + match[2];
    paths[depth] = url;
    for (const method of (match[3] ?? '').split(', ')) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

/** Cookies from a response's set-cookie headers, as name -> value. */
export function cookiesOf(setCookie: string | string[] | undefined): Record<string, string> {
  const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  const out: Record<string, string> = {};
  for (const line of list) {
    const [pair] = line.split(';');
    const eq = (pair ?? '').indexOf('=');
    if (eq > 0)
      out[(pair as string).slice(0, eq).trim()] = decodeURIComponent((pair as string).slice(eq + 1).trim());
  }
  return out;
}

export function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('; ');
}
