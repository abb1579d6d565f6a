/**
 * Structured data (schema.org JSON-LD) and the share image of a page, built from the data loaded
 * for it before it renders. Pure: what a product offers comes from the live stock the loader
 * overlaid, and the anonymous page cache keeps such a page only while the stock version holds.
 */
import {
  isVariantAvailable,
  minorToDecimal,
  productOf,
  variantUnitPrice,
  type Product,
  type ProductVariant,
} from '@storefront/core';
import type { CollectionContent, ItemContent, Json } from '../../platform/site/types.ts';
import { stripTags } from '../../platform/site/text.ts';

export interface SeoSite {
  /** `SITE_URL`, no trailing slash. */
  origin: string;
  title: string;
  logoImageUrl?: string | undefined;
}

/** What the head says about a page beyond its title: its share image and its structured data. */
export interface PageSeo {
  /** Absolute URL of the page's image (og:image, twitter:image), when it has one. */
  image?: string | undefined;
  structuredData: Json[];
}

export type SeoPage =
  | { kind: 'home' }
  | { kind: 'collection'; collection: CollectionContent }
  | {
      kind: 'item';
      collection: CollectionContent;
      item: ItemContent;
      url: string;
      /** Approved reviews (issue 17): `aggregateRating` only when there are some. */
      rating?: { count: number; averageRating: number } | undefined;
    }
  | { kind: 'other' };

const SCHEMA = 'https://schema.org';

/** A URL under the site's origin; one that is absolute already is kept. */
export function absoluteUrl(origin: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function pageSeo(page: SeoPage, site: SeoSite): PageSeo {
  const logo = site.logoImageUrl ? absoluteUrl(site.origin, site.logoImageUrl) : undefined;
  switch (page.kind) {
    case 'home':
      return { image: logo, structuredData: [organization(site, logo), webSite(site)] };
    case 'collection':
      return {
        image: logo,
        structuredData: [breadcrumbs(site, [[page.collection.title, collectionPath(page.collection)]])],
      };
    case 'item': {
      const { collection, item } = page;
      const image = typeof item.assetUrl === 'string' ? absoluteUrl(site.origin, item.assetUrl) : logo;
      const trail = breadcrumbs(site, [
        [collection.title, collectionPath(collection)],
        [item.title, page.url],
      ]);
      const url = absoluteUrl(site.origin, page.url);
      const described = itemData(collection, item, { site, url, image, rating: page.rating });
      return { image, structuredData: described ? [described, trail] : [trail] };
    }
    case 'other':
      return { image: logo, structuredData: [] };
  }
}

/**
 * The page's structured data as `<script type="application/ld+json">` elements, safe inside HTML.
 * A data block is never run, so the Content-Security-Policy does not apply to it and it carries no
 * nonce (like the page context's `application/json` block): the page's bytes stay the same from one
 * response to the next.
 */
export function jsonLdScripts(structuredData: readonly Json[]): string {
  return structuredData
    .map((data) => `<script type="application/ld+json">${scriptSafeJson(data)}</script>`)
    .join('\n');
}

/** JSON that cannot end its script element nor open a comment: `<`, `>`, `&` and line separators escaped. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const collectionPath = (c: CollectionContent) => (c.homepage ? '/' : `/${c.urlId}`);

function organization(site: SeoSite, logo: string | undefined): Json {
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    name: site.title,
    url: `${site.origin}/`,
    ...(logo ? { logo } : {}),
  };
}

function webSite(site: SeoSite): Json {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    name: site.title,
    url: `${site.origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site.origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

function breadcrumbs(site: SeoSite, trail: [name: string, path: string][]): Json {
  const steps: [string, string][] = [[site.title, '/'], ...trail.filter(([, path]) => path !== '/')];
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absoluteUrl(site.origin, path),
    })),
  };
}

interface ItemSeo {
  site: SeoSite;
  url: string;
  image: string | undefined;
  rating?: { count: number; averageRating: number } | undefined;
}

function itemData(collection: CollectionContent, item: ItemContent, seo: ItemSeo): Json | undefined {
  if (Array.isArray(item.structuredContent?.variants)) return product(item, seo);
  if (collection.typeName === 'blog') return blogPosting(item, seo);
  if (collection.typeName === 'events') return event(item, seo);
  return undefined;
}

function product(item: ItemContent, { url, image, rating }: ItemSeo): Json {
  const parsed = productOf(item);
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: item.title,
    url,
    ...(image ? { image } : {}),
    ...described(item),
    ...(parsed.variants[0]?.sku ? { sku: parsed.variants[0].sku } : {}),
    offers: parsed.variants.map((variant) => offer(parsed, variant, url)),
    ...(rating && rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.averageRating,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** What a shopper pays for the variant and whether it can be bought, by core's rules as the cart applies them. */
function offer(product: Product, variant: ProductVariant, url: string): Json {
  const price = variantUnitPrice(product, variant);
  return {
    '@type': 'Offer',
    url,
    sku: variant.sku,
    price: minorToDecimal(price.cents, price.currency),
    priceCurrency: price.currency,
    availability: `${SCHEMA}/${isVariantAvailable(product, variant) ? 'InStock' : 'OutOfStock'}`,
  };
}

function blogPosting(item: ItemContent, { site, url, image }: ItemSeo): Json {
  const author = item.author as Json | undefined;
  return {
    '@context': SCHEMA,
    '@type': 'BlogPosting',
    headline: item.title,
    url,
    mainEntityOfPage: url,
    ...(image ? { image } : {}),
    ...described(item),
    ...dated('datePublished', item.publishOn ?? item.addedOn),
    ...dated('dateModified', item.updatedOn),
    ...(typeof author?.displayName === 'string'
      ? { author: { '@type': 'Person', name: author.displayName } }
      : {}),
    publisher: { '@type': 'Organization', name: site.title },
  };
}

function event(item: ItemContent, { url, image }: ItemSeo): Json {
  const location = (item.location ?? {}) as Json;
  const text = (key: string) => (typeof location[key] === 'string' ? (location[key] as string) : undefined);
  const address = [text('addressLine1'), text('addressLine2'), text('addressCountry')].filter(Boolean);
  return {
    '@context': SCHEMA,
    '@type': 'Event',
    name: item.title,
    url,
    ...(image ? { image } : {}),
    ...described(item),
    ...dated('startDate', item.startDate),
    ...dated('endDate', item.endDate),
    location: {
      '@type': 'Place',
      name: text('addressTitle') ?? address[0] ?? item.title,
      ...(address.length ? { address: address.join(', ') } : {}),
    },
  };
}

function described(item: ItemContent): Json {
  const text = typeof item.excerpt === 'string' ? stripTags(item.excerpt) : '';
  return text ? { description: text } : {};
}

function dated(key: string, stamp: unknown): Json {
  const time = Number(stamp);
  return stamp !== undefined && Number.isFinite(time) && time > 0
    ? { [key]: new Date(time).toISOString() }
    : {};
}
