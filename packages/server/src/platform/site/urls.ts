import type { CollectionContent, ItemContent } from './types.ts';

/** A collection's path on the site: its URL id, or `/` for the homepage. */
export const collectionUrl = (c: CollectionContent) => (c.homepage ? '/' : `/${c.urlId}`);

/** An item's path on the site: the content's `fullUrl` when it has one, else under its collection. */
export const itemUrl = (c: CollectionContent, i: ItemContent) =>
  typeof i.fullUrl === 'string' && i.fullUrl ? i.fullUrl : `/${c.urlId}/${i.urlId}`;
