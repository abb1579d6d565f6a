/**
 * Test support for checkout: a copy of the fixture site with a chosen starting stock and minimum
 * subtotal; the shopper of testing/shopper.ts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_SITE } from '../../testing/databases.ts';

export interface SiteChanges {
  /** variant id -> starting qtyInStock. */
  stock?: Record<string, number>;
  /** `storeSettings.minimumOrderSubtotal` value in the store currency ('30.00'). */
  minimum?: string;
  /** `content/commerce.json`: discount codes, shipping and tax (docs/commerce.md). */
  commerce?: unknown;
}

export function makeCheckoutSite(changes: SiteChanges = {}): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-checkout-site-'));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  const shopFile = join(dir, 'content/collections/shop.json');
  const shop = JSON.parse(readFileSync(shopFile, 'utf8')) as {
    items: { structuredContent: { variants: { id: string; qtyInStock: number }[] } }[];
  };
  for (const item of shop.items)
    for (const v of item.structuredContent.variants)
      if (changes.stock?.[v.id] !== undefined) v.qtyInStock = changes.stock[v.id] as number;
  writeFileSync(shopFile, JSON.stringify(shop, null, 2));
  if (changes.minimum !== undefined) {
    const websiteFile = join(dir, 'content/website.json');
    const website = JSON.parse(readFileSync(websiteFile, 'utf8')) as {
      websiteSettings: { storeSettings: Record<string, unknown> };
    };
    website.websiteSettings.storeSettings.minimumOrderSubtotal = { value: changes.minimum, currency: 'USD' };
    writeFileSync(websiteFile, JSON.stringify(website, null, 2));
  }
  if (changes.commerce !== undefined)
    writeFileSync(join(dir, 'content/commerce.json'), JSON.stringify(changes.commerce, null, 2));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const CUSTOMER = {
  email: 'ada@example.test',
  name: 'Ada Lovelace',
  address: { line1: '12 St James Sq', city: 'London', zip: 'SW1Y 4JH', country: 'GB' },
};

export { Shopper } from '../../testing/shopper.ts';
