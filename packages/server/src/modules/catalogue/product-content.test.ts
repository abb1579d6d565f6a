/**
 * The editor's record and the item's content JSON, each into the other (product-content.ts): what
 * the editor saves reads back the same, the content keeps the storefront's Squarespace names, and
 * a scheduled time is the site's local time.
 */
import type { ProductInput } from '@storefront/core/wire';
import { productOf } from '@storefront/core';
import { describe, expect, it } from 'vitest';
import {
  epochToLocal,
  localToEpoch,
  productContent,
  productInputOf,
  type ProductSite,
} from './product-content.ts';

const SITE: ProductSite = {
  currency: 'EUR',
  timeZone: 'Europe/Paris',
  mediaUrl: (id) => `/media/${id}.jpg`,
  now: Date.UTC(2026, 10, 28, 12, 0),
};

const INPUT: ProductInput = {
  title: 'Field Jacket',
  slug: 'field-jacket',
  descriptionHtml: '<p>Waxed cotton.</p>',
  kind: 'physical',
  options: [
    { name: 'Size', values: ['M', 'S'] },
    { name: 'Colour', values: ['Olive', 'Navy'] },
  ],
  variants: [
    {
      id: 'v1',
      sku: 'FJ-S-OLI',
      options: { Size: 'S', Colour: 'Olive' },
      price: '120.00',
      salePrice: '99.50',
      onSale: true,
      stock: 3,
      weight: 1.2,
      dimensions: { length: 40, width: 30, height: 5 },
      imageId: 'img-2',
    },
    {
      id: 'v2',
      sku: 'FJ-M-NAV',
      options: { Size: 'M', Colour: 'Navy' },
      price: '130.00',
      salePrice: '0.00',
      onSale: false,
      stock: 'unlimited',
      weight: 1.3,
      dimensions: { length: 42, width: 31, height: 5 },
      imageId: null,
    },
  ],
  images: [
    { mediaId: 'img-1', alt: 'Front', focalPoint: { x: 0.5, y: 0.3 } },
    { mediaId: 'img-2', alt: 'Back', focalPoint: { x: 0.4, y: 0.6 } },
  ],
  storePageId: 'c-shop',
  categories: ['Outerwear'],
  tags: ['waxed', 'cotton'],
  visibility: { state: 'scheduled', from: '2026-12-24T09:30' },
  seoTitle: 'Field Jacket | Shop',
  seoDescription: 'A waxed cotton jacket.',
  merchandising: {
    scarcityEnabled: true,
    scarcityShownByDefault: false,
    scarcityText: 'Only {quantity} left',
    soldOutText: 'Gone for the season',
    restockNotificationsEnabled: true,
    restockMailingListOptIn: true,
  },
  addButtonText: 'Take it',
  additionalFieldsFormId: 'form-engraving',
  digitalFileId: null,
  giftCardDenominations: [],
  subscriptionPlans: [{ interval: 'month', every: 2, price: '110.00' }],
};

describe('a product record and its content', () => {
  it('reads back what was saved, field for field', () => {
    const content = productContent(INPUT, undefined, 'p-1', SITE);
    expect(productInputOf(content, 'c-shop', SITE)).toEqual(INPUT);
  });

  it('writes the Squarespace shape the storefront renders', () => {
    const content = productContent(INPUT, undefined, 'p-1', SITE);
    expect(content.structuredContent?.variantOptionOrdering).toEqual(['Size', 'Colour']);
    expect(content.structuredContent?.variants?.[0]).toMatchObject({
      attributes: { Size: 'S', Colour: 'Olive' },
      optionValues: [
        { optionName: 'Size', value: 'S' },
        { optionName: 'Colour', value: 'Olive' },
      ],
      priceMoney: { currency: 'EUR', value: '120.00' },
      salePriceMoney: { currency: 'EUR', value: '99.50' },
      onSale: true,
      qtyInStock: 3,
      unlimited: false,
      mainImageId: 'img-2',
    });
    expect(content).toMatchObject({
      assetUrl: '/media/img-1.jpg',
      items: [
        { id: 'img-1', assetUrl: '/media/img-1.jpg', title: 'Front', mediaFocalPoint: { x: 0.5, y: 0.3 } },
        { id: 'img-2' },
      ],
      seoData: { seoTitle: 'Field Jacket | Shop' },
      merchandisingContext: { customSoldOutText: 'Gone for the season', scarcityShownByDefault: false },
    });
    const product = productOf(content);
    expect(product.isSubscribable).toBe(true);
    expect(product.options.map((o) => o.name)).toEqual(['Size', 'Colour']);
    expect(product.customAddButtonText).toBe('Take it');
  });

  it('keeps what the editor does not know, and takes out a script from the description', () => {
    const base = {
      ...productContent(INPUT, undefined, 'p-1', SITE),
      author: { displayName: 'Nell' },
      excerpt: '<p>Short</p>',
    };
    const saved = productContent(
      { ...INPUT, descriptionHtml: '<p onclick="x()">Hi<script>x()</script></p>' },
      base,
      'p-1',
      SITE,
    );
    expect(saved.author).toEqual({ displayName: 'Nell' });
    expect(saved.excerpt).toBe('<p>Short</p>');
    expect(saved.body).toBe('<p>Hi</p>');
  });

  it('reads a scheduled time in the site time zone, summer time or not', () => {
    expect(localToEpoch('2026-12-24T09:30', 'Europe/Paris')).toBe(Date.UTC(2026, 11, 24, 8, 30));
    expect(localToEpoch('2026-07-01T09:30', 'Europe/Paris')).toBe(Date.UTC(2026, 6, 1, 7, 30));
    expect(localToEpoch('2026-02-30T09:30', 'Europe/Paris')).toBeUndefined();
    expect(epochToLocal(Date.UTC(2026, 6, 1, 7, 30), 'Europe/Paris')).toBe('2026-07-01T09:30');
    const content = productContent(INPUT, undefined, 'p-1', SITE);
    expect(content.publishOn).toBe(Date.UTC(2026, 11, 24, 8, 30));
    const hidden = productContent({ ...INPUT, visibility: { state: 'hidden' } }, undefined, 'p-1', SITE);
    expect(hidden.isHidden).toBe(true);
    expect(productInputOf(hidden, 'c-shop', SITE).visibility).toEqual({ state: 'hidden' });
  });
});
