/**
 * What a page reads and what it gets: the plan's declared reads (page-plan.ts) and the data the
 * loader brings back (loader.ts), apart from both so that neither imports the other.
 */
import type { Shopper } from '../modules/cart/index.ts';
import type { CollectionContent, ItemContent, Json } from '../platform/site/types.ts';
import type { Route } from './router.ts';

export type Query = Record<string, string | undefined>;

/** One page of a collection's list, with what its pagination links need. */
export interface ListData {
  /** The items shown, as templates see them. */
  items: Json[];
  /** Items in the whole collection (the collection's `itemCount`). */
  total: number;
  /** `categoryFilter`, `tagFilter`, `authorFilter` (list-filters.ts). */
  echo: Json;
  /** The filters that took effect, kept in the page links. */
  filters: URLSearchParams;
  pageSize: number;
  /** `?offset=` of the next page, when there is one. */
  nextOffset?: number;
  /** Present when there is a previous page; its `?offset=` (none for the first page). */
  previous?: { offset: number | undefined };
}

export type PageData =
  | { kind: 'cart' }
  | { kind: 'static'; name: string }
  | { kind: 'not-found' }
  | {
      kind: 'collection';
      collection: CollectionContent;
      homepage: boolean;
      list: ListData;
      /** An index's or folder's children: child collection id -> its first items, as templates see them. */
      childItems?: Record<string, Json[]> | undefined;
    }
  | {
      kind: 'item';
      collection: CollectionContent;
      item: ItemContent;
      total: number;
      previous: ItemContent | undefined;
      next: ItemContent | undefined;
    };

/**
 * Every read a page needs, declared from its route before any is made (the page's data, the way
 * Ghost's routes name theirs): the loader (loader.ts `loadReads`) makes them all, then the page
 * renders from what they returned, with no read of its own.
 */
export interface PageReads {
  /** The shopper's cart, by the token of their cookie, with the signed-in customer's. */
  cart: { token: string | undefined; member: Shopper | undefined };
  /** What the route shows: an item with its neighbours and count, or a page of a list and its children's items. */
  page: { route: Route; query: Query };
  /** The comment and like counts of the items shown and an item's first page of thread (the site shows them). */
  social: boolean;
  /** An item's approved reviews when it is a product (the site shows reviews). */
  rating: boolean;
  /** The data of the platform tags the page's templates write (learned once per template). */
  tagData: true;
  /** The images of a feed's items, read from the site's media folder (`?format=rss`). */
  feedEnclosures: boolean;
}
