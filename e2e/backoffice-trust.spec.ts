import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, request, test, type Page } from '@playwright/test';
import { CONFIG_SCREENS } from '../packages/web/src/config/screens.ts';
import { failOnPageErrors, STAFF_PASSWORD, signInAsStaff } from './support.ts';

/**
 * A back office a merchant trusts (issue 27), on the demo site: what cannot be undone asks first (and
 * Escape keeps everything as it was), signing out works on this device and everywhere, and every
 * /config screen of the router's table (packages/web/src/config/screens.ts) fits a 390 px phone and
 * a 1,280 px laptop without scrolling sideways. Each screen's screenshot is kept under
 * test-results/backoffice-screens/ for a person to look at.
 */
failOnPageErrors();

const root = fileURLToPath(new URL('..', import.meta.url));
const SCREENSHOTS = `${root}test-results/backoffice-screens`;
const MUG = { itemId: '56dce844e3b925a1d64d47dd', sku: 'JR-MUG-MOS' }; // Speckled Stoneware Mug, Moss
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Places an order of one mug as a shopper of its own; resolves to its number. */
async function placeOrder(baseURL: string | undefined): Promise<number> {
  const shopper = await request.newContext({ baseURL });
  await shopper.get('/api/commerce/shopping-cart');
  const crumb = (await shopper.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const headers = { 'x-csrf-token': crumb };
  const added = await shopper.post('/api/commerce/shopping-cart/entries', {
    headers,
    data: { ...MUG, quantity: 1 },
  });
  expect(added.ok()).toBe(true);
  const placed = await shopper.post('/api/commerce/orders', {
    headers,
    data: {
      email: `trust-${randomUUID().slice(0, 8)}@example.test`,
      name: 'Grace Hopper',
      address: { line1: '1 Harbour Road', city: 'Arlington', zip: '22201', country: 'US' },
    },
  });
  expect(placed.ok()).toBe(true);
  const number = ((await placed.json()) as { order: { orderNumber: number } }).order.orderNumber;
  await shopper.dispose();
  return number;
}

/** The order's status as the back office's call answers it (the page's own session). */
async function statusOf(page: Page, number: number): Promise<string> {
  const answer = await page.request.get(`/api/config/orders/${number}`);
  return ((await answer.json()) as { status: string }).status;
}

/**
 * Why the page does not fit its viewport: the page scrolling sideways, and each drawn element wider
 * than the viewport or reaching past its right edge (named by tag, class and text).
 */
function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    if (scrollWidth > width) problems.push(`the page scrolls sideways: ${scrollWidth} px in ${width} px`);
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width > width + 0.5 || box.right > width + 0.5)
        problems.push(
          `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ` +
            `${Math.round(box.left)}..${Math.round(box.right)} px: ` +
            `${(element.textContent ?? '').trim().slice(0, 40)}`,
        );
    }
    return problems;
  });
}

/**
 * Buys a $25 gift card at /checkout/gift-card, so that the gift-card screens have a card to show once
 * the order is paid; answers the order's number.
 */
async function buyGiftCard(page: Page): Promise<string> {
  await page.goto('/checkout/gift-card');
  await page.getByLabel('Value').selectOption({ label: '$25.00' });
  await page.getByLabel('Email', { exact: true }).fill('giver@example.com');
  await page.getByLabel('Name').fill('Gina Giver');
  await page.getByLabel('Recipient email').fill(`friend-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmed\//);
  return (await page.locator('.sf-order__number').innerText()).replace(/\D/g, '');
}

test('every /config screen fits a 390 px phone and a 1,280 px window without sideways scrolling', async ({
  page,
  browser,
  baseURL,
}) => {
  // Every screen at two widths, on a busy machine.
  test.setTimeout(180_000);
  await placeOrder(baseURL);
  const shopper = await browser.newPage();
  const giftCardOrder = await buyGiftCard(shopper);
  await shopper.close();
  await signInAsStaff(page, 'admin');
  // A gift card exists only once its order is paid (issue 27).
  await page.goto(`/config/orders/${giftCardOrder}`);
  await page.getByRole('button', { name: 'Mark paid' }).click();
  await page
    .getByRole('dialog', { name: `Mark order #${giftCardOrder} paid?` })
    .getByRole('button', { name: `Yes, mark order #${giftCardOrder} paid` })
    .click();
  await expect(page.getByRole('status')).toHaveText('Marked paid. The customer has been mailed.');

  const problems: string[] = [];
  const look = async (name: string, width: number) => {
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/${width}-${name}.png`, fullPage: true });
    for (const problem of await overflowOf(page)) problems.push(`${width} px ${name}: ${problem}`);
  };
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const screen of CONFIG_SCREENS) {
      const name = screen.path.replace(/^\/config\/?/, '').replace(/[/:]/g, '_') || 'dashboard';
      if ('pattern' in screen) {
        // One record's screen: reached as a merchant reaches it, by a link of its list.
        await page.goto(screen.list);
        await page.waitForLoadState('networkidle');
        const href = await page
          .locator('main a')
          .evaluateAll(
            (links, source) =>
              links.map((a) => a.getAttribute('href') ?? '').find((h) => new RegExp(source).test(h)),
            screen.pattern.source,
          );
        expect(href, `a link from ${screen.list} to ${screen.path}`).toBeTruthy();
        await page.goto(href as string);
      } else {
        await page.goto(screen.path);
      }
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: /^(Not allowed|Not found)$/ })).toHaveCount(0);
      await look(name, size.width);
    }
    // The sign-in page, signed in (passkeys, authenticator app)...
    await page.goto('/config/login');
    await look('login-signed-in', size.width);
  }
  // ...and signed out, as a merchant first meets it.
  const stranger = await browser.newPage();
  for (const size of WIDTHS) {
    await stranger.setViewportSize(size);
    await stranger.goto('/config/login');
    await stranger.screenshot({ path: `${SCREENSHOTS}/${size.width}-login.png`, fullPage: true });
    for (const problem of await overflowOf(stranger)) problems.push(`${size.width} px login: ${problem}`);
  }
  await stranger.close();
  expect(problems).toEqual([]);
});

test('cancelling an order asks first; Escape or "Keep the order" keeps it, focus stays in the dialog', async ({
  page,
  baseURL,
}) => {
  const number = await placeOrder(baseURL);
  await signInAsStaff(page, 'store-manager');
  await page.goto(`/config/orders/${number}`);
  const cancel = page.getByRole('button', { name: 'Cancel order' });
  const dialog = page.getByRole('dialog', { name: `Cancel order #${number}?` });
  const keep = dialog.getByRole('button', { name: 'Keep the order' });

  await cancel.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This cannot be undone.');
  await expect(dialog).toContainText('its stock goes back on sale');
  // Focus starts on the harmless choice, and Tab never leaves the dialog.
  await expect(keep).toBeFocused();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  expect(await statusOf(page, number)).toBe('awaiting-payment');

  await cancel.click();
  await keep.click();
  await expect(dialog).toBeHidden();
  expect(await statusOf(page, number)).toBe('awaiting-payment');
  await page.reload();
  await expect(page.getByRole('heading', { name: `Order #${number}` })).not.toContainText('Cancelled');

  await cancel.click();
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Cancelled. The stock is back and the customer has been mailed.',
  );
  expect(await statusOf(page, number)).toBe('cancelled');
});

test('sign out from any screen: this device only, or everywhere after asking', async ({ page, browser }) => {
  const email = await signInAsStaff(page, 'store-manager');
  const phone = await browser.newPage();
  const signIn = async (p: Page) => {
    await p.goto('/config/login');
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill(STAFF_PASSWORD);
    await p.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(p.getByText(`Signed in as ${email}`)).toBeVisible();
  };
  await signIn(phone);
  const inBackOffice = async (p: Page) => {
    await p.goto('/config/stock');
    return new URL(p.url()).pathname === '/config/stock';
  };

  // This device: the phone stays signed in.
  await page.goto('/config/restock');
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/config\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await inBackOffice(page)).toBe(false);
  expect(await inBackOffice(phone)).toBe(true);

  // Everywhere: asked first; kept, nothing changes; confirmed, the phone is signed out too.
  await signIn(page);
  await page.goto('/config/orders');
  await banner.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(dialog).toContainText('Every device where you are signed in');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await inBackOffice(phone)).toBe(true);
  await banner.getByRole('button', { name: 'Sign out everywhere' }).click();
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/config\/login$/);
  expect(await inBackOffice(page)).toBe(false);
  expect(await inBackOffice(phone)).toBe(false);
  await phone.close();
});

test('restock: a sold-out variant cannot be sent, and its row says why', async ({ page, browser }) => {
  const visitor = await browser.newPage();
  await visitor.goto('/shop/bud-vase-trio'); // one variant, sold out
  const form = visitor.locator('.product-restock-notification:not([hidden])');
  await form
    .getByRole('textbox', { name: 'Your email' })
    .fill(`vases-${randomUUID().slice(0, 8)}@example.com`);
  await form.getByRole('button', { name: 'Notify Me' }).click();
  await expect(form.locator('.product-restock-success')).toBeVisible();
  await visitor.close();

  await signInAsStaff(page, 'store-manager');
  await page.goto('/config/restock');
  const row = page.getByRole('row').filter({ hasText: 'Bud Vase Trio' });
  await expect(row.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(row).toContainText(
    'Bud Vase Trio JR-BVT-01 is still sold out: add stock before telling anyone it is back.',
  );
  await expect(row.getByRole('button', { name: 'Send' })).toHaveAccessibleDescription(
    'Bud Vase Trio JR-BVT-01 is still sold out: add stock before telling anyone it is back.',
  );
});
