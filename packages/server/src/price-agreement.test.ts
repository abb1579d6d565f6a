/**
 * Issue 28: the price a shopper pays and whether a product can be bought read the same on every
 * surface — the product page, its JSON-LD offer, the search suggestion, the cart and the order —
 * for every product type, on and off sale, with stock and without.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CUSTOMER, Shopper } from './modules/orders/testing.ts';
import { appForSuite, DATABASES, FIXTURE_SITE } from './testing/app.ts';

type Kind = 'physical' | 'digital' | 'service' | 'gift card' | 'subscription';

interface Row {
  kind: Kind;
  /** The content's sale flag (a gift card's is ignored: gift cards are never on sale). */
  onSale: boolean;
  /** The content's stock is 0 (digital products and gift cards are never sold out). */
  noStock: boolean;
  /** What the shopper pays for one, as the page shows it. */
  pays: string;
  buyable: boolean;
}

const TYPE: Record<Kind, number> = { physical: 1, digital: 2, service: 3, 'gift card': 4, subscription: 1 };

const ROWS: Row[] = [
  { kind: 'physical', onSale: false, noStock: false, pays: '18.00', buyable: true },
  { kind: 'physical', onSale: true, noStock: false, pays: '12.00', buyable: true },
  { kind: 'physical', onSale: false, noStock: true, pays: '18.00', buyable: false },
  { kind: 'physical', onSale: true, noStock: true, pays: '12.00', buyable: false },
  { kind: 'digital', onSale: false, noStock: false, pays: '18.00', buyable: true },
  { kind: 'digital', onSale: true, noStock: false, pays: '12.00', buyable: true },
  { kind: 'digital', onSale: false, noStock: true, pays: '18.00', buyable: true },
  { kind: 'digital', onSale: true, noStock: true, pays: '12.00', buyable: true },
  { kind: 'service', onSale: false, noStock: false, pays: '18.00', buyable: true },
  { kind: 'service', onSale: true, noStock: false, pays: '12.00', buyable: true },
  { kind: 'service', onSale: false, noStock: true, pays: '18.00', buyable: false },
  { kind: 'service', onSale: true, noStock: true, pays: '12.00', buyable: false },
  { kind: 'gift card', onSale: false, noStock: false, pays: '18.00', buyable: true },
  { kind: 'gift card', onSale: true, noStock: false, pays: '18.00', buyable: true },
  { kind: 'gift card', onSale: false, noStock: true, pays: '18.00', buyable: true },
  { kind: 'gift card', onSale: true, noStock: true, pays: '18.00', buyable: true },
  { kind: 'subscription', onSale: false, noStock: false, pays: '18.00', buyable: true },
  { kind: 'subscription', onSale: true, noStock: false, pays: '12.00', buyable: true },
  { kind: 'subscription', onSale: false, noStock: true, pays: '18.00', buyable: false },
  { kind: 'subscription', onSale: true, noStock: true, pays: '12.00', buyable: false },
];

/** A word only this row's product has, to search for it. */
const WORDS =
  'aardvark bison cheetah dingo emu ferret gazelle hyena ibex jackal koala lemur marmot narwhal ocelot puffin quokka raccoon stoat tapir'.split(
    ' ',
  );
const codeOf = (index: number) => WORDS[index] ?? '';
const idOf = (index: number) => `p-agree-${index}`;
const money = (value: string) => ({ currency: 'USD', value });

/**
 * A digital product's price lives on the product; its variant keeps an older price and no sale
 * flag, as the content exported from the reference does: the rules must read the product's.
 */
function productItem(row: Row, index: number) {
  const digital = row.kind === 'digital';
  const variant = {
    id: `v-agree-${index}`,
    sku: `AGREE-${index}`,
    attributes: {},
    optionValues: [],
    priceMoney: money('18.00'),
    salePriceMoney: money('12.00'),
    onSale: digital ? false : row.onSale,
    qtyInStock: row.noStock ? 0 : 5,
    unlimited: false,
  };
  return {
    id: idOf(index),
    urlId: `agree-${index}`,
    title: `Agreement ${codeOf(index)}`,
    recordType: 11,
    body: `<p>${row.kind}</p>`,
    excerpt: '',
    items: [],
    tags: [],
    categories: [],
    starred: false,
    addedOn: 1700000000000,
    structuredContent: {
      productType: TYPE[row.kind],
      variants: [
        digital ? { ...variant, priceMoney: money('9.00'), salePriceMoney: money('0.00') } : variant,
      ],
      variantOptionOrdering: [],
      isSubscribable: row.kind === 'subscription',
      ...(row.kind === 'subscription'
        ? {
            subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
            productSubscriptionOptions: [
              {
                id: `sub-agree-${index}`,
                subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
              },
            ],
          }
        : {}),
      ...(digital ? { priceMoney: money('18.00'), salePriceMoney: money('12.00'), onSale: row.onSale } : {}),
      useCustomAddButtonText: false,
      customAddButtonText: '',
    },
  };
}

function agreementSite(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-agreement-site-'));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  const shopFile = join(dir, 'content/collections/shop.json');
  const shop = JSON.parse(readFileSync(shopFile, 'utf8')) as { items: unknown[] };
  shop.items = ROWS.map(productItem);
  writeFileSync(shopFile, JSON.stringify(shop, null, 2));
  // The product page shows what the price and status helpers say, as a site's template does.
  writeFileSync(
    join(dir, 'template/collections/products.item'),
    '{.section item}<article class="product-detail">{@|product-price}{@|product-status}</article>{.end}\n',
  );
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The amounts a product page's price shows, in its order (a sale line before the normal one). */
const pagePrices = (html: string): string[] => {
  const block = /<div class="product-price">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
  return [...block.matchAll(/(\d+\.\d\d)/g)].map((m) => m[1] ?? '');
};

interface Offer {
  price: string;
  priceCurrency: string;
  availability: string;
}

const productOffers = (html: string): Offer[] => {
  for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const data = JSON.parse(m[1] ?? 'null') as { '@type'?: string; offers?: Offer[] };
    if (data['@type'] === 'Product') return data.offers ?? [];
  }
  return [];
};

describe.each(DATABASES)('price and availability agree on $name', (database) => {
  const site = agreementSite();
  const t = appForSuite(database, { siteDir: site.dir });
  afterAll(() => site.cleanup());

  it('a list sorted by price orders the products by what each costs a shopper', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/shop?sort=price-asc' });
    expect(list.statusCode).toBe(200);
    const listed = [...list.body.matchAll(/data-item-id="p-agree-(\d+)"/g)].map((m) => Number(m[1]));
    expect(listed).toHaveLength(ROWS.length);
    const paid = listed.map((index) => ROWS[index]?.pays);
    expect(paid).toEqual([...paid].sort());
  });

  it.each(ROWS.map((row, index) => ({ ...row, index })))(
    '$kind, on sale $onSale, no stock $noStock: pays $pays, buyable $buyable',
    async (row) => {
      const { index } = row;
      const sku = `AGREE-${index}`;
      const cents = Math.round(Number(row.pays) * 100);

      const page = await t.app.inject({ method: 'GET', url: `/shop/agree-${index}` });
      expect(page.statusCode).toBe(200);
      const shown = pagePrices(page.body);
      expect(shown[0], 'the price the page shows first').toBe(row.pays);
      expect(page.body.includes('product-mark sold-out'), 'the page says sold out').toBe(!row.buyable);

      expect(productOffers(page.body), 'JSON-LD offer').toEqual([
        expect.objectContaining({
          price: row.pays,
          priceCurrency: 'USD',
          availability: `https://schema.org/${row.buyable ? 'InStock' : 'OutOfStock'}`,
        }),
      ]);

      const suggest = await t.app.inject({ method: 'GET', url: `/api/search/suggest?q=${codeOf(index)}` });
      expect(suggest.statusCode).toBe(200);
      const results = (
        suggest.json() as { groups: { results: { url: string; price: string | null }[] }[] }
      ).groups
        .flatMap((g) => g.results)
        .filter((r) => r.url === `/shop/agree-${index}`);
      expect(results, 'search suggestion').toEqual([
        expect.objectContaining({ url: `/shop/agree-${index}`, price: `$${row.pays}` }),
      ]);

      const shopper = new Shopper(t);
      await shopper.start();
      let cartToken: string | undefined;
      if (row.kind === 'subscription') {
        const cart = await shopper.request('POST', '/api/3/commerce/cart/subscription', {
          itemId: idOf(index),
          sku,
          qty: 1,
        });
        expect(cart.statusCode, cart.body).toBe(row.buyable ? 200 : 400);
        cartToken = row.buyable ? (cart.json() as { cartToken: string }).cartToken : undefined;
        if (cartToken) {
          const held = await t.app.inject({
            method: 'GET',
            url: '/api/commerce/shopping-cart',
            headers: { cookie: `CART=${cartToken}` },
          });
          expect(held.json().entries, 'subscription cart').toEqual([
            expect.objectContaining({ itemId: idOf(index), unitPriceCents: cents }),
          ]);
        }
      } else {
        const added = await shopper.add({ itemId: idOf(index), sku, quantity: 1 });
        expect(added.statusCode, added.body).toBe(row.buyable ? 200 : 400);
        if (!row.buyable) expect(added.json().code).toBe('cart.add.not-enough-stock');
        if (row.buyable)
          expect((await shopper.cart()).entries, 'cart').toEqual([
            expect.objectContaining({ itemId: idOf(index), unitPriceCents: cents }),
          ]);
      }

      if (!row.buyable) {
        const refused = await shopper.order({ ...CUSTOMER, item: { itemId: idOf(index), sku, quantity: 1 } });
        expect(refused.statusCode, refused.body).toBe(409);
        return;
      }
      const ordered = await shopper.order(cartToken ? { ...CUSTOMER, cartToken } : CUSTOMER);
      expect(ordered.statusCode, ordered.body).toBe(200);
      expect(ordered.json().order.lines, 'order').toEqual([
        expect.objectContaining({ itemId: idOf(index), unitPriceCents: cents }),
      ]);
    },
  );
});
