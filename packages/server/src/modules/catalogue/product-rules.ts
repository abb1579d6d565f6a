/**
 * What a product must be before it is saved (issue 30, spec §5 and §9), the editor's input schema,
 * and what changed between two saves in words staff read in the revision list.
 */
import type { ProductInput, ProductVariantInput } from '@storefront/core/wire';
import { compareDecimal, decimalToMinor, message, type MessageCode } from '@storefront/core';
import { z } from 'zod';
import { apiError } from '../../platform/http/errors.ts';
import { localToEpoch } from './product-content.ts';

/** Spec §9: items in a user-orderable collection, and Squarespace's variants per product. */
export const MAX_VARIANTS = 250;
/** Spec §9 content limits. */
export const MAX_TAG_LENGTH = 50;
export const MAX_CATEGORY_LENGTH = 25;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const text = (max: number) => z.string().max(max);
const decimal = z.string().trim().max(30);
const measure = z.number().min(0).max(1_000_000);

const variantInput = z
  .object({
    id: z.string().min(1).max(100).optional(),
    sku: z.string().trim().max(200),
    options: z.record(z.string().max(200), z.string().max(200)),
    price: decimal,
    salePrice: decimal,
    onSale: z.boolean(),
    stock: z.union([z.number().int().min(0).max(1_000_000_000), z.literal('unlimited')]),
    stockSeen: z.union([z.number().int().min(0).max(1_000_000_000), z.literal('unlimited')]).optional(),
    weight: measure,
    dimensions: z.object({ length: measure, width: measure, height: measure }).strict(),
    imageId: z.string().min(1).max(200).nullable(),
  })
  .strict();

export const productInput = z
  .object({
    title: z.string().trim().min(1).max(500),
    slug: z.string().trim().min(1).max(200),
    descriptionHtml: text(200_000),
    kind: z.enum(['physical', 'digital', 'service', 'gift-card']),
    options: z
      .array(
        z
          .object({
            name: z.string().trim().min(1).max(100),
            values: z.array(z.string().trim().min(1).max(200)).max(10_000),
          })
          .strict(),
      )
      .max(6),
    // The limit is checked below, with the catalogue's message naming the count.
    variants: z.array(variantInput).max(10_000),
    images: z
      .array(
        z
          .object({
            mediaId: z.string().min(1).max(200),
            alt: text(1000),
            focalPoint: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).strict(),
          })
          .strict(),
      )
      .max(100),
    storePageId: z.string().min(1).max(100),
    categories: z.array(z.string().trim().min(1).max(1000)).max(1000),
    tags: z.array(z.string().trim().min(1).max(1000)).max(1000),
    visibility: z.discriminatedUnion('state', [
      z.object({ state: z.literal('visible') }).strict(),
      z.object({ state: z.literal('hidden') }).strict(),
      z.object({ state: z.literal('scheduled'), from: z.string().max(40) }).strict(),
    ]),
    seoTitle: text(500),
    seoDescription: text(2000),
    merchandising: z
      .object({
        scarcityEnabled: z.boolean(),
        scarcityShownByDefault: z.boolean(),
        scarcityText: text(500),
        soldOutText: text(500),
        restockNotificationsEnabled: z.boolean(),
        restockMailingListOptIn: z.boolean(),
      })
      .strict(),
    addButtonText: text(100),
    additionalFieldsFormId: z.string().min(1).max(200).nullable(),
    digitalFileId: z.string().min(1).max(200).nullable(),
    giftCardDenominations: z.array(decimal).max(50),
    subscriptionPlans: z
      .array(
        z
          .object({
            interval: z.enum(['week', 'month', 'year']),
            every: z.number().int().min(1).max(52),
            price: decimal,
          })
          .strict(),
      )
      .max(10),
  })
  .strict();

/** A variant as staff name it: its SKU, else its option values ("M / Oat"), else its place. */
export function variantName(
  variant: ProductVariantInput,
  optionNames: readonly string[],
  index: number,
): string {
  if (variant.sku) return variant.sku;
  const values = optionNames.map((n) => variant.options[n] ?? '').filter((v) => v !== '');
  return values.length ? values.join(' / ') : `#${index + 1}`;
}

/** Refuses what the spec and the storefront cannot take; the first problem, in the catalogue's words. */
export function checkProduct(input: ProductInput, currency: string, timeZone: string): void {
  for (const tag of input.tags)
    if (tag.length > MAX_TAG_LENGTH)
      throw apiError('catalogue.tag-too-long', { params: { tag }, extra: { field: 'tags' } });
  for (const category of input.categories)
    if (category.length > MAX_CATEGORY_LENGTH)
      throw apiError('catalogue.category-too-long', { params: { category }, extra: { field: 'categories' } });
  if (!SLUG.test(input.slug))
    throw apiError('catalogue.slug-invalid', { params: { slug: input.slug }, extra: { field: 'slug' } });
  if (input.visibility.state === 'scheduled' && localToEpoch(input.visibility.from, timeZone) === undefined)
    throw apiError('catalogue.schedule-invalid', {
      params: { from: input.visibility.from },
      extra: { field: 'visibility' },
    });
  if (input.subscriptionPlans.length > 0 && input.kind !== 'physical' && input.kind !== 'service')
    throw apiError('catalogue.subscription-not-allowed', { extra: { field: 'subscriptionPlans' } });
  checkVariants(input, currency);
}

function checkVariants(input: ProductInput, currency: string): void {
  const field = { extra: { field: 'variants' } };
  if (input.variants.length === 0) throw apiError('catalogue.no-variants', field);
  if (input.variants.length > MAX_VARIANTS)
    throw apiError('catalogue.too-many-variants', {
      params: { max: MAX_VARIANTS, count: input.variants.length },
      ...field,
    });
  const names = input.options.map((o) => o.name);
  const duplicateOption = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicateOption !== undefined)
    throw apiError('catalogue.option-duplicate', {
      params: { option: duplicateOption },
      extra: { field: 'options' },
    });
  const imageIds = new Set(input.images.map((i) => i.mediaId));
  const combinations = new Map<string, string>();
  const skus = new Set<string>();
  for (const [index, variant] of input.variants.entries()) {
    const name = variantName(variant, names, index);
    const given = Object.keys(variant.options);
    if (given.length !== names.length || !names.every((n) => typeof variant.options[n] === 'string'))
      throw apiError('catalogue.variant-options', {
        params: { variant: name, options: names.join(', ') || '-' },
        ...field,
      });
    for (const option of input.options) {
      const value = variant.options[option.name] as string;
      if (!option.values.includes(value))
        throw apiError('catalogue.variant-option-value', {
          params: { variant: name, value, option: option.name },
          ...field,
        });
    }
    const combination = JSON.stringify(names.map((n) => variant.options[n]));
    const earlier = combinations.get(combination);
    if (earlier !== undefined)
      throw apiError('catalogue.variant-duplicate', { params: { first: earlier, second: name }, ...field });
    combinations.set(combination, name);
    if (variant.sku !== '') {
      if (skus.has(variant.sku))
        throw apiError('catalogue.sku-duplicate', { params: { sku: variant.sku }, ...field });
      skus.add(variant.sku);
    }
    for (const price of [variant.price, variant.salePrice]) {
      const minor = decimalToMinor(price, currency);
      const digits = price.split('.')[1]?.length ?? 0;
      const exact = minor.ok && minor.value >= 0 && digits <= minorDigits(currency);
      if (!exact)
        throw apiError('catalogue.price-invalid', { params: { variant: name, price, currency }, ...field });
    }
    if (variant.onSale && compareDecimal(variant.salePrice, variant.price) >= 0)
      throw apiError('catalogue.sale-price-not-below', { params: { variant: name }, ...field });
    if (variant.imageId !== null && !imageIds.has(variant.imageId))
      throw apiError('catalogue.variant-image-unknown', { params: { variant: name }, ...field });
  }
}

const minorDigits = (currency: string): number => {
  const one = decimalToMinor('1', currency);
  return one.ok ? Math.round(Math.log10(one.value)) : 2;
};

/** A change's words, from the catalogue (the revision list shows them as they were when saved). */
const said = (code: MessageCode, params?: Record<string, string | number>) => message(code, params);

/** What changed from `before` to `after`, field by field, in readable words. */
export function productChanges(before: ProductInput | undefined, after: ProductInput): string[] {
  if (!before) return [said('catalogue.change-created')];
  const changes: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const fields: [keyof ProductInput, MessageCode][] = [
    ['title', 'catalogue.change-title'],
    ['slug', 'catalogue.change-slug'],
    ['descriptionHtml', 'catalogue.change-description'],
    ['kind', 'catalogue.change-kind'],
    ['options', 'catalogue.change-options'],
    ['images', 'catalogue.change-images'],
    ['storePageId', 'catalogue.change-store-page'],
    ['categories', 'catalogue.change-categories'],
    ['tags', 'catalogue.change-tags'],
    ['visibility', 'catalogue.change-visibility'],
    ['seoTitle', 'catalogue.change-seo-title'],
    ['seoDescription', 'catalogue.change-seo-description'],
    ['merchandising', 'catalogue.change-merchandising'],
    ['addButtonText', 'catalogue.change-add-button'],
    ['additionalFieldsFormId', 'catalogue.change-additional-fields'],
    ['digitalFileId', 'catalogue.change-digital-file'],
    ['giftCardDenominations', 'catalogue.change-denominations'],
    ['subscriptionPlans', 'catalogue.change-subscriptions'],
  ];
  for (const [field, code] of fields) if (!same(before[field], after[field])) changes.push(said(code));
  const names = after.options.map((o) => o.name);
  const beforeNames = before.options.map((o) => o.name);
  const old = new Map(before.variants.map((v, i) => [v.id, { v, name: variantName(v, beforeNames, i) }]));
  for (const [index, variant] of after.variants.entries()) {
    const name = variantName(variant, names, index);
    const was = variant.id === undefined ? undefined : old.get(variant.id)?.v;
    if (!was) {
      changes.push(said('catalogue.change-variant-added', { variant: name }));
      continue;
    }
    if (variant.id !== undefined) old.delete(variant.id);
    const variantFields: [keyof ProductVariantInput, MessageCode][] = [
      ['price', 'catalogue.change-variant-price'],
      ['salePrice', 'catalogue.change-variant-sale-price'],
      ['onSale', 'catalogue.change-variant-on-sale'],
      ['stock', 'catalogue.change-variant-stock'],
      ['sku', 'catalogue.change-variant-sku'],
      ['options', 'catalogue.change-variant-options'],
      ['weight', 'catalogue.change-variant-shipping'],
      ['dimensions', 'catalogue.change-variant-shipping'],
      ['imageId', 'catalogue.change-variant-image'],
    ];
    const seen = new Set<string>();
    for (const [field, code] of variantFields)
      if (!same(was[field], variant[field]) && !seen.has(code)) {
        seen.add(code);
        changes.push(said(code, { variant: name }));
      }
  }
  for (const { name } of old.values())
    changes.push(said('catalogue.change-variant-removed', { variant: name }));
  return changes;
}
