import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_FORM_SETTINGS, type FormSettings } from './forms/routes.ts';

/** The repository root (packages/server/src -> ../../..). */
export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  SITE_DIR: z.preprocess(emptyToUndefined, z.string().default('sites/demo')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('data')),
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).default('false')),
  CART_WRITE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(60)),
  CART_WRITE_WINDOW_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(10_000)),
  FORM_SUBMIT_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  FORM_SUBMIT_WINDOW_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  FORM_KEY_TTL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  FORM_CAPTCHA_COST: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
});

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; SQLite under `dataDir` when absent. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to work in (tests isolate themselves with one); `public` when absent. */
  databaseSchema?: string | undefined;
  /** Absolute path of the site folder (template/ + content/). */
  siteDir: string;
  /** Absolute path of the folder holding the SQLite file. */
  dataDir: string;
  /** SQLite file name inside `dataDir`; `:memory:` keeps the database in memory. */
  sqliteFile?: string;
  smtpUrl?: string | undefined;
  logLevel: string;
  /** Absolute path of the built browser bundle (packages/web/dist). */
  webDistDir: string;
  /** Behind a load balancer: take the client address and protocol from X-Forwarded-* headers. */
  trustProxy?: boolean;
  /** Per-client limit on cart writes: `max` calls per `windowMs`. */
  cartWriteLimit: { max: number; windowMs: number };
  /** Site forms: limits, key lifetime, captcha cost (defaults in forms/routes.ts). */
  forms?: Partial<FormSettings>;
}

export class ConfigError extends Error {}

/** Parses the environment (defaults per README) into a Config; throws ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid environment: ${issues}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    siteDir: resolve(repoRoot, e.SITE_DIR),
    dataDir: resolve(repoRoot, e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: resolve(repoRoot, 'packages/web/dist'),
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    cartWriteLimit: { max: e.CART_WRITE_LIMIT, windowMs: e.CART_WRITE_WINDOW_MS },
    forms: {
      submitLimit: {
        max: e.FORM_SUBMIT_LIMIT ?? DEFAULT_FORM_SETTINGS.submitLimit.max,
        windowMs: e.FORM_SUBMIT_WINDOW_MS ?? DEFAULT_FORM_SETTINGS.submitLimit.windowMs,
      },
      ...(e.FORM_KEY_TTL_MS !== undefined ? { keyTtlMs: e.FORM_KEY_TTL_MS } : {}),
      ...(e.FORM_CAPTCHA_COST !== undefined ? { captchaCost: e.FORM_CAPTCHA_COST } : {}),
      ...(e.MAIL_FROM !== undefined ? { mailFrom: e.MAIL_FROM } : {}),
    },
  };
}
