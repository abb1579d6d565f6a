/**
 * The product editor's rules that need no screen: the variant grid generated from the options (and
 * what survives an option's change), the slug made from the title, and the checks the form runs
 * before it sends anything. Plain functions over the wire types, so the tests can call them alone.
 */
import { message } from '@storefront/core/messages';
import { usableOptions, withVariantSkus } from '@storefront/core/product-editing';

export { skuOf, slugOf, usableOptions } from '@storefront/core/product-editing';
import type { ProductInput, ProductOption, ProductRecord, ProductVariantInput } from '@storefront/core/wire';

/** Squarespace's limit, which the server enforces too. */
export const MAX_VARIANTS = 250;
/** Spec §9 content limits. */
export const TAG_MAX_LENGTH = 50;
export const CATEGORY_MAX_LENGTH = 25;

/** How many variants the options make. */
export const variantCountOf = (options: readonly ProductOption[]): number =>
  usableOptions(options).reduce((count, option) => count * option.values.length, 1);

function combinationsOf(options: readonly ProductOption[]): Record<string, string>[] {
  let combinations: Record<string, string>[] = [{}];
  for (const option of options)
    combinations = combinations.flatMap((partial) =>
      option.values.map((value) => ({ ...partial, [option.name]: value })),
    );
  return combinations;
}

/** A variant's name in the grid and in messages: "M / Oat", or "Default" for a product without options. */
export function variantLabel(options: readonly ProductOption[], variant: ProductVariantInput): string {
  const values = usableOptions(options).map((o) => variant.options[o.name] ?? '');
  return values.length ? values.join(' / ') : 'Default';
}

export function blankVariant(): ProductVariantInput {
  return {
    sku: '',
    options: {},
    price: '',
    salePrice: '',
    onSale: false,
    stock: 0,
    weight: 0,
    dimensions: { length: 0, width: 0, height: 0 },
    imageId: null,
  };
}

/**
 * The grid for `options`: one variant per combination of values, in the options' order. A variant the
 * merchant already filled in keeps its id, SKU, prices and stock when its combination remains, and
 * when an option is added it carries over to the first combination that agrees with it; a new
 * combination starts from the first variant's price, weight and size. Undefined when the options make
 * more than MAX_VARIANTS.
 */
export function generateVariants(
  options: readonly ProductOption[],
  current: readonly ProductVariantInput[],
): ProductVariantInput[] | undefined {
  const usable = usableOptions(options);
  if (variantCountOf(usable) > MAX_VARIANTS) return undefined;
  const template = current[0] ?? blankVariant();
  const unused = [...current];
  const take = (matches: (v: ProductVariantInput) => boolean) => {
    const index = unused.findIndex(matches);
    return index < 0 ? undefined : unused.splice(index, 1)[0];
  };
  const combinations = combinationsOf(usable);
  const exact = combinations.map((combination) =>
    take((v) => usable.every((o) => v.options[o.name] === combination[o.name])),
  );
  return combinations.map((combination, index) => {
    const kept =
      exact[index] ??
      take((v) => usable.every((o) => !(o.name in v.options) || v.options[o.name] === combination[o.name]));
    if (kept) return { ...kept, options: combination };
    return {
      ...blankVariant(),
      price: template.price,
      weight: template.weight,
      dimensions: { ...template.dimensions },
      stock: template.stock === 'unlimited' ? 'unlimited' : 0,
      options: combination,
    };
  });
}

/** The option a gift card's amounts are the values of (as the demo's gift card and Squarespace name it). */
export const GIFT_CARD_OPTION = 'Value';

/**
 * A gift card is sold at its amounts: the storefront's picker and the gift-card checkout offer its
 * variants, so each amount is a variant of the Value option at that price, never out of stock. An
 * amount kept from before keeps its variant (and its id); amounts not yet valid leave the grid as is.
 */
export function withDenominations(input: ProductInput, denominations: string[]): ProductInput {
  const amounts = [...new Set(denominations.filter((amount) => PRICE.test(amount)))];
  if (input.kind !== 'gift-card' || amounts.length === 0)
    return { ...input, giftCardDenominations: denominations };
  const options = [{ name: GIFT_CARD_OPTION, values: amounts }];
  const variants = (generateVariants(options, input.variants) ?? input.variants).map((variant) => ({
    ...variant,
    price: variant.options[GIFT_CARD_OPTION] ?? variant.price,
    onSale: false,
    stock: 'unlimited' as const,
  }));
  return { ...input, giftCardDenominations: denominations, options, variants };
}

/** Renames an option everywhere it is used: the option itself and each variant's value under it. */
export function renameOption(input: ProductInput, index: number, name: string): ProductInput {
  const before = input.options[index]?.name;
  if (before === undefined) return input;
  return {
    ...input,
    options: input.options.map((o, i) => (i === index ? { ...o, name } : o)),
    variants: input.variants.map((v) => {
      if (!(before in v.options)) return v;
      const { [before]: value = '', ...rest } = v.options;
      return { ...v, options: { ...rest, [name]: value } };
    }),
  };
}

/** The values typed as "S, M, L": trimmed, empty and repeated ones dropped. */
export const valuesOf = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PRICE = /^\d{1,9}(?:\.\d{1,3})?$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Field id -> the problem shown under it. Ids are the controls' ids, so focus can go to the first. */
export type FieldProblems = Record<string, string>;

/** The ids the form gives its controls (and that FieldProblems name). */
export const fieldIds = {
  title: 'product-title',
  slug: 'product-slug',
  description: 'product-description',
  options: 'product-options',
  variants: 'product-variants',
  optionName: (i: number) => `option-${i}-name`,
  optionValues: (i: number) => `option-${i}-values`,
  variantSku: (i: number) => `variant-${i}-sku`,
  variantPrice: (i: number) => `variant-${i}-price`,
  variantSalePrice: (i: number) => `variant-${i}-sale-price`,
  variantStock: (i: number) => `variant-${i}-stock`,
  storePage: 'product-store-page',
  categories: 'product-categories',
  tags: 'product-tags',
  scheduledFrom: 'product-visible-from',
  denominations: 'product-denominations',
  digitalFile: 'product-digital-file',
  planPrice: (i: number) => `plan-${i}-price`,
} as const;

export function slugProblem(slug: string): string | undefined {
  if (!slug) return 'Enter the URL slug.';
  if (!SLUG.test(slug))
    return 'Use lowercase letters, digits and single hyphens between them, like linen-camp-shirt.';
  return slug.length > 100 ? 'The URL slug is at most 100 characters.' : undefined;
}

/** The server's own words (core's catalogue), so the field says the same before and after a save. */
export const tagProblem = (tags: readonly string[]): string | undefined => {
  const long = tags.find((t) => t.length > TAG_MAX_LENGTH);
  return long === undefined ? undefined : message('catalogue.tag-too-long', { tag: long });
};

/** What the spec's editor hints call a term ("This {tagType} already exists"). */
export type TagType = 'tag' | 'category';

/**
 * Tags and categories are compared without case: "Linen" and "linen" would file a product twice
 * under what a shopper reads as one word (the spec does not say; the server's category check agrees).
 */
export const sameTerm = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
export const termExists = (terms: readonly string[], term: string) => terms.some((t) => sameTerm(t, term));
export const termExistsMessage = (tagType: TagType) => message('catalogue.category-exists', { tagType });
export const oneEditMessage = (tagType: TagType) => message('catalogue.term-editing', { tagType });

export const categoryProblem = (categories: readonly string[]): string | undefined => {
  const long = categories.find((c) => c.length > CATEGORY_MAX_LENGTH);
  return long === undefined ? undefined : message('catalogue.category-too-long', { category: long });
};

/** Everything the form can tell before the server does; empty when the product may be sent. */
export function problemsOf(input: ProductInput): FieldProblems {
  const problems: FieldProblems = {};
  if (!input.title.trim()) problems[fieldIds.title] = 'Enter the title.';
  const slug = slugProblem(input.slug);
  if (slug) problems[fieldIds.slug] = slug;
  input.options.forEach((option, i) => {
    if (!option.name.trim() && option.values.length)
      problems[fieldIds.optionName(i)] = 'Name this option, or remove it.';
    if (option.name.trim() && !option.values.length)
      problems[fieldIds.optionValues(i)] = `Enter at least one value for ${option.name}.`;
    if (
      input.options.some(
        (other, j) => j < i && other.name.trim() === option.name.trim() && option.name.trim(),
      )
    )
      problems[fieldIds.optionName(i)] = `There is already an option named ${option.name}.`;
  });
  const count = variantCountOf(input.options);
  if (count > MAX_VARIANTS)
    problems[fieldIds.options] =
      `These options make ${count} variants: a product has at most ${MAX_VARIANTS}.`;
  input.variants.forEach((variant, i) => {
    const name = variantLabel(input.options, variant);
    if (!PRICE.test(variant.price))
      problems[fieldIds.variantPrice(i)] = `Enter the price of ${name}, like 44.00.`;
    if ((variant.onSale || variant.salePrice !== '') && !PRICE.test(variant.salePrice))
      problems[fieldIds.variantSalePrice(i)] = `Enter the sale price of ${name}, like 39.00.`;
    else if (variant.onSale && Number(variant.salePrice) >= Number(variant.price))
      problems[fieldIds.variantSalePrice(i)] = `The sale price of ${name} must be below its price.`;
    if (variant.stock !== 'unlimited' && !(Number.isInteger(variant.stock) && variant.stock >= 0))
      problems[fieldIds.variantStock(i)] =
        `Enter the stock of ${name} as a whole number, or mark it unlimited.`;
  });
  if (!input.storePageId) problems[fieldIds.storePage] = 'Choose the store page the product is on.';
  const category = categoryProblem(input.categories);
  if (category) problems[fieldIds.categories] = category;
  const tag = tagProblem(input.tags);
  if (tag) problems[fieldIds.tags] = tag;
  if (input.visibility.state === 'scheduled' && !LOCAL_DATE_TIME.test(input.visibility.from))
    problems[fieldIds.scheduledFrom] = 'Enter the date and time the product becomes visible.';
  if (input.kind === 'gift-card' && !input.giftCardDenominations.some((d) => PRICE.test(d)))
    problems[fieldIds.denominations] = 'Enter at least one amount for the gift card, like 25.00.';
  else if (input.kind === 'gift-card' && input.giftCardDenominations.some((d) => !PRICE.test(d)))
    problems[fieldIds.denominations] = 'Enter each amount like 25.00, separated by commas.';
  if (input.kind === 'digital' && !input.digitalFileId)
    problems[fieldIds.digitalFile] = 'Upload the file the buyer downloads after paying.';
  if (input.kind === 'physical' || input.kind === 'service')
    input.subscriptionPlans.forEach((plan, i) => {
      if (!PRICE.test(plan.price)) problems[fieldIds.planPrice(i)] = 'Enter the plan price, like 20.00.';
    });
  return problems;
}

/** Subscriptions are for physical and service products only (spec §5). */
export const subscribable = (kind: ProductInput['kind']): boolean =>
  kind === 'physical' || kind === 'service';

/** What a new product's form starts from. */
export function newProduct(storePageId = ''): ProductInput {
  return {
    title: '',
    slug: '',
    descriptionHtml: '',
    kind: 'physical',
    options: [],
    variants: [blankVariant()],
    images: [],
    storePageId,
    categories: [],
    tags: [],
    visibility: { state: 'visible' },
    seoTitle: '',
    seoDescription: '',
    merchandising: {
      scarcityEnabled: false,
      scarcityShownByDefault: true,
      scarcityText: '',
      soldOutText: '',
      restockNotificationsEnabled: false,
      restockMailingListOptIn: false,
    },
    addButtonText: '',
    additionalFieldsFormId: null,
    digitalFileId: null,
    giftCardDenominations: [],
    subscriptionPlans: [],
  };
}

/**
 * What a save sends: a blank SKU made (each variant of a product needs its own, as Squarespace makes
 * them), and a sale price never typed sent as 0 (the server reads every price as an amount).
 */
export function payloadOf(input: ProductInput): ProductInput {
  const variants = withVariantSkus(input, input.variants).map((v) => ({
    ...v,
    salePrice: v.salePrice.trim() === '' ? '0' : v.salePrice,
  }));
  return { ...input, variants };
}

/**
 * The editable part of a loaded record: what a save sends back. Each variant carries the stock it was
 * loaded with, so that the server applies a typed change as a difference and orders taken meanwhile
 * stay counted.
 */
export function inputOf(record: ProductRecord): ProductInput {
  const { id: _id, version: _v, updatedOn: _on, updatedBy: _by, currency: _c, url: _u, ...input } = record;
  return { ...input, variants: input.variants.map((v) => ({ ...v, stockSeen: v.stock })) };
}

/**
 * The server's field for a refusal: its `field` when it names one, else the `product.…` path that
 * `invalid-request` messages start with ("Invalid body: product.tags.2: …"), as one of the form's ids.
 */
export function fieldOfRefusal(body: { field?: unknown; message?: unknown } | undefined): string | undefined {
  const path =
    typeof body?.field === 'string'
      ? body.field
      : typeof body?.message === 'string'
        ? /\b(?:product\.)?((?:title|slug|variants|tags|categories|options|storePageId|visibility|giftCardDenominations|digitalFileId|subscriptionPlans)[\w.]*)/.exec(
            body.message,
          )?.[1]
        : undefined;
  if (!path) return undefined;
  const [head, index, leaf] = path.replace(/^product\./, '').split('.');
  const i = Number(index);
  switch (head) {
    case 'title':
      return fieldIds.title;
    case 'slug':
      return fieldIds.slug;
    case 'tags':
      return fieldIds.tags;
    case 'categories':
      return fieldIds.categories;
    case 'storePageId':
      return fieldIds.storePage;
    case 'visibility':
      return fieldIds.scheduledFrom;
    case 'giftCardDenominations':
      return fieldIds.denominations;
    case 'digitalFileId':
      return fieldIds.digitalFile;
    case 'options':
      return Number.isInteger(i) ? fieldIds.optionName(i) : fieldIds.options;
    case 'subscriptionPlans':
      return Number.isInteger(i) ? fieldIds.planPrice(i) : undefined;
    case 'variants':
      if (!Number.isInteger(i)) return fieldIds.variants;
      if (leaf === 'salePrice') return fieldIds.variantSalePrice(i);
      if (leaf === 'stock') return fieldIds.variantStock(i);
      if (leaf === 'sku') return fieldIds.variantSku(i);
      return fieldIds.variantPrice(i);
    default:
      return undefined;
  }
}
