import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { EVERY_TYPE_ANSWERS, makeFormSite, smtpPeer } from '../packages/server/src/modules/forms/testing.ts';
import { createPostgresDatabase } from '../packages/server/src/testing/databases.ts';
import { startSiteServer, type SiteServer } from './support.ts';

/**
 * Site forms in a real browser (issue 7): a server of our own on a random port, serving the
 * fixture site with a form holding every field type (`/forms`), a captcha form (`/guarded`) and a
 * page naming a form that does not exist (`/missing`); a real SMTP peer receives the owner's mail.
 * The last test is on the demo site's contact page (the config's server).
 */
const SUBMIT_LIMIT = 40;

let server: SiteServer | undefined;
let base = '';
let site: ReturnType<typeof makeFormSite>;
let peer: Awaited<ReturnType<typeof smtpPeer>>;
let dataDir = '';
let ownDatabase: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = makeFormSite();
  peer = await smtpPeer();
  dataDir = mkdtempSync(join(tmpdir(), 'storefront-e2e-forms-'));
  // One database holds one site: on PostgreSQL this spec's fixture site gets a database of its own
  // (beside the demo's, which the config's server uses).
  if (process.env.DATABASE_URL)
    ownDatabase = await createPostgresDatabase(process.env.DATABASE_URL, 'storefront_e2e_forms');
  server = await startSiteServer({
    DATABASE_URL: ownDatabase?.url ?? '',
    SITE_DIR: site.dir,
    DATA_DIR: dataDir,
    SMTP_URL: peer.url,
    FORM_SUBMIT_LIMIT: String(SUBMIT_LIMIT),
    FORM_CAPTCHA_COST: '1',
  });
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
  await peer?.close();
  site?.cleanup();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await ownDatabase?.drop();
});

const form = (page: Page) => page.locator('form.sf-form__form');
const field = (page: Page, id: string) => page.locator(`[data-field-id="${id}"]`);
const fieldError = (page: Page, id: string) => field(page, id).locator('.sf-field__error');
const submit = (page: Page) => page.locator('.sf-form__submit');

async function openForms(page: Page, path = '/forms') {
  await page.goto(`${base}${path}`);
  await expect(form(page)).toBeVisible();
}

/** Fills EVERY_TYPE_ANSWERS through the labels, as a visitor would. */
async function fillEverything(page: Page) {
  const a = EVERY_TYPE_ANSWERS;
  await page.getByLabel('Favourite colour').fill(a['f-text']);
  await page.getByLabel('Message').fill(a['f-textarea']);
  await page.getByLabel('Email').fill(a['f-email']);
  await page.getByLabel('Budget').fill(a['f-currency']);
  await page.getByLabel('Guests').fill(a['f-number']);
  await page.getByLabel('Website').fill(a['f-website']);
  await page.getByLabel('Passphrase').fill(a['f-password']);
  await page.getByLabel('Twitter').fill(a['f-twitter']);
  const date = page.getByRole('group', { name: 'Date' });
  await date.getByLabel('Month').fill(a['f-date'].Month);
  await date.getByLabel('Day').fill(a['f-date'].Day);
  await date.getByLabel('Year').fill(a['f-date'].Year);
  const time = page.getByRole('group', { name: 'Time' });
  await time.getByLabel('Hour').fill(a['f-time'].Hour);
  await time.getByLabel('Minute').fill(a['f-time'].Minute);
  await time.getByLabel('Second').fill(a['f-time'].Second);
  await time.getByLabel('AM/PM').selectOption(a['f-time'].Ampm);
  const name = page.getByRole('group', { name: 'Name' });
  await name.getByLabel('First Name').fill(a['f-name'].First);
  await name.getByLabel('Last Name').fill(a['f-name'].Last);
  const address = page.getByRole('group', { name: 'Address' });
  await address.getByLabel('Address 1').fill(a['f-address'].Line1);
  await address.getByLabel('City').fill(a['f-address'].City);
  await address.getByLabel('State').fill(a['f-address'].State);
  await address.getByLabel('ZIP Code').fill(a['f-address'].Zip);
  await address.getByLabel('Country', { exact: true }).fill(a['f-address'].Country);
  const phone = page.getByRole('group', { name: 'Phone' });
  await phone.getByLabel('Country Code').fill(a['f-phone'].Country);
  await phone.getByLabel('Area Code').fill(a['f-phone'].Areacode);
  await phone.getByLabel('Prefix').fill(a['f-phone'].Prefix);
  await phone.getByLabel('Line', { exact: true }).fill(a['f-phone'].Line);
  await page.getByRole('radiogroup', { name: 'Visit type' }).getByLabel('Workshop').check();
  await page.getByRole('group', { name: 'Topics' }).getByLabel('Glaze').check();
  await page.getByRole('group', { name: 'Topics' }).getByLabel('Wheel').check();
  await page.getByLabel('Source').selectOption('Friend');
  await page.getByRole('group', { name: 'Classes are fun' }).getByLabel('Strongly Agree').check();
  await page.getByRole('group', { name: 'Prices are fair' }).getByLabel('Agree', { exact: true }).check();
}

/** The page's crumb, as the island sends it. */
async function crumbHeaders(page: Page) {
  const crumb = (await page.context().cookies(base)).find((c) => c.name === 'crumb')?.value ?? '';
  return { 'x-csrf-token': crumb, 'content-type': 'application/json' };
}

test('a visitor fills and submits a form holding every field type; the owner is mailed', async ({ page }) => {
  await openForms(page);
  await expect(page.locator('.sf-form__fallback')).toBeHidden();
  // Sections are headings, hidden fields are not shown.
  await expect(page.getByRole('heading', { name: 'About the visit' })).toBeVisible();
  await fillEverything(page);
  // Slow the save down so the submitting state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/form/SaveFormSubmission', async (route) => {
    await held;
    await route.continue();
  });
  await submit(page).click();
  await expect(submit(page)).toHaveText('Submitting…');
  await expect(submit(page)).toBeDisabled();
  await expect(page.getByLabel('Favourite colour')).toBeDisabled();
  await expect(page.getByLabel('Source')).toBeDisabled();
  await expect(form(page)).toHaveAttribute('aria-busy', 'true');
  release();
  const success = page.locator('.sf-form__success');
  await expect(success).toHaveText('Thank you, every field arrived.');
  await expect(success).toBeFocused();
  await expect(form(page)).toHaveCount(0);

  await expect.poll(() => peer.mails.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const mail = peer.mails.find((m) => m.raw.includes('Every Field'));
  expect(mail?.raw).toContain('Name: First: Ada, Last: Lovelace');
  expect(mail?.raw).toContain('Opinions: Classes are fun: 2, Prices are fair: 1');
  expect(mail?.raw).toContain('Campaign: spring');
  expect(mail?.raw).toContain('Page: /forms');
});

test('each client-side error appears above its field, tied to it, with the banners', async ({ page }) => {
  await openForms(page);
  let saves = 0;
  await page.route('**/api/form/**', async (route) => {
    saves++;
    await route.continue();
  });
  await submit(page).click();
  for (const id of [
    'f-text',
    'f-textarea',
    'f-email',
    'f-date',
    'f-name',
    'f-radio',
    'f-checkbox',
    'f-select',
  ])
    await expect(fieldError(page, id), id).toHaveText('Required');
  // No required check for likert; sections and optional fields have no error.
  for (const id of ['f-likert', 'f-section', 'f-currency', 'f-address', 'f-phone'])
    await expect(fieldError(page, id), id).toHaveCount(0);
  await expect(page.locator('.sf-form__banner--above')).toHaveText(
    'Some fields need your attention. Please scroll down to review them.',
  );
  await expect(page.locator('.sf-form__banner--below')).toHaveText(
    'Some fields need your attention. Please scroll up to review them.',
  );
  // The error is above the title, and read with the field.
  const above = await field(page, 'f-text').evaluate((el) => {
    const error = el.querySelector('.sf-field__error');
    const title = el.querySelector('.sf-field__title');
    return !!error && !!title && !!(error.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(above).toBe(true);
  await expect(page.getByLabel('Favourite colour')).toHaveAccessibleDescription('Required');
  await expect(page.getByRole('group', { name: 'Name' })).toHaveAccessibleDescription('Required');
  await expect(page.getByLabel('Favourite colour')).toBeFocused();

  // Multi-part: one part is enough. Checkbox: one checked is enough.
  await page.getByRole('group', { name: 'Name' }).getByLabel('Last Name').fill('Lovelace');
  await expect(fieldError(page, 'f-name')).toHaveCount(0);
  await page.getByRole('group', { name: 'Topics' }).getByLabel('Wheel').check();
  await expect(fieldError(page, 'f-checkbox')).toHaveCount(0);

  // The textarea counter turns to error past the limit.
  const counter = field(page, 'f-textarea').locator('.sf-field__counter');
  await page.getByLabel('Message').fill('x'.repeat(20));
  await expect(counter).toHaveText('20/20');
  await expect(counter).not.toHaveClass(/sf-field__counter--error/);
  await expect(fieldError(page, 'f-textarea')).toHaveCount(0);
  await page.getByLabel('Message').fill('x'.repeat(21));
  await expect(counter).toHaveText('21/20');
  await expect(counter).toHaveClass(/sf-field__counter--error/);
  await expect(fieldError(page, 'f-textarea')).toHaveText('You have exceeded the character limit.');

  // An email that is given must be valid, with the format hint.
  await page.getByLabel('Email').fill('not-an-email');
  await submit(page).click();
  await expect(fieldError(page, 'f-email')).toHaveText(
    'Email is not valid. Use the format name@example.com.',
  );
  expect(saves).toBe(0);
});

test('a field the server refuses (400) shows its error next to the field, and the form unlocks', async ({
  page,
}) => {
  await openForms(page);
  await fillEverything(page);
  // The browser sends an answer its own rules accept; on the way, the select's answer becomes one
  // the form does not offer: the server's validation refuses it.
  await page.route('**/api/form/SaveFormSubmission', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { form: string };
    const answers = JSON.parse(body.form) as Record<string, unknown>;
    answers['f-select'] = 'Carrier pigeon';
    await route.continue({ postData: JSON.stringify({ ...body, form: JSON.stringify(answers) }) });
  });
  await submit(page).click();
  await expect(page.locator('.sf-form__message--error')).toHaveText(
    'One or more fields is invalid, please check your entries.',
  );
  await expect(fieldError(page, 'f-select')).toHaveText('Please choose one of the options offered.');
  await expect(page.locator('.sf-form__banner--above')).toBeVisible();
  await expect(submit(page)).toBeEnabled();
  await expect(submit(page)).toHaveText('Send');
});

test('a reused submission key answers 401 and its text shows', async ({ page }) => {
  await openForms(page);
  const headers = await crumbHeaders(page);
  const key = (
    (await (await page.request.post(`${base}/api/form/FormSubmissionKey`, { headers, data: {} })).json()) as {
      data: { key: string };
    }
  ).data.key;
  const first = await page.request.post(`${base}/api/form/SaveFormSubmission`, {
    headers,
    data: { key, formId: 'every', form: JSON.stringify(EVERY_TYPE_ANSWERS) },
  });
  expect(first.status()).toBe(200);
  // The browser is handed the spent key.
  await page.route('**/api/form/FormSubmissionKey', (route) => route.fulfill({ json: { data: { key } } }));
  await fillEverything(page);
  await submit(page).click();
  await expect(page.locator('.sf-form__message--error')).toHaveText(
    'Unable to submit form. Please try again later.',
  );
  await expect(submit(page)).toBeEnabled();
});

test('an unknown form shows "This form has not been configured yet."', async ({ page }) => {
  await page.goto(`${base}/missing`);
  await expect(page.locator('.sf-form__message--error')).toHaveText('This form has not been configured yet.');
});

test('a captcha form: the ALTCHA widget is solved in the browser, then success redirects', async ({
  page,
}) => {
  await openForms(page, '/guarded');
  await page.getByLabel('Email').fill('ada@example.test');
  const widget = page.locator('altcha-widget');
  await expect(widget).toBeVisible();
  // Submitting before the captcha is done says so.
  await submit(page).click();
  await expect(page.locator('.sf-form__message--error')).toHaveText('Complete CAPTCHA before submitting.');
  await widget.locator('input[type="checkbox"]').click({ force: true });
  const verified = widget.locator('[data-state="verified"]').first();
  await expect(verified).toBeAttached({ timeout: 20_000 });
  // A failure (here a key the server never issued: 401) shows its text and resets the captcha.
  await page.route('**/api/form/FormSubmissionKey', (route) =>
    route.fulfill({ json: { data: { key: 'never-issued' } } }),
  );
  await submit(page).click();
  await expect(page.locator('.sf-form__message--error')).toHaveText(
    'Unable to submit form. Please try again later.',
  );
  await expect(verified).not.toBeAttached();
  await page.unroute('**/api/form/FormSubmissionKey');
  await widget.locator('input[type="checkbox"]').click({ force: true });
  await expect(verified).toBeAttached({ timeout: 20_000 });
  await submit(page).click();
  await page.waitForURL(`${base}/shop`);
});

test('the form with every field type passes axe, pristine and with its errors shown', async ({ page }) => {
  const violations = async () =>
    (
      await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .include('.sf-form')
        .analyze()
    ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  await openForms(page);
  expect(await violations()).toEqual([]);
  await page.getByLabel('Email').fill('nope');
  await page.getByLabel('Message').fill('x'.repeat(25));
  await submit(page).click();
  await expect(fieldError(page, 'f-text')).toHaveText('Required');
  expect(await violations()).toEqual([]);
});

test('passing the per-client limit answers 429 and its text shows', async ({ page }) => {
  await openForms(page);
  const headers = await crumbHeaders(page);
  let status = 0;
  for (let i = 0; i <= SUBMIT_LIMIT && status !== 429; i++)
    status = (await page.request.post(`${base}/api/form/FormSubmissionKey`, { headers, data: {} })).status();
  expect(status).toBe(429);
  await fillEverything(page);
  await submit(page).click();
  await expect(page.locator('.sf-form__message--error')).toHaveText(
    'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  );
});

test('the demo contact page mounts its form and sends a message', async ({ page }) => {
  await page.goto('/contact');
  const contact = page.locator('.sf-form[data-form-id="contact"]');
  await expect(contact.locator('form.sf-form__form')).toBeVisible();
  await expect(contact.locator('.sf-form__fallback')).toBeHidden();
  await contact.getByLabel('First Name').fill('Ada');
  await contact.getByLabel('Email').fill('ada@example.test');
  await contact.getByLabel('Subject').selectOption('Press');
  await contact.getByLabel('Message').fill('Hello from the browser tests.');
  await contact.getByRole('button', { name: 'Send Message' }).click();
  await expect(contact.locator('.sf-form__success')).toContainText('Thank you! We read every message');
});
