import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { repoRoot } from '../packages/server/src/testing/repo-root.ts';
import { failOnPageErrors, startSiteServer, type SiteServer } from './support.ts';

/**
 * The restock sign-up and the instalment notice on the demo site's product pages (issue 6):
 * every state of the sign-up (blank, invalid, server refusal in place, success text, a second
 * sign-up for the same address), the captcha on a copy of the demo with a captcha site key (a
 * server of this spec's own, on SQLite), and the instalment notice in range, out of range, with
 * its popup opened by the pill and the info button and closed three ways.
 */
const SHIRT = '/shop/linen-camp-shirt'; // $98.00; Size XL / Color Oat is sold out
const VASES = '/shop/bud-vase-trio'; // one variant, sold out, its restock form shown by default
const MUG = '/shop/speckled-stoneware-mug'; // $34.00: below the instalment minimum ($35.00)
const SIGN_UP = '**/api/site-users/account/notifications/restock';

failOnPageErrors();

const restock = (page: Page) => page.locator('.product-restock-notification:not([hidden])');
const email = (page: Page) => restock(page).getByRole('textbox', { name: 'Your email' });
const notifyMe = (page: Page) => restock(page).getByRole('button', { name: 'Notify Me' });
const errorText = (page: Page) => restock(page).locator('.product-restock-error');
const SUCCESS = 'Thanks! We will email you when it is back in stock.';

/** The server's answers to the sign-up calls (passed through unchanged: the server answers). */
async function passThrough(page: Page): Promise<unknown[]> {
  const answers: unknown[] = [];
  await page.route(SIGN_UP, async (route) => {
    const response = await route.fetch();
    answers.push(await response.json());
    await route.fulfill({ response });
  });
  return answers;
}

test('restock sign-up: blank, invalid, success replaces the form, a second sign-up is accepted', async ({
  page,
}) => {
  await page.goto(SHIRT);
  // Hidden until the sold-out variant is chosen.
  await expect(restock(page)).toHaveCount(0);
  await page.locator('label[for="variant-option-Size-XL"]').click();
  await page.locator('label[for="variant-option-Color-Oat"]').click();
  await expect(restock(page)).toBeVisible();
  await expect(restock(page)).toContainText('Sold out for now.');

  await notifyMe(page).click();
  await expect(errorText(page)).toHaveText('Email cannot be blank');
  await expect(email(page)).toHaveAttribute('aria-invalid', 'true');
  await email(page).fill('not-an-address');
  await notifyMe(page).click();
  await expect(errorText(page)).toHaveText('Email is invalid');
  await email(page).fill(`${'x'.repeat(250)}@example.com`);
  await notifyMe(page).click();
  await expect(errorText(page)).toHaveText('Email is invalid');

  const address = `shopper-${Date.now()}@example.com`;
  await email(page).fill(address);
  await restock(page)
    .getByRole('checkbox', { name: /studio newsletter/ })
    .check();
  const answers = await passThrough(page);
  const [request] = await Promise.all([page.waitForRequest(SIGN_UP), notifyMe(page).click()]);
  expect(request.postDataJSON()).toMatchObject({ siteVisitorEmail: address, isJoinMailingList: true });
  await expect.poll(() => answers).toEqual([{ success: true, alreadySignedUp: false }]);
  await expect(restock(page).locator('.product-restock-success')).toHaveText(SUCCESS);
  await expect(restock(page).locator('form')).toHaveCount(0);

  // The same address for the same variant again: accepted, no second sign-up stored.
  await page.reload();
  await page.locator('label[for="variant-option-Size-XL"]').click();
  await page.locator('label[for="variant-option-Color-Oat"]').click();
  await email(page).fill(address.toUpperCase());
  await notifyMe(page).press('Enter');
  await expect.poll(() => answers.at(-1)).toEqual({ success: true, alreadySignedUp: true });
  await expect(restock(page).locator('.product-restock-success')).toHaveText(SUCCESS);
});

test('restock sign-up: a server refusal is shown in place, and the form stays usable', async ({ page }) => {
  await page.goto(VASES);
  await expect(restock(page)).toBeVisible();
  // The session's crumb is gone (as after the cookie expired): the server answers 403 crumbFail.
  await page.context().clearCookies({ name: 'crumb' });
  await email(page).fill('late@example.com');
  await notifyMe(page).click();
  await expect(errorText(page)).toHaveText('Your session has expired. Please reload the page and try again.');
  await expect(restock(page).locator('form')).toBeVisible();
  // A refusal with its own text (a variant the server does not know): the server's message.
  await page.reload();
  await restock(page).evaluate((el) => el.setAttribute('data-variant-id', 'no-such-variant'));
  await email(page).fill('late@example.com');
  await notifyMe(page).click();
  await expect(errorText(page)).toHaveText(
    'Sorry, that item variant is unavailable. Please select another variant.',
  );
  await expect(restock(page).locator('.product-restock-success')).toHaveCount(0);
});

test.describe('with a captcha site key', () => {
  let server: SiteServer | undefined;
  let base = '';
  let dir = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dir = mkdtempSync(join(tmpdir(), 'storefront-e2e-restock-'));
    const site = join(dir, 'site');
    cpSync(join(repoRoot, 'sites/demo'), site, { recursive: true });
    const file = join(site, 'content/website.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as { website: Record<string, unknown> };
    json.website.captchaSettings = { siteKey: 'altcha' };
    writeFileSync(file, JSON.stringify(json));
    // One database holds one site: this copy of the demo keeps its own SQLite file.
    server = await startSiteServer({
      DATABASE_URL: '',
      SITE_DIR: site,
      DATA_DIR: join(dir, 'data'),
      FORM_CAPTCHA_COST: '1',
    });
    base = server.base;
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the captcha must be completed, then the sign-up succeeds and the captcha is gone', async ({
    page,
  }) => {
    await page.goto(`${base}${VASES}`);
    const widget = restock(page).locator('altcha-widget');
    await expect(widget).toBeVisible();
    await expect(restock(page).locator('.captcha-container')).toHaveAttribute('data-rendered', 'true');
    await email(page).fill('captcha@example.com');
    await notifyMe(page).click();
    await expect(errorText(page)).toHaveText('Complete CAPTCHA before submitting.');
    await widget.locator('input[type="checkbox"]').click({ force: true });
    await expect(widget.locator('[data-state="verified"]').first()).toBeAttached({ timeout: 20_000 });
    const [request] = await Promise.all([page.waitForRequest(SIGN_UP), notifyMe(page).click()]);
    expect(typeof request.postDataJSON().captchaToken).toBe('string');
    await expect(restock(page).locator('.product-restock-success')).toHaveText(SUCCESS);
    await expect(page.locator('altcha-widget')).toHaveCount(0);
  });
});

const notice = (page: Page) => page.locator('.sf-instalments');
const popup = (page: Page) => page.getByRole('dialog', { name: 'Pay in 4 interest-free payments' });

test('instalment notice: in range on the shirt, out of range on the mug', async ({ page }) => {
  await page.goto(SHIRT);
  await expect(notice(page)).toHaveText(/Pay in 4 interest-free payments of \$24\.50 with Afterpay\./);
  await page.goto(MUG);
  await expect(notice(page)).toContainText(
    'Pay in 4 interest-free installments for orders between $35.00 and $2,000.00.',
  );
  // Not on products that are not physical.
  await page.goto('/shop/wheel-throwing-workshop');
  await expect(page.locator('.product-checkout')).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
});

test('instalment popup: opened by the pill and the info button, closed by its button, Escape and a click outside', async ({
  page,
}) => {
  await page.goto(SHIRT);
  const pill = notice(page).getByRole('button', { name: 'Afterpay', exact: true });
  const info = notice(page).getByRole('button', { name: 'Learn more about paying with Afterpay' });

  await pill.click();
  await expect(popup(page)).toBeVisible();
  await expect(pill).toHaveAttribute('aria-expanded', 'true');
  await popup(page).getByRole('button', { name: 'Close' }).click();
  await expect(popup(page)).toHaveCount(0);
  await expect(pill).toBeFocused();

  await info.click();
  await expect(popup(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup(page)).toHaveCount(0);
  await expect(info).toBeFocused();

  await info.press('Enter');
  await expect(popup(page)).toBeVisible();
  await popup(page).click(); // a click inside keeps it open
  await expect(popup(page)).toBeVisible();
  await page.locator('h1.product-title').click();
  await expect(popup(page)).toHaveCount(0);
});
