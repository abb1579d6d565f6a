import { resolve } from 'node:path';
import { megabytesToBytes } from '@storefront/core';
import { z } from 'zod';
import { defaultDataDir } from './data-dir.ts';
import { DEFAULT_FORM_SETTINGS, type FormSettings } from './modules/forms/index.ts';
import { parseTrustProxy, type TrustedProxies } from './platform/http/trust-proxy.ts';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './platform/http/timeouts.ts';

/** The media library's largest upload when `MEDIA_UPLOAD_LIMIT_MB` is unset. */
export const DEFAULT_MEDIA_UPLOAD_LIMIT_MB = 20;
/** A digital product's largest file when `DIGITAL_UPLOAD_LIMIT_MB` is unset. */
export const DEFAULT_DIGITAL_UPLOAD_LIMIT_MB = 300;
/** How long a signed download link works when `DOWNLOAD_LINK_HOURS` is unset. */
export const DEFAULT_DOWNLOAD_LINK_HOURS = 24;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `SITE_URL` as an origin (`https://shop.example`, no trailing slash), or the problem with it. */
function siteOrigin(value: string): string | { problem: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'must be an absolute URL such as https://shop.example' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { problem: 'must start with http:// or https://' };
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash)
    return { problem: 'must be an origin such as https://shop.example, without a path, query or user' };
  return url.origin;
}

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  SQLITE_READER: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  DATABASE_STARTUP_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(30_000)),
  SITE_DIR: z.preprocess(emptyToUndefined, z.string().default('sites/demo')),
  WEB_DIST_DIR: z.preprocess(emptyToUndefined, z.string().default('packages/web/dist')),
  // Unset: a folder per site folder (data-dir.ts), so that two sites never share a database.
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        const trust = parseTrustProxy(value);
        if (typeof trust !== 'string') return trust;
        ctx.issues.push({ code: 'custom', message: trust, input: value });
        return z.NEVER;
      }),
  ),
  SITE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const origin = siteOrigin(value.trim());
        if (typeof origin === 'string') return origin;
        ctx.issues.push({ code: 'custom', message: origin.problem, input: value });
        return z.NEVER;
      }),
  ),
  CART_WRITE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(60)),
  CART_WRITE_WINDOW_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(10_000)),
  COMMENT_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  SIGN_IN_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  FORM_SUBMIT_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  FORM_SUBMIT_WINDOW_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  FORM_KEY_TTL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  FORM_CAPTCHA_COST: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  STAFF_SECOND_FACTOR: z.preprocess(emptyToUndefined, z.enum(['optional', 'required']).default('optional')),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, z.string().url().optional()),
  HEADERS_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(DEFAULT_HTTP_TIMEOUTS.headersMs),
  ),
  REQUEST_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(DEFAULT_HTTP_TIMEOUTS.requestMs),
  ),
  KEEP_ALIVE_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(DEFAULT_HTTP_TIMEOUTS.keepAliveMs),
  ),
  // The media library's largest upload, in MB of 1,000,000 bytes (spec section 9).
  MEDIA_UPLOAD_LIMIT_MB: z.preprocess(
    emptyToUndefined,
    z.coerce.number().positive().max(1000).default(DEFAULT_MEDIA_UPLOAD_LIMIT_MB),
  ),
  // A digital product's largest file, in MB of 1,000,000 bytes (spec section 9).
  DIGITAL_UPLOAD_LIMIT_MB: z.preprocess(
    emptyToUndefined,
    z.coerce.number().positive().max(100_000).default(DEFAULT_DIGITAL_UPLOAD_LIMIT_MB),
  ),
  DOWNLOAD_LINK_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .positive()
      .max(24 * 366)
      .default(DEFAULT_DOWNLOAD_LINK_HOURS),
  ),
  IDLE_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(DEFAULT_HTTP_TIMEOUTS.idleMs),
  ),
});

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; SQLite under `dataDir` when absent. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to work in (tests isolate themselves with one); `public` when absent. */
  databaseSchema?: string | undefined;
  /** How long start-up keeps retrying an unavailable database before giving up (0: no retry). */
  databaseStartupTimeoutMs?: number;
  /** Absolute path of the site folder (template/ + content/). */
  siteDir: string;
  /** Absolute path of the folder holding the SQLite file. */
  dataDir: string;
  /** SQLite file name inside `dataDir`; `:memory:` keeps the database in memory. */
  sqliteFile?: string;
  /** `SQLITE_READER=off`: SQLite reads wait for the one connection too (db/sqlite-driver.ts). */
  sqliteReader?: boolean;
  smtpUrl?: string | undefined;
  logLevel: string;
  /** Absolute path of the built browser bundle (`WEB_DIST_DIR`, packages/web/dist). */
  webDistDir: string;
  /**
   * Behind proxies (`TRUST_PROXY`): how many, or their addresses; the client address, host and
   * protocol then come from their X-Forwarded-* headers. Absent: those headers are ignored.
   */
  trustProxy?: TrustedProxies | undefined;
  /** The site's origin (`SITE_URL`, no trailing slash): the only source of absolute URLs. */
  siteUrl: string;
  /** Per-client limit on cart writes: `max` calls per `windowMs`. */
  cartWriteLimit: { max: number; windowMs: number };
  /** Comments per visitor a minute (`COMMENT_LIMIT`; default 5; an address 6 times as many; comments/routes.ts). */
  commentLimit?: number | undefined;
  /** Sign-in, registration and reset attempts per client address in 10 minutes (`SIGN_IN_LIMIT`; default 30, accounts/flows.ts). */
  signInLimit?: number | undefined;
  /** `STAFF_SECOND_FACTOR=required`: staff sign in with a passkey or a TOTP code (docs/accounts.md). */
  staffSecondFactorRequired?: boolean;
  /** Card payments through Stripe (docs/payments.md); absent: the manual provider. */
  stripe?: StripeSettings | undefined;
  /** Site forms: limits, key lifetime, captcha cost (defaults in forms/routes.ts). */
  forms?: Partial<FormSettings>;
  /** Request, header, keep-alive and idle limits (http/timeouts.ts has the defaults). */
  httpTimeouts?: HttpTimeouts;
  /** The media library's largest upload in bytes (`MEDIA_UPLOAD_LIMIT_MB`, default 20 MB of 1,000,000 bytes). */
  mediaUploadLimitBytes?: number;
  /** A digital product's largest file in bytes (`DIGITAL_UPLOAD_LIMIT_MB`, default 300 MB of 1,000,000 bytes). */
  digitalUploadLimitBytes?: number;
  /** How long a paid order's signed download link works (`DOWNLOAD_LINK_HOURS`, default 24). */
  downloadLinkHours?: number;
}

export class ConfigError extends Error {}

export interface StripeSettings {
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`): events are trusted only when signed with it. */
  webhookSecret: string;
  /** `STRIPE_API_BASE`: another API origin (tests' local server); absent: api.stripe.com. */
  apiBase?: string | undefined;
}

/** Stripe is on with both its key and its webhook secret; one without the other is a mistake to report. */
function stripeSettings(
  secretKey: string | undefined,
  webhookSecret: string | undefined,
  apiBase: string | undefined,
): StripeSettings | undefined {
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey || !webhookSecret)
    throw new ConfigError(
      `Invalid environment: ${secretKey ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'}: required with ${secretKey ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET'}`,
    );
  return { secretKey, webhookSecret, apiBase };
}

/**
 * Parses the environment (defaults per README) into a Config; throws ConfigError naming the variable.
 * Relative paths are taken from `workingDir` (the directory the server was started in).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, workingDir = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid environment: ${issues}`);
  }
  const e = parsed.data;
  // Node refuses a header limit above the whole request's: say which variables to change.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS)
    throw new ConfigError(
      'Invalid environment: HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseStartupTimeoutMs: e.DATABASE_STARTUP_TIMEOUT_MS,
    sqliteReader: e.SQLITE_READER === 'on',
    siteDir: resolve(workingDir, e.SITE_DIR),
    dataDir:
      e.DATA_DIR === undefined
        ? defaultDataDir(workingDir, resolve(workingDir, e.SITE_DIR))
        : resolve(workingDir, e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: resolve(workingDir, e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    siteUrl: e.SITE_URL ?? `http://localhost:${e.PORT}`,
    cartWriteLimit: { max: e.CART_WRITE_LIMIT, windowMs: e.CART_WRITE_WINDOW_MS },
    commentLimit: e.COMMENT_LIMIT,
    signInLimit: e.SIGN_IN_LIMIT,
    staffSecondFactorRequired: e.STAFF_SECOND_FACTOR === 'required',
    stripe: stripeSettings(e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_API_BASE),
    mediaUploadLimitBytes: megabytesToBytes(e.MEDIA_UPLOAD_LIMIT_MB),
    digitalUploadLimitBytes: megabytesToBytes(e.DIGITAL_UPLOAD_LIMIT_MB),
    downloadLinkHours: e.DOWNLOAD_LINK_HOURS,
    httpTimeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      idleMs: e.IDLE_TIMEOUT_MS,
    },
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
