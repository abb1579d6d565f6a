import {
  multipleQuantityAllowedForServices,
  productOf,
  type ConfirmedCheckoutOrder,
  type PageContext,
} from '@storefront/core';
import type { CollectionContent, ItemContent, Json, SiteContent } from '../platform/site/types.ts';
import { collectionUrl, itemUrl } from '../platform/site/urls.ts';
import { eventLinks } from './events.ts';

/** Builds the JSON context a template sees (template-format §3). */

export { collectionUrl, itemUrl };

/** A collection as templates see it: content fields plus the platform's derived ones. */
export function collectionView(c: CollectionContent, itemCount: number): Json {
  const { items: _items, ...rest } = c;
  return {
    navigationTitle: c.title,
    enabled: true,
    ordering: 0,
    regionName: 'default',
    ...rest,
    fullUrl: collectionUrl(c),
    itemCount,
  };
}

/** An item as templates see it; an event with its map and `.ics` links (events.ts). */
export function itemView(c: CollectionContent, i: ItemContent): Json {
  const fullUrl = itemUrl(c, i);
  return {
    recordType: i.structuredContent ? 11 : c.typeName === 'events' ? EVENT_RECORD_TYPE : 1,
    ...i,
    ...(c.typeName === 'events' ? eventLinks(i, fullUrl) : {}),
    collectionId: c.id,
    fullUrl,
  };
}

/** template-format §3.4: record type 12 is an event. */
const EVENT_RECORD_TYPE = 12;

export function isProduct(item: Json): boolean {
  return (
    typeof item.structuredContent === 'object' &&
    item.structuredContent !== null &&
    'variants' in (item.structuredContent as Json)
  );
}

export interface TitleParts {
  site: string;
  collection?: string;
  item?: string;
  homepage?: boolean;
}

/** `websiteSettings.*TitleFormat` with `%s` (site), `%c` (collection), `%i` (item). */
export function pageTitle(settings: Json, parts: TitleParts): string {
  const format = parts.item
    ? ((settings.itemTitleFormat as string | undefined) ?? '%i — %s')
    : parts.homepage
      ? ((settings.homepageTitleFormat as string | undefined) ?? '%s')
      : ((settings.collectionTitleFormat as string | undefined) ?? '%c — %s');
  return format
    .replace(/%s/g, parts.site)
    .replace(/%c/g, parts.collection ?? '')
    .replace(/%i/g, parts.item ?? '')
    .replace(/^\s*[—-]\s*|\s*[—-]\s*$/g, '')
    .trim();
}

/** The signed-in customer as templates see it: root `authenticatedAccount` (docs/accounts.md). */
export interface AuthenticatedAccount {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** The account's one name field split at its first space: "Ada King Lovelace" -> Ada, King Lovelace. */
export function authenticatedAccount(account: {
  id: string;
  name: string;
  email: string;
}): AuthenticatedAccount {
  const [firstName = '', ...rest] = account.name.trim().split(/\s+/);
  return { id: account.id, firstName, lastName: rest.join(' '), email: account.email };
}

export interface PageContextInput {
  pageType: number;
  path: string;
  content: SiteContent;
  collectionId: string | null;
  itemId: string | null;
  products: Json[];
  storeCurrency: string;
  confirmedOrder?: ConfirmedCheckoutOrder | undefined;
  /** The signed-in customer's account id (http/session.ts), when there is one. */
  memberId?: string | undefined;
}

/** The page context script's JSON (docs/interfaces.md): each product parsed by core (`productOf`). */
export function browserContext(input: PageContextInput): PageContext {
  const products: PageContext['products'] = {};
  const merchandising: PageContext['merchandising'] = {};
  for (const item of input.products) {
    const id = String(item.id);
    products[id] = productOf(item);
    if (item.merchandisingContext && typeof item.merchandisingContext === 'object')
      merchandising[id] = item.merchandisingContext as PageContext['merchandising'][string];
  }
  const storeSettings = (input.content.websiteSettings.storeSettings ?? {}) as Json;
  return {
    pageType: input.pageType,
    path: input.path,
    websiteId: input.content.website.id,
    collectionId: input.collectionId,
    itemId: input.itemId,
    storeCurrency: input.storeCurrency,
    authenticated: input.memberId !== undefined,
    ...(input.memberId !== undefined ? { memberId: input.memberId } : {}),
    products,
    merchandising,
    localizedStrings: input.content.localizedStrings,
    storeSettings: {
      multipleQuantityAllowedForServices: multipleQuantityAllowedForServices(storeSettings),
      expressCheckout: storeSettings.expressCheckout === true,
    },
    ...(input.confirmedOrder ? { confirmedOrder: input.confirmedOrder } : {}),
  };
}

/** JSON for an inline `<script type="application/json">`: nothing in it can close the script. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
