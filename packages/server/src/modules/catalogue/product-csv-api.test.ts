import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RoleCode } from '@storefront/core';
import type { Customer } from '../accounts/testing.ts';
import { makeCheckoutSite } from '../orders/testing.ts';
import { appForSuite, DATABASES, FIXTURE_SITE, type SuiteApp } from '../../testing/app.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { parseCsv } from '../../testing/csv.ts';

const API = '/api/config/products';

/** A CSV file as a spreadsheet writes it: fields quoted where they hold commas, quotes or line breaks. */
const csv = (rows: string[][]) =>
  rows
    .map((row) => row.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(','))
    .join('\r\n') + '\r\n';

const SQUARESPACE_HEADER = [
  'Product ID',
  'Variant ID',
  'Product Type',
  'Product Page',
  'Product URL',
  'Title',
  'Description',
  'SKU',
  'Option Name 1',
  'Option Value 1',
  'Option Name 2',
  'Option Value 2',
  'Option Name 3',
  'Option Value 3',
  'Price',
  'Sale Price',
  'On Sale',
  'Stock',
  'Categories',
  'Tags',
  'Weight',
  'Length',
  'Width',
  'Height',
  'Visible',
  'Hosted Image URLs',
];
const SHOPIFY_HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Status',
];

/** A row of the format's columns from the named fields (the others empty). */
const rowOf = (header: string[], fields: Record<string, string>) =>
  header.map((column) => fields[column] ?? '');
const sq = (fields: Record<string, string>) => rowOf(SQUARESPACE_HEADER, fields);
const sh = (fields: Record<string, string>) => rowOf(SHOPIFY_HEADER, fields);

const DESCRIPTION =
  '<p>A jacket for "proper" weather, waxed, lined.</p>\n<p>Second paragraph, with a comma.</p>';

/** Three options, two values each: 8 variants, the first row carrying the product. */
function squarespaceJacket(): string[][] {
  const rows: string[][] = [];
  let n = 0;
  for (const size of ['S', 'M'])
    for (const color of ['Olive, dark', 'Tan'])
      for (const fit of ['Regular', 'Tall']) {
        const first = n === 0;
        rows.push(
          sq({
            ...(first
              ? {
                  'Product Type': 'PHYSICAL',
                  'Product Page': 'shop',
                  'Product URL': 'waxed-jacket',
                  Title: 'Waxed Jacket, "Field"',
                  Description: DESCRIPTION,
                  Categories: 'Wear, Outerwear',
                  Tags: 'waxed, cotton',
                  Visible: 'Yes',
                  'Hosted Image URLs':
                    'http://storefront.test/media/jacket.jpg https://images.squarespace-cdn.com/content/jacket-2.jpg /media/jacket-3.jpg',
                }
              : {}),
            SKU: `JKT-${size}-${color.slice(0, 3).toUpperCase()}-${fit[0]}`,
            'Option Name 1': 'Size',
            'Option Value 1': size,
            'Option Name 2': 'Color',
            'Option Value 2': color,
            'Option Name 3': 'Fit',
            'Option Value 3': fit,
            Price: '120.00',
            'Sale Price': n === 1 ? '99.50' : '0.00',
            'On Sale': n === 1 ? 'Yes' : 'No',
            Stock: n === 2 ? 'Unlimited' : String(n),
            Weight: '2.5',
            Length: '20',
            Width: '15',
            Height: '3',
          }),
        );
        n++;
      }
  return rows;
}

function shopifyMug(): string[][] {
  return [
    sh({
      Handle: 'stoneware-mug',
      Title: 'Stoneware Mug',
      'Body (HTML)': '<p>Holds "12 oz",\nthrown by hand.</p>',
      Vendor: 'Juniper Row',
      Type: 'Kitchen',
      Tags: 'mug, stoneware',
      Published: 'TRUE',
      'Option1 Name': 'Glaze',
      'Option1 Value': 'Speckled',
      'Option2 Name': 'Size',
      'Option2 Value': 'Small',
      'Option3 Name': 'Handle',
      'Option3 Value': 'Left',
      'Variant SKU': 'MUG-SP-S-L',
      'Variant Grams': '350',
      'Variant Inventory Qty': '4',
      'Variant Price': '30.00',
      'Variant Compare At Price': '36.00',
      'Variant Requires Shipping': 'TRUE',
      'Variant Taxable': 'TRUE',
      'Image Src': 'http://storefront.test/media/mug.jpg',
      'Image Position': '1',
      'Image Alt Text': 'A speckled mug, side view',
      'Gift Card': 'FALSE',
      'SEO Title': 'Stoneware Mug | Juniper Row',
      'SEO Description': 'A mug, thrown by hand',
      Status: 'active',
    }),
    sh({
      Handle: 'stoneware-mug',
      'Option1 Value': 'Blue',
      'Option2 Value': 'Large',
      'Option3 Value': 'Right',
      'Variant SKU': 'MUG-BL-L-R',
      'Variant Grams': '420',
      'Variant Inventory Qty': '0',
      'Variant Price': '34.00',
      'Variant Requires Shipping': 'TRUE',
      'Variant Taxable': 'TRUE',
      'Image Src': 'https://cdn.shopify.com/s/files/mug-blue.jpg',
      'Image Position': '3',
    }),
    // An image-only row, as Shopify writes one per extra image.
    sh({
      Handle: 'stoneware-mug',
      'Image Src': '/media/mug-top.jpg',
      'Image Position': '2',
      'Image Alt Text': 'From above',
    }),
  ];
}

/** The fixture site with its shop emptied: the "empty shop" a file is imported into. */
function emptyShopSite() {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-empty-shop-'));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  const file = join(dir, 'content/collections/shop.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), items: [] }, null, 2));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

for (const database of DATABASES) {
  describe(`[${database.name}] back office: product CSV`, () => {
    const site = makeCheckoutSite();
    const empty = emptyShopSite();
    afterAll(() => {
      site.cleanup();
      empty.cleanup();
    });
    const t = appForSuite(database, { siteDir: site.dir });
    const blank = appForSuite(database, { siteDir: empty.dir });
    let made = 0;
    const staff = (app: SuiteApp, ...roles: RoleCode[]): Promise<Customer> =>
      signInNewStaff(app, `csv-staff-${database.name}-${++made}@example.test`, roles);
    const upload = (
      s: Customer,
      format: string,
      body: string,
      query = '',
      headers: Record<string, string> = {},
    ) =>
      s.request('POST', `${API}/import?format=${format}${query}`, body, {
        'content-type': 'text/csv',
        ...headers,
      });
    const items = (app: SuiteApp) =>
      app.db
        .selectFrom('items')
        .select(['id', 'url_id', 'title', 'data'])
        .where('record_type', '=', 11)
        .orderBy('id')
        .execute();
    const variantsOf = (app: SuiteApp, itemId: string) =>
      app.db
        .selectFrom('variants')
        .select([
          'id',
          'sku',
          'price_cents',
          'sale_price_cents',
          'on_sale',
          'unlimited',
          'qty_in_stock',
          'data',
        ])
        .where('item_id', '=', itemId)
        .orderBy('position')
        .execute();

    for (const format of ['squarespace', 'shopify'] as const)
      it(`round trip (${format}): the export imported into an empty shop gives the same products and the same file`, async () => {
        const s = await staff(t, 8);
        const exported = await s.request('GET', `${API}/export?format=${format}`);
        expect(exported.statusCode).toBe(200);
        expect(exported.headers['content-type']).toMatch(/^text\/csv/);
        const rows = parseCsv(exported.body);
        expect(rows[0]).toEqual(format === 'squarespace' ? SQUARESPACE_HEADER : SHOPIFY_HEADER);

        const owner = await staff(blank, 1);
        const imported = await upload(owner, format, exported.body);
        expect(imported.statusCode, imported.body).toBe(200);
        expect(imported.json()).toMatchObject({ dryRun: false, created: 7, updated: 0, notFetched: [] });
        const again = await owner.request('GET', `${API}/export?format=${format}`);
        expect(again.body).toBe(exported.body);

        const source = await items(t);
        const copied = await items(blank);
        const bySlug = new Map(copied.map((i) => [i.url_id, i]));
        for (const item of source) {
          const copy = bySlug.get(item.url_id);
          expect(copy?.title).toBe(item.title);
          const strip = (v: {
            sku: string;
            price_cents: number;
            qty_in_stock: number;
            unlimited: number;
          }) => [v.sku, Number(v.price_cents), Number(v.qty_in_stock), Number(v.unlimited)];
          expect((await variantsOf(blank, copy?.id as string)).map(strip)).toEqual(
            (await variantsOf(t, item.id)).map(strip),
          );
        }
        // Importing the same file again changes nothing.
        const repeat = await upload(owner, format, exported.body);
        expect(repeat.json()).toMatchObject({ created: 0, updated: 0, unchanged: 7 });
        await blank.db.deleteFrom('item_terms').execute();
        await blank.db.deleteFrom('variants').execute();
        await blank.db.deleteFrom('items').execute();
      });

    const FORMULA_TITLE = '=HYPERLINK("http://x")';
    const SALE_TITLE = '-50% Sale';
    const formulaFiles = {
      squarespace: csv([
        SQUARESPACE_HEADER,
        sq({
          'Product Page': 'shop',
          'Product URL': 'formula',
          Title: FORMULA_TITLE,
          Tags: '@home',
          Price: '5.00',
          Stock: '1',
        }),
        sq({
          'Product Page': 'shop',
          'Product URL': 'sale',
          Title: SALE_TITLE,
          SKU: '+SKU',
          Price: '6.00',
          Stock: '2',
        }),
      ]),
      shopify: csv([
        SHOPIFY_HEADER,
        sh({
          Handle: 'formula',
          Title: FORMULA_TITLE,
          Tags: '@home',
          'Variant Price': '5.00',
          'Variant Inventory Qty': '1',
        }),
        sh({
          Handle: 'sale',
          Title: SALE_TITLE,
          'Variant SKU': '+SKU',
          'Variant Price': '6.00',
          'Variant Inventory Qty': '2',
        }),
      ]),
    };
    for (const format of ['squarespace', 'shopify'] as const)
      it(`export (${format}): a cell starting with =, +, - or @ cannot run as a formula, and re-imports as written`, async () => {
        const owner = await staff(blank, 1);
        expect((await upload(owner, format, formulaFiles[format])).statusCode).toBe(200);
        const exported = await owner.request('GET', `${API}/export?format=${format}`);
        const rows = parseCsv(exported.body);
        const cells = (column: string) => {
          const at = (rows[0] as string[]).indexOf(column);
          return rows.slice(1).map((row) => row[at]);
        };
        expect(cells('Title')).toEqual([`'${FORMULA_TITLE}`, `'${SALE_TITLE}`]);
        expect(cells('Tags')).toEqual(["'@home", '']);
        expect(cells(format === 'squarespace' ? 'SKU' : 'Variant SKU')).toEqual(['', "'+SKU"]);

        await blank.db.deleteFrom('item_terms').execute();
        await blank.db.deleteFrom('variants').execute();
        await blank.db.deleteFrom('items').execute();
        expect((await upload(owner, format, exported.body)).statusCode).toBe(200);
        const titles = (await items(blank)).map((i) => i.title).sort();
        expect(titles).toEqual([FORMULA_TITLE, SALE_TITLE].sort());
        const formula = (await items(blank)).find((i) => i.url_id === 'formula');
        expect(JSON.parse(formula?.data as string).tags).toEqual(['@home']);
        const sale = (await items(blank)).find((i) => i.url_id === 'sale');
        expect((await variantsOf(blank, sale?.id as string)).map((v) => v.sku)).toEqual(['+SKU']);
        expect((await owner.request('GET', `${API}/export?format=${format}`)).body).toBe(exported.body);
        await blank.db.deleteFrom('item_terms').execute();
        await blank.db.deleteFrom('variants').execute();
        await blank.db.deleteFrom('items').execute();
      });

    it('imports a Squarespace file: quoted fields, a multi-line description, three options, foreign images listed', async () => {
      const s = await staff(t, 8);
      const res = await upload(s, 'squarespace', csv([SQUARESPACE_HEADER, ...squarespaceJacket()]));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        dryRun: false,
        created: 1,
        updated: 0,
        unchanged: 0,
        variants: 8,
        notFetched: [{ line: 2, url: 'https://images.squarespace-cdn.com/content/jacket-2.jpg' }],
      });
      const item = (await items(t)).find((i) => i.url_id === 'waxed-jacket');
      const json = JSON.parse(item?.data as string);
      expect(item?.title).toBe('Waxed Jacket, "Field"');
      expect(json.body).toBe(DESCRIPTION);
      expect(json.categories).toEqual(['Wear', 'Outerwear']);
      expect(json.tags).toEqual(['waxed', 'cotton']);
      expect(json.items.map((i: { assetUrl: string }) => i.assetUrl)).toEqual([
        '/media/jacket.jpg',
        '/media/jacket-3.jpg',
      ]);
      expect(json.structuredContent.variantOptionOrdering).toEqual(['Size', 'Color', 'Fit']);
      const variants = await variantsOf(t, item?.id as string);
      expect(variants).toHaveLength(8);
      expect(JSON.parse(variants[1]?.data as string)).toMatchObject({
        sku: 'JKT-S-OLI-T',
        attributes: { Size: 'S', Color: 'Olive, dark', Fit: 'Tall' },
        priceMoney: { currency: 'USD', value: '120.00' },
        salePriceMoney: { currency: 'USD', value: '99.50' },
        onSale: true,
        shippingWeight: { value: 2.5, unit: 'lb' },
        shippingSize: { unit: 'in', len: 20, width: 15, height: 3 },
      });
      expect(variants.map((v) => [Number(v.qty_in_stock), Number(v.unlimited)])).toEqual([
        [0, 0],
        [1, 0],
        [0, 1],
        [3, 0],
        [4, 0],
        [5, 0],
        [6, 0],
        [7, 0],
      ]);
      // The storefront shows it at once.
      const page = await t.app.inject({ method: 'GET', url: '/shop/waxed-jacket' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Waxed Jacket, &quot;Field&quot;');
    });

    it('a product marked Visible: No is off the storefront, and Yes brings it back', async () => {
      const s = await staff(t, 8);
      const row = (visible: string, id = '') =>
        csv([
          SQUARESPACE_HEADER,
          sq({
            'Product ID': id,
            'Product Type': 'PHYSICAL',
            'Product Page': 'shop',
            'Product URL': 'hidden-scarf',
            Title: 'Hidden Scarf',
            Visible: visible,
            SKU: 'SCARF-1',
            Price: '30.00',
            'Sale Price': '0.00',
            'On Sale': 'No',
            Stock: '4',
          }),
        ]);
      const hidden = await upload(s, 'squarespace', row('No'));
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/shop/hidden-scarf' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/shop' })).body).not.toContain('Hidden Scarf');
      const id = (await items(t)).find((i) => i.url_id === 'hidden-scarf')?.id as string;
      const shown = await upload(s, 'squarespace', row('Yes', id));
      expect(shown.statusCode, shown.body).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/shop/hidden-scarf' })).statusCode).toBe(200);
    });

    it('imports a Shopify file: quoted fields, a multi-line body, three options, a compare-at sale, image rows', async () => {
      const s = await staff(t, 1);
      const res = await upload(s, 'shopify', csv([SHOPIFY_HEADER, ...shopifyMug()]));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        created: 1,
        variants: 2,
        notFetched: [{ line: 4, url: 'https://cdn.shopify.com/s/files/mug-blue.jpg' }],
      });
      const item = (await items(t)).find((i) => i.url_id === 'stoneware-mug');
      const json = JSON.parse(item?.data as string);
      expect(json.body).toBe('<p>Holds "12 oz",\nthrown by hand.</p>');
      expect(json.categories).toEqual(['Kitchen']);
      expect(json.tags).toEqual(['mug', 'stoneware']);
      expect(json.vendor).toBe('Juniper Row');
      expect(json.seoData).toEqual({
        seoTitle: 'Stoneware Mug | Juniper Row',
        seoDescription: 'A mug, thrown by hand',
      });
      expect(json.items.map((i: { assetUrl: string; title: string }) => [i.assetUrl, i.title])).toEqual([
        ['/media/mug.jpg', 'A speckled mug, side view'],
        ['/media/mug-top.jpg', 'From above'],
      ]);
      const variants = await variantsOf(t, item?.id as string);
      expect(
        variants.map((v) => [
          v.sku,
          Number(v.price_cents),
          Number(v.sale_price_cents),
          Number(v.on_sale),
          Number(v.qty_in_stock),
        ]),
      ).toEqual([
        ['MUG-SP-S-L', 3600, 3000, 1, 4],
        ['MUG-BL-L-R', 3400, 0, 0, 0],
      ]);
      expect(JSON.parse(variants[1]?.data as string).attributes).toEqual({
        Glaze: 'Blue',
        Size: 'Large',
        Handle: 'Right',
      });
    });

    it('updates by Product ID and by Handle, the file setting stock (ledger reason import)', async () => {
      const s = await staff(t, 8);
      const bySquarespace = await upload(
        s,
        'squarespace',
        csv([
          SQUARESPACE_HEADER,
          sq({
            'Product ID': 'p-tee',
            'Variant ID': 'v-tee-s',
            Title: 'Linen Tee, washed',
            'Product Page': 'shop',
            'Product URL': 'tee',
            SKU: 'TEE-S',
            'Option Name 1': 'Size',
            'Option Value 1': 'Small',
            Price: '25.00',
            Stock: '9',
          }),
          sq({
            'Product ID': 'p-tee',
            'Variant ID': 'v-tee-m',
            SKU: 'TEE-M',
            'Option Name 1': 'Size',
            'Option Value 1': 'Medium',
            Price: '25.00',
            Stock: '1',
          }),
        ]),
      );
      expect(bySquarespace.json()).toMatchObject({ created: 0, updated: 1 });
      const tee = await t.db
        .selectFrom('items')
        .select(['title'])
        .where('id', '=', 'p-tee')
        .executeTakeFirstOrThrow();
      expect(tee.title).toBe('Linen Tee, washed');
      expect(
        (await variantsOf(t, 'p-tee')).map((v) => [v.id, Number(v.price_cents), Number(v.qty_in_stock)]),
      ).toEqual([
        ['v-tee-s', 2500, 9],
        ['v-tee-m', 2500, 1],
      ]);
      const ledger = await t.db
        .selectFrom('stock_ledger')
        .select(['variant_id', 'change', 'reason'])
        .where('reason', '=', 'import')
        .where('variant_id', '=', 'v-tee-s')
        .execute();
      expect(ledger.map((e) => [e.variant_id, Number(e.change)])).toEqual([['v-tee-s', 6]]);

      const byShopify = await upload(
        s,
        'shopify',
        csv([
          SHOPIFY_HEADER,
          sh({
            Handle: 'last-mug',
            Title: 'The Last Mug',
            'Option1 Name': 'Title',
            'Option1 Value': 'Default Title',
            'Variant SKU': 'MUG-1',
            'Variant Price': '12.00',
            'Variant Inventory Qty': '2',
            'Variant Requires Shipping': 'TRUE',
          }),
        ]),
      );
      expect(byShopify.json()).toMatchObject({ created: 0, updated: 1 });
      const mug = await t.db
        .selectFrom('items')
        .select(['title'])
        .where('id', '=', 'p-last')
        .executeTakeFirstOrThrow();
      expect(mug.title).toBe('The Last Mug');
      expect((await variantsOf(t, 'p-last')).map((v) => [v.id, Number(v.qty_in_stock)])).toEqual([
        ['v-last', 2],
      ]);
    });

    it('a file with bad rows imports nothing and lists every problem by line and column', async () => {
      const s = await staff(t, 8);
      const before = await items(t);
      const jacket = squarespaceJacket();
      const rows = [
        SQUARESPACE_HEADER,
        sq({ Title: 'Good Scarf', SKU: 'SCARF', Price: '30.00', Stock: '3' }),
        sq({ Title: 'Bad Price', SKU: 'BAD-1', Price: '$30', Stock: '3' }),
        sq({ Title: 'No Stock', Description: 'two\nlines', SKU: 'BAD-2', Price: '30.00', Stock: '' }),
        sq({
          Title: 'Odd',
          SKU: 'BAD-3',
          Price: '30.00',
          Stock: '-1',
          'On Sale': 'maybe',
          Tags: 'x'.repeat(51),
          'Product Page': 'nowhere',
        }),
        ...jacket
          .slice(0, 2)
          .map((row) =>
            row.map((f, i) => (SQUARESPACE_HEADER[i] === 'Product URL' && f ? 'other-jacket' : f)),
          ),
        sq({
          SKU: 'JKT-X',
          'Option Name 1': 'Size',
          'Option Value 1': 'S',
          'Option Name 2': 'Color',
          'Option Value 2': 'Olive, dark',
          'Option Name 3': 'Fit',
          'Option Value 3': 'Regular',
          Price: '1.00',
          Stock: '1',
        }),
      ];
      const res = await upload(s, 'squarespace', csv(rows), '&dryRun=1');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'csv-invalid',
        message: 'Nothing was imported: the file has 7 problems. Correct them and import it again.',
        problems: [
          {
            line: 3,
            column: 'Price',
            message:
              '"$30" is not a price. Write a number with a dot for decimals and no currency sign, such as 44.00.',
          },
          {
            line: 4,
            column: 'Stock',
            message:
              'Stock is empty. Give each variant its stock: a whole number of 0 or more, or Unlimited.',
          },
          {
            line: 6,
            column: 'Tags',
            message: `The tag "${'x'.repeat(51)}" is longer than 50 characters. Shorten it.`,
          },
          { line: 6, column: 'On Sale', message: '"maybe" is neither Yes nor No. Write Yes or No.' },
          {
            line: 6,
            column: 'Stock',
            message: '"-1" is not a stock level. Write a whole number of 0 or more, or Unlimited.',
          },
          {
            line: 6,
            column: 'Product Page',
            message:
              'There is no store page "nowhere". Create it first, or leave Product Page empty to use Shop.',
          },
          {
            line: 10,
            column: 'Option Value 1',
            message:
              'Another variant of this product (line 7) has the same option values (S / Olive, dark / Regular). Give each variant its own combination.',
          },
        ],
      });
      const real = await upload(s, 'squarespace', csv(rows));
      expect(real.statusCode).toBe(422);
      expect(await items(t)).toEqual(before);
    });

    it('a dry run says what would change and writes nothing', async () => {
      const s = await staff(t, 8);
      const before = await items(t);
      const res = await upload(
        s,
        'shopify',
        csv([
          SHOPIFY_HEADER,
          sh({ Handle: 'dry-run-hat', Title: 'Hat', 'Variant Price': '5.00', 'Variant Inventory Qty': '1' }),
        ]),
        '&dryRun=1',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ dryRun: true, created: 1 });
      expect(await items(t)).toEqual(before);
    });

    it('streams progress lines, then the result, when asked for NDJSON', async () => {
      const s = await staff(t, 8);
      const res = await upload(
        s,
        'shopify',
        csv([
          SHOPIFY_HEADER,
          sh({
            Handle: 'streamed-hat',
            Title: 'Streamed Hat',
            'Variant Price': '5.00',
            'Variant Inventory Qty': '1',
          }),
        ]),
        '',
        { accept: 'application/x-ndjson' },
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
      const lines = res.body
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines[0]).toEqual({ progress: { written: 0, total: 1 } });
      expect(lines.at(-2)).toEqual({ progress: { written: 1, total: 1 } });
      expect(lines.at(-1)).toMatchObject({ result: { created: 1 } });
    });

    it('refuses a wrong header, an unknown format, control characters, and staff without catalogue.edit', async () => {
      const s = await staff(t, 8);
      const noHeader = await upload(
        s,
        'shopify',
        csv([
          ['Handle', 'Title'],
          ['a', 'A'],
        ]),
      );
      expect(noHeader.statusCode).toBe(422);
      expect(noHeader.json().problems[0]).toEqual({
        line: 1,
        column: 'Body (HTML)',
        message:
          'The column "Body (HTML)" is missing from the first line. Add it, or start from a file exported from Shopify.',
      });
      expect((await upload(s, 'woocommerce', csv([SHOPIFY_HEADER]))).statusCode).toBe(400);
      const json = await s.request('POST', `${API}/import?format=shopify`, { rows: [] });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ code: 'csv-content-type', message: 'Send the file as text/csv.' });
      const nul = await upload(
        s,
        'shopify',
        csv([
          SHOPIFY_HEADER,
          sh({
            Handle: 'nul-hat',
            Title: 'Hat\u0000',
            'Variant Price': '5.00',
            'Variant Inventory Qty': '1',
          }),
        ]),
      );
      expect(nul.statusCode).toBe(422);
      expect(nul.json().problems).toEqual([
        {
          line: 2,
          column: 'Title',
          message:
            'This field holds a control character, which no product field may hold. Remove it and save the file again.',
        },
      ]);
      for (const roles of [[10], [4], [2]] as RoleCode[][]) {
        const reader = await staff(t, ...roles);
        const r = await upload(reader, 'shopify', csv([SHOPIFY_HEADER, ...shopifyMug()]));
        expect(r.statusCode).toBe(403);
        expect(r.json()).toEqual({
          code: 'account.forbidden',
          message: 'You do not have permission to do this.',
        });
        expect((await reader.request('GET', `${API}/export?format=shopify`)).statusCode).toBe(403);
      }
    });
  });
}
