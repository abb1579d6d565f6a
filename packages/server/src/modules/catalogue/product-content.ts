/**
 * The product editor's record (core's wire ProductInput) and the item's content JSON (the
 * Squarespace shape the storefront renders and `content/` holds) into each other, in one place.
 * Fields the editor does not know (an author, an excerpt, a display index) stay as the content had
 * them; what the editor knows is written in the content's own names, so that an exported site and
 * a product saved here read alike. Pure: no I/O.
 */
import type {
  ProductImageInput,
  ProductInput,
  ProductKind,
  ProductOption,
  ProductVariantInput,
  ProductVisibility,
} from '@storefront/core/wire';
import { decimalToMinor, minorToDecimal, moneyToCents, ProductType } from '@storefront/core';
import { randomBytes } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import type { ItemContent, Json, VariantContent } from '../../platform/site/types.ts';

/** What the mapping needs of the site. */
export interface ProductSite {
  /** The store's currency: every price is in it. */
  currency: string;
  /** The site's time zone (IANA), in which a scheduled product's local date-time is read. */
  timeZone: string;
  /** A media library asset's address (`/media/<fileName>`), by its id. */
  mediaUrl: (mediaId: string) => string;
  now: number;
}

const KIND_CODES: Record<ProductKind, number> = {
  physical: ProductType.PHYSICAL,
  digital: ProductType.DIGITAL,
  service: ProductType.SERVICE,
  'gift-card': ProductType.GIFT_CARD,
};

export const kindCode = (kind: ProductKind): number => KIND_CODES[kind];

export function kindOf(code: number | null | undefined): ProductKind {
  const found = (Object.keys(KIND_CODES) as ProductKind[]).find((k) => KIND_CODES[k] === code);
  return found ?? 'physical';
}

/** A new record id, in the shape the content's ids have (24 hex digits). */
export const newId = (): string => randomBytes(12).toString('hex');

const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const num = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

// ------------------------------------------------------------------ time zones

/** The offset of `zone` from UTC at `epoch`, in milliseconds. */
function zoneOffset(epoch: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(epoch));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(epoch / 1000) * 1000;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** `YYYY-MM-DDTHH:mm` in `zone` as epoch milliseconds; undefined when it is no such time. */
export function localToEpoch(local: string, zone: string): number | undefined {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return undefined;
  // Twice: the offset at the guess may differ from the offset at the answer across a change of time.
  let epoch = wall - zoneOffset(wall, zone);
  epoch = wall - zoneOffset(epoch, zone);
  return epoch;
}

/** Epoch milliseconds as `YYYY-MM-DDTHH:mm` in `zone`. */
export function epochToLocal(epoch: number, zone: string): string {
  const wall = new Date(epoch + zoneOffset(epoch, zone));
  return wall.toISOString().slice(0, 16);
}

// ------------------------------------------------------------------ content -> record

function optionsOf(sc: Json, variants: VariantContent[]): ProductOption[] {
  const ordering = strings(sc.variantOptionOrdering);
  const names = ordering.length
    ? ordering
    : [...new Set(variants.flatMap((v) => Object.keys(obj(v.attributes))))];
  const kept = obj(sc.variantOptionValues);
  return names.map((name) => {
    const seen = [...new Set(variants.map((v) => str(obj(v.attributes)[name])).filter((v) => v !== ''))];
    const listed = strings(kept[name]);
    return { name, values: listed.length ? [...listed, ...seen.filter((v) => !listed.includes(v))] : seen };
  });
}

function variantOf(v: VariantContent, currency: string): ProductVariantInput {
  const size = obj(v.shippingSize);
  const money = (m: unknown, legacy: unknown) =>
    m === undefined ? minorToDecimal(num(legacy), currency) : minorToDecimal(moneyToCents(m).cents, currency);
  return {
    id: v.id,
    sku: v.sku,
    options: Object.fromEntries(Object.entries(obj(v.attributes)).map(([k, val]) => [k, str(val)])),
    price: money(v.priceMoney, v.price),
    salePrice: money(v.salePriceMoney, v.salePrice),
    onSale: v.onSale === true,
    stock: v.unlimited === true ? 'unlimited' : num(v.qtyInStock),
    weight: num(obj(v.shippingWeight).value),
    dimensions: { length: num(size.len), width: num(size.width), height: num(size.height) },
    imageId: typeof v.mainImageId === 'string' ? v.mainImageId : null,
  };
}

function visibilityOf(item: ItemContent, site: ProductSite): ProductVisibility {
  if (item.isHidden === true) return { state: 'hidden' };
  if (typeof item.publishOn === 'number' && item.publishOn > site.now)
    return { state: 'scheduled', from: epochToLocal(item.publishOn, site.timeZone) };
  return { state: 'visible' };
}

const PERIOD_UNITS = { WEEK: 'week', MONTH: 'month', YEAR: 'year' } as const;

/** The editor's record of an item's content (stock as `variants` hold it: the caller overlays live stock). */
export function productInputOf(item: ItemContent, storePageId: string, site: ProductSite): ProductInput {
  const sc = obj(item.structuredContent);
  const variants = (Array.isArray(sc.variants) ? sc.variants : []) as VariantContent[];
  const merch = obj(item.merchandisingContext);
  const seo = obj(item.seoData);
  const images = (Array.isArray(item.items) ? item.items : [])
    .map(obj)
    .filter((i) => typeof i.id === 'string');
  return {
    title: item.title,
    slug: item.urlId,
    descriptionHtml: str(item.body),
    kind: kindOf(typeof sc.productType === 'number' ? sc.productType : null),
    options: optionsOf(sc, variants),
    variants: variants.map((v) => variantOf(v, site.currency)),
    images: images.map((i): ProductImageInput => ({
      mediaId: i.id as string,
      alt: str(i.title),
      focalPoint: { x: num(obj(i.mediaFocalPoint).x, 0.5), y: num(obj(i.mediaFocalPoint).y, 0.5) },
    })),
    storePageId,
    categories: strings(item.categories),
    tags: strings(item.tags),
    visibility: visibilityOf(item, site),
    seoTitle: str(seo.seoTitle),
    seoDescription: str(seo.seoDescription),
    merchandising: {
      scarcityEnabled: merch.scarcityEnabled === true,
      scarcityShownByDefault: merch.scarcityShownByDefault !== false,
      scarcityText: str(merch.scarcityText),
      soldOutText: str(merch.customSoldOutText),
      restockNotificationsEnabled: merch.restockNotificationsEnabled === true,
      restockMailingListOptIn: merch.mailingListOptInByDefault === true,
    },
    addButtonText: sc.useCustomAddButtonText === true ? str(sc.customAddButtonText) : '',
    additionalFieldsFormId: typeof sc.additionalFieldsFormId === 'string' ? sc.additionalFieldsFormId : null,
    digitalFileId: typeof sc.digitalFileId === 'string' ? sc.digitalFileId : null,
    giftCardDenominations: strings(sc.giftCardDenominations),
    subscriptionPlans: (Array.isArray(sc.productSubscriptionOptions) ? sc.productSubscriptionOptions : [])
      .map(obj)
      .map((option) => {
        const period = obj(obj(option.subscriptionPlan).billingPeriod);
        const unit = PERIOD_UNITS[str(period.unit) as keyof typeof PERIOD_UNITS] ?? 'month';
        return {
          interval: unit,
          every: Math.max(1, num(period.value, 1)),
          price:
            option.priceMoney === undefined
              ? minorToDecimal(0, site.currency)
              : minorToDecimal(moneyToCents(option.priceMoney).cents, site.currency),
        };
      }),
  };
}

// ------------------------------------------------------------------ record -> content

/** The editor's rich text as the storefront may print it: no script, no handler, no `javascript:` link. */
export const sanitizedDescription = (html: string): string =>
  sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
    allowedAttributes: {
      ...sanitizeHtml.defaults.allowedAttributes,
      img: ['src', 'alt', 'width', 'height'],
      '*': ['class'],
    },
  });

const cents = (value: string, currency: string): number => {
  const r = decimalToMinor(value, currency);
  return r.ok ? r.value : 0;
};

const moneyOf = (value: string, currency: string) => ({
  currency,
  value: minorToDecimal(cents(value, currency), currency),
});

/**
 * The item's content for a record: `base` is the content as stored (undefined for a new product),
 * whose fields the editor does not know are kept. Variants without an id get one (returned in the
 * content: the caller reads them back from it).
 */
export function productContent(
  input: ProductInput,
  base: ItemContent | undefined,
  itemId: string,
  site: ProductSite,
): ItemContent {
  const { currency } = site;
  const baseSc = obj(base?.structuredContent);
  const baseVariants = new Map(
    ((Array.isArray(baseSc.variants) ? baseSc.variants : []) as VariantContent[]).map((v) => [v.id, v]),
  );
  const optionNames = input.options.map((o) => o.name);
  const variants: VariantContent[] = input.variants.map((v) => {
    const kept = (v.id !== undefined ? baseVariants.get(v.id) : undefined) ?? {};
    const { mainImageId: _image, ...rest } = kept as Json;
    const variant: VariantContent = {
      ...rest,
      id: v.id ?? newId(),
      sku: v.sku,
      attributes: Object.fromEntries(optionNames.map((name) => [name, v.options[name] ?? ''])),
      optionValues: optionNames.map((name) => ({ optionName: name, value: v.options[name] ?? '' })),
      // The legacy cents fields travel too, for readers of the older shape.
      price: cents(v.price, currency),
      salePrice: cents(v.salePrice, currency),
      priceMoney: moneyOf(v.price, currency),
      salePriceMoney: moneyOf(v.salePrice, currency),
      onSale: v.onSale,
      qtyInStock: v.stock === 'unlimited' ? 0 : v.stock,
      unlimited: v.stock === 'unlimited',
      shippingWeight: { value: v.weight },
      shippingSize: { len: v.dimensions.length, width: v.dimensions.width, height: v.dimensions.height },
    };
    if (v.imageId !== null) variant.mainImageId = v.imageId;
    return variant;
  });

  const {
    priceMoney: _price,
    salePriceMoney: _salePrice,
    onSale: _onSale,
    subscriptionPlan: _plan,
    ...keptSc
  } = baseSc;
  const plans = input.subscriptionPlans.map((plan, index) => ({
    id: str(obj((baseSc.productSubscriptionOptions as unknown[] | undefined)?.[index]).id) || newId(),
    subscriptionPlan: {
      billingPeriod: { value: plan.every, unit: plan.interval.toUpperCase() },
      numBillingCycles: 0,
    },
    priceMoney: moneyOf(plan.price, currency),
  }));
  const structuredContent: ItemContent['structuredContent'] = {
    ...keptSc,
    productType: kindCode(input.kind),
    variants,
    variantOptionOrdering: optionNames,
    variantOptionValues: Object.fromEntries(input.options.map((o) => [o.name, [...o.values]])),
    isSubscribable: plans.length > 0,
    productSubscriptionOptions: plans,
    useCustomAddButtonText: input.addButtonText !== '',
    customAddButtonText: input.addButtonText,
    additionalFieldsFormId: input.additionalFieldsFormId,
    digitalFileId: input.digitalFileId,
    giftCardDenominations: [...input.giftCardDenominations],
  };
  if (plans[0]) structuredContent.subscriptionPlan = plans[0].subscriptionPlan;

  const images = input.images.map((image) => {
    const assetUrl = site.mediaUrl(image.mediaId);
    return {
      id: image.mediaId,
      recordType: 2,
      title: image.alt,
      assetUrl,
      mediaFocalPoint: { x: image.focalPoint.x, y: image.focalPoint.y },
      filename: assetUrl.slice(assetUrl.lastIndexOf('/') + 1),
    };
  });
  const {
    fullUrl: _fullUrl,
    isHidden: _hidden,
    assetUrl: baseAssetUrl,
    mainImageId: baseMainImage,
    mediaFocalPoint: baseFocal,
    ...keptItem
  } = (base ?? {}) as Json;
  const baseHadImages = Array.isArray(base?.items) && base.items.length > 0;
  const first = images[0];
  const mainImage = first
    ? { assetUrl: first.assetUrl, mainImageId: first.id, mediaFocalPoint: first.mediaFocalPoint }
    : baseHadImages
      ? {}
      : Object.fromEntries(
          Object.entries({
            assetUrl: baseAssetUrl,
            mainImageId: baseMainImage,
            mediaFocalPoint: baseFocal,
          }).filter(([, v]) => v !== undefined),
        );

  const merch = obj(base?.merchandisingContext);
  const m = input.merchandising;
  const visibility = input.visibility;
  const basePublish = typeof base?.publishOn === 'number' ? base.publishOn : undefined;
  const publishOn =
    visibility.state === 'scheduled'
      ? (localToEpoch(visibility.from, site.timeZone) ?? site.now)
      : visibility.state === 'visible' && (basePublish === undefined || basePublish > site.now)
        ? site.now
        : (basePublish ?? site.now);

  const item: ItemContent = {
    ...keptItem,
    ...mainImage,
    id: itemId,
    urlId: input.slug,
    title: input.title,
    recordType: 11,
    body: sanitizedDescription(input.descriptionHtml),
    items: images,
    tags: [...input.tags],
    categories: [...input.categories],
    publishOn,
    seoData: { ...obj(base?.seoData), seoTitle: input.seoTitle, seoDescription: input.seoDescription },
    structuredContent,
    merchandisingContext: {
      ...merch,
      scarcityEnabled: m.scarcityEnabled,
      scarcityShownByDefault: m.scarcityShownByDefault,
      scarcityText: m.scarcityText,
      customSoldOutText: m.soldOutText,
      restockNotificationsEnabled: m.restockNotificationsEnabled,
      mailingListOptInByDefault: m.restockMailingListOptIn,
    },
  };
  if (visibility.state === 'hidden') item.isHidden = true;
  return item;
}
