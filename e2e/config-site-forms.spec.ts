/**
 * The site forms editor (issue 31): an editor builds a form with five field types (one added with
 * the keyboard only), puts it on a new page of its own with the page content editor's form block,
 * a visitor submits it, and the submission is listed in /config/forms. The screens pass axe at
 * every impact and fit a 390 px phone. Every record here is this spec's own (other specs share the
 * server).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, failOnPageErrors, signInAsStaff } from './support.ts';

failOnPageErrors();

/** A back-office call with the signed-in page's session (its crumb and xsrf token). */
async function configCall<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const cookie = (name: string) => new RegExp(`(?:^|; )${name}=([^;]*)`).exec(document.cookie)?.[1] ?? '';
      const res = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          'X-CSRF-Token': cookie('crumb'),
          'X-XSRF-Token': cookie('sf_xsrf'),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    { method, url, body },
  );
}

async function addField(page: Page, type: string, title: string) {
  const adding = page.getByRole('form', { name: 'Add a field' });
  await adding.getByLabel('Type').selectOption({ label: type });
  await adding.getByLabel('Title').fill(title);
  await adding.getByRole('button', { name: 'Add field' }).click();
  await expect(page.getByRole('status')).toHaveText(`Added the ${type} field “${title}”. Save to keep it.`);
}

test('an editor builds a form with five field types, a page shows it, a visitor submits it, staff read it', async ({
  page,
  browser,
}) => {
  const tag = randomUUID().slice(0, 8);
  const name = `Studio visit ${tag}`;
  const formId = `studio-visit-${tag}`;
  await signInAsStaff(page, 'editor');
  await page.goto('/config/site-forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  const creating = page.getByRole('form', { name: 'New form' });
  await creating.getByLabel('Name').fill(name);
  await creating.getByRole('button', { name: 'Create form' }).click();
  await expect(page).toHaveURL(`/config/site-forms/${formId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Form: ${name}` })).toBeVisible();

  // The first field with the keyboard only: type, title, then Enter on the button.
  await page.getByRole('form', { name: 'Add a field' }).getByLabel('Type').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('form', { name: 'Add a field' }).getByLabel('Title')).toBeFocused();
  await page.keyboard.type('Your name');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Added the Text field “Your name”. Save to keep it.');
  await expect(page.getByRole('group', { name: '1. Your name (Text)' }).getByLabel('Title')).toBeFocused();

  await addField(page, 'Email', 'Email address');
  await addField(page, 'Drop-down list', 'Day');
  await addField(page, 'Checkboxes', 'Interested in');
  await addField(page, 'Paragraph', 'Anything else');

  const nameField = page.getByRole('group', { name: '1. Your name (Text)' });
  await nameField.getByLabel('Required').check();
  const day = page.getByRole('group', { name: '3. Day (Drop-down list)' });
  await day.getByLabel('Option 1 of Day').fill('Thursday');
  await day.getByLabel('Option 2 of Day').fill('Saturday');
  const interests = page.getByRole('group', { name: '4. Interested in (Checkboxes)' });
  await interests.getByLabel('Option 1 of Interested in').fill('Glaze');
  await interests.getByLabel('Option 2 of Interested in').fill('Wheel');
  // Anything else goes before Interested in, announced, focus kept on the moved field's button.
  await page.getByRole('button', { name: 'Move Anything else up' }).click();
  await expect(page.getByRole('status')).toHaveText('Moved “Anything else” to position 4 of 5.');
  await expect(page.getByRole('button', { name: 'Move Anything else up' })).toBeFocused();

  await page.getByLabel('Submit button text').fill('Book a visit');
  await page.getByLabel('Message after sending').fill('See you at the studio.');
  // Off the site: refused with the way to do it, and what was typed stays.
  await page.getByLabel('After sending, go to').fill('https://elsewhere.example/');
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The success redirect "https://elsewhere.example/" leaves this site: use a path of this site starting with / (like /thank-you).',
  );
  await expect(page.getByLabel('Submit button text')).toHaveValue('Book a visit');
  await page.getByLabel('After sending, go to').fill('');
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved version 2.');

  // The preview is the storefront's form, drawn from what is being edited.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByLabel('Your name')).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Book a visit' })).toBeVisible();

  // A page of its own, showing the form through the page content editor's form block.
  const created = await configCall<{ id: string }>(page, 'POST', '/api/config/pages', {
    title: `Visit ${tag}`,
    slug: `visit-${tag}`,
    type: 'page',
  });
  const layout = await configCall<{ version: number }>(
    page,
    'GET',
    `/api/config/pages/${created.id}/content`,
  );
  await configCall(page, 'PUT', `/api/config/pages/${created.id}/content`, {
    version: layout.version,
    blocks: [{ id: 'visit-form', type: 'form', formId }],
  });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/visit-${tag}`);
  const shown = visitor.locator(`.sf-form[data-form-id="${formId}"]`);
  await expect(shown.locator('form.sf-form__form')).toBeVisible();
  await shown.getByRole('button', { name: 'Book a visit' }).click();
  await expect(shown.getByText('Required')).toBeVisible();
  await shown.getByLabel('Your name').fill('Ada Lovelace');
  await shown.getByLabel('Email address').fill('ada@example.test');
  await shown.getByLabel('Day').selectOption('Saturday');
  await shown.getByLabel('Glaze').check();
  await shown.getByLabel('Anything else').fill(`Two of us ${tag}`);
  await shown.getByRole('button', { name: 'Book a visit' }).click();
  await expect(shown.locator('.sf-form__success')).toContainText('See you at the studio.');
  await visitorContext.close();

  await page.goto(`/config/forms/${formId}`);
  const submissions = page.getByRole('table', { name: 'Submissions, newest first' });
  await expect(submissions.getByRole('cell', { name: 'Your name: Ada Lovelace' })).toBeVisible();
  await submissions.getByRole('button', { name: /^Show the answers of the submission/ }).click();
  await expect(page.getByText(`Two of us ${tag}`)).toBeVisible();
});

test('the forms screens pass axe at every impact and fit a 390 px phone', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  await signInAsStaff(page, 'editor');
  await page.goto('/config/site-forms');
  const formId = `axe-${tag}`;
  const created = await configCall<{ version: number }>(page, 'POST', '/api/config/site-forms', {
    id: formId,
    name: `Axe ${tag}`,
  });
  const field = (id: string, type: string, title: string, more: object = {}) => ({
    id,
    type,
    title,
    description: '',
    required: false,
    placeholder: '',
    options: [],
    questions: [],
    subFields: [],
    key: '',
    value: '',
    countryCode: false,
    ...more,
  });
  await configCall(page, 'PUT', `/api/config/site-forms/${formId}`, {
    version: created.version,
    form: {
      name: `Axe ${tag}`,
      fields: [
        field('who', 'name', 'Who', { required: true }),
        field('where', 'address', 'Where'),
        field('pick', 'radio', 'Pick one', { options: ['A', 'B'] }),
        field('rate', 'likert', 'Rate us', { questions: ['Fast?'] }),
        field('phone', 'phone', 'Phone', { countryCode: true }),
      ],
      submitButtonText: '',
      submissionMessage: '',
      submissionHTML: '',
      successRedirect: '',
      captchaEnabled: false,
      notificationEmails: [],
    },
  });
  const screens = [
    {
      path: '/config/site-forms',
      heading: 'Forms',
      shows: page.getByRole('link', { name: `Axe ${tag}`, exact: true }),
    },
    {
      path: `/config/site-forms/${formId}`,
      heading: `Form: Axe ${tag}`,
      shows: page.getByRole('group', { name: '5. Phone (Phone)' }),
    },
  ];
  for (const { path, heading, shows } of screens) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(shows).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }
});
