/**
 * Site search (issue 18) in Chromium: the header's predictive search used by keyboard alone, the
 * /search page without JavaScript, and axe on both.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { failOnPageErrors, seriousAxeViolations } from './support.ts';

failOnPageErrors();

test('predictive search by keyboard alone: type, arrows, Enter opens the result; Escape closes', async ({
  page,
}) => {
  const suggestCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/search/suggest')) suggestCalls.push(r.url());
  });
  await page.goto('/journal');
  // No search code before the form is used.
  const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect((await scripts()).some((name) => name.includes('storefront-search'))).toBe(false);

  // Keyboard only: Tab from the skip link through the header until the search box has the focus.
  const input = page.locator('#site-search-q');
  for (let i = 0; i < 20 && !(await input.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('role', 'combobox');
  await page.keyboard.type('mug', { delay: 30 });
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(listbox).toBeVisible();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  // Debounced: one request for the word typed quickly ("mu" alone would ask too).
  expect(suggestCalls).toHaveLength(1);
  await expect(page.locator('.sf-suggest__status')).toHaveText(/^\d+ results?, use the up and down arrows/);
  const mug = listbox.getByRole('option', { name: /Speckled Stoneware Mug/ });
  await expect(mug).toBeVisible();

  await page.keyboard.press('ArrowDown');
  const first = listbox.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await expect(input).toBeFocused();

  expect(
    (
      await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .include('.site-search')
        .analyze()
    ).violations.map((v) => v.id),
  ).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(input).not.toHaveAttribute('aria-activedescendant');

  // Arrows open it again; move down to the mug and open it with Enter.
  await page.keyboard.press('ArrowDown');
  await expect(listbox).toBeVisible();
  const options = listbox.getByRole('option');
  const mugIndex = (await options.allInnerTexts()).findIndex((t) => t.includes('Speckled Stoneware Mug'));
  expect(mugIndex).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < mugIndex; i++) await page.keyboard.press('ArrowDown');
  await expect(mug).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shop\/speckled-stoneware-mug$/);
});

test('Enter with no option chosen submits the search: the /search page, axe clean', async ({ page }) => {
  await page.goto('/');
  await page.locator('#site-search-q').focus();
  await page.keyboard.type('linen');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=linen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page.locator('.sf-search__result').first()).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto('/search?q=zzyzxqwv');
  await expect(page.getByText('No results for “zzyzxqwv”')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header search is a plain form to /search', async ({ page }) => {
    await page.goto('/about');
    await page.locator('#site-search-q').fill('detergent');
    await page.locator('#site-search-q').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=detergent$/);
    await expect(page.locator('.sf-search__result h2')).toHaveText([
      'How we wash (and don’t iron) our linen',
    ]);
    await expect(page.locator('.sf-search__result mark').first()).toHaveText('detergent');
  });
});
