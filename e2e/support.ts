/**
 * What several browser specs share: no uncaught script error on any page a test visits, and a
 * server of a spec's own (another site, or other settings) beside the config's.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openDatabase } from '../packages/server/src/database.ts';
import { type DatabaseHandle } from '../packages/server/src/platform/db/index.ts';
import { startServerProcess } from '../packages/server/src/testing/process.ts';

/** Fails a test whose pages threw an uncaught error. Call once at the top of a spec. */
export function failOnPageErrors(): void {
  const pageErrors = new WeakMap<Page, Error[]>();
  test.beforeEach(({ page }) => {
    const errors: Error[] = [];
    pageErrors.set(page, errors);
    page.on('pageerror', (error) => errors.push(error));
  });
  test.afterEach(({ page }) => {
    expect(pageErrors.get(page)?.map((e) => e.message) ?? []).toEqual([]);
  });
}

/**
 * The database the config's server runs on (its data folder, or DATABASE_URL), opened before the
 * spec's tests and closed after them. Call once at the top of a spec; read `.db` inside tests.
 */
export function serverDatabase(): { readonly db: DatabaseHandle['db'] } {
  let handle: DatabaseHandle | undefined;
  test.beforeAll(async () => {
    const dataDir = process.env.E2E_DATA_DIR;
    if (!dataDir) throw new Error('E2E_DATA_DIR is set by e2e/playwright.config.ts');
    handle = await openDatabase({
      dataDir,
      databaseUrl: process.env.DATABASE_URL,
      databaseSchema: undefined,
    });
  });
  test.afterAll(async () => {
    await handle?.destroy();
  });
  return {
    get db() {
      if (!handle) throw new Error('the server database is read before its beforeAll ran');
      return handle.db;
    },
  };
}

export const STAFF_PASSWORD = 'a long staff password';

/**
 * A new staff member of `role` (a name or code of core's roles.ts), made with the users command on
 * the config's server data, signed in at /config/login in `page`; resolves to their address.
 */
export async function signInAsStaff(page: Page, role: string): Promise<string> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  execFileSync(
    process.execPath,
    ['packages/server/dist/users.js', 'add', '--role', role, '--email', email, '--password', STAFF_PASSWORD],
    {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, SITE_DIR: 'sites/demo', DATA_DIR: process.env.E2E_DATA_DIR as string },
      encoding: 'utf8',
    },
  );
  await page.goto('/config/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  return email;
}

export interface SiteServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * The real server on a free loopback port with `env` (SITE_DIR, DATA_DIR...; SQLite unless
 * DATABASE_URL is given). Resolves once it listens.
 */
export async function startSiteServer(env: Record<string, string>): Promise<SiteServer> {
  const server = startServerProcess({ PORT: '0', HOST: '127.0.0.1', ...env });
  const port = await server.port(60_000);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.kill('SIGTERM');
      await server.exited;
    },
  };
}

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Whole pages, the site's template included: axe's findings at the levels that block a shopper or an owner. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  return axeViolations(page, { impacts: ['serious', 'critical'] });
}

/** An axe finding that is known and tracked: rule `rule` on elements matching `selector`. */
export interface KnownAxeFinding {
  rule: string;
  selector: string;
}

/**
 * Whole pages: axe's findings on WCAG 2.1 AA (and on axe's best practices, which Lighthouse's
 * accessibility score counts, when asked), at the given impacts or at every impact, the `known`
 * ones left out.
 */
export async function axeViolations(
  page: Page,
  {
    impacts,
    bestPractices = false,
    known = [],
  }: { impacts?: readonly string[]; bestPractices?: boolean; known?: readonly KnownAxeFinding[] } = {},
): Promise<string[]> {
  // A dialog still fading in has a blended colour; contrast is judged on what the visitor reads.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const result = await new AxeBuilder({ page })
    .withTags(bestPractices ? [...WCAG_AA, 'best-practice'] : WCAG_AA)
    .analyze();
  const findings: string[] = [];
  for (const v of result.violations) {
    if (impacts !== undefined && !impacts.includes(v.impact ?? '')) continue;
    const selectors = known.filter((k) => k.rule === v.id).map((k) => k.selector);
    const targets: string[] = [];
    for (const node of v.nodes) {
      const target = node.target.join(' ');
      const isKnown =
        selectors.length > 0 &&
        (await page
          .locator(target)
          .first()
          .evaluate((el, list) => list.some((s) => el.matches(s)), selectors));
      if (!isKnown) targets.push(target);
    }
    if (targets.length > 0) findings.push(`${v.id} (${v.impact}): ${targets.join(', ')}`);
  }
  return findings;
}

export interface Buyer {
  email: string;
  name: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
}

export const BUYER: Buyer = {
  email: 'buyer@example.com',
  name: 'Ada Buyer',
  address: '1 Hive Lane',
  city: 'Portland',
  postalCode: '97201',
  country: 'US',
};

/** On /checkout: fills the buyer's details and places the order; resolves on the confirmation page. */
export async function placeOrder(page: Page, buyer: Buyer = BUYER): Promise<void> {
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Name').fill(buyer.name);
  await page.getByLabel('Address', { exact: true }).fill(buyer.address);
  await page.getByLabel('City').fill(buyer.city);
  await page.getByLabel('Postal code').fill(buyer.postalCode);
  const country = page.getByLabel('Country');
  if ((await country.inputValue()) === '') await country.fill(buyer.country);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmed\//);
}

/**
 * Waits for the page to draw two more frames: what an input or a scroll sets off (scrolling,
 * intersection observers, lazy loads in view) has shown by then, on a busy machine as on an idle one.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
