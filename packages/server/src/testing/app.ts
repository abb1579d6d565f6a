import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { testConfig, type TestDatabase } from './databases.ts';

export * from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** Builds an app on a fresh database of the given kind. */
export async function startApp(database: TestDatabase, overrides: Partial<Config> = {}): Promise<TestApp> {
  const fresh = database.fresh();
  const config = testConfig(fresh.config, overrides);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logger: false });
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
