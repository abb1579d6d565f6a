/**
 * Comments and likes in the load step (issue 16): before anything renders, the counts of the items
 * a page shows and, on an item page, the first page of its approved thread are read (a constant
 * number of queries, whatever the catalogue) and put on the items as templates see them:
 * `publicCommentCount`, `likeCount` and `commentThread`. Counts in the content files are what an
 * import carried over; first-party ones add to them. The comment helpers (core helpers/social.ts)
 * print them: no I/O while rendering.
 */
import {
  countsPerItem,
  THREAD_PAGE_SIZE,
  threadPage,
  threadView,
  withSocial,
} from '../modules/comments/index.ts';
import { changeKey, type ReadKeys } from '../platform/db/change-version.ts';
import type { Db } from '../platform/db/index.ts';
import type { ItemContent, Json } from '../platform/site/types.ts';
import type { PageData } from './page-data.ts';

/** Whether the site shows comments or likes at all (else nothing is read). */
export function socialEnabled(websiteSettings: Json): boolean {
  return websiteSettings.commentsEnabled === true || websiteSettings.simpleLikingEnabled === true;
}

/** The page's data with the counts of every item it shows and an item page's first thread page. */
export async function loadSocial(
  db: Db,
  data: PageData,
  websiteSettings: Json,
  read?: ReadKeys,
): Promise<PageData> {
  if (!socialEnabled(websiteSettings)) return data;
  if (data.kind === 'item') {
    const id = String(data.item.id);
    read?.add(changeKey.comments(id));
    const [counts, page] = await Promise.all([
      countsPerItem(db, [id]),
      websiteSettings.commentsEnabled === true ? threadPage(db, id, { limit: THREAD_PAGE_SIZE }) : undefined,
    ]);
    return { ...data, item: withSocial(data.item, counts.get(id), page && threadView(page)) };
  }
  if (data.kind === 'collection') {
    const ids = data.list.items.map((item) => String(item.id));
    read?.add(...ids.map(changeKey.comments));
    const counts = await countsPerItem(db, ids);
    const items = data.list.items.map((item) => withSocial(item as ItemContent, counts.get(String(item.id))));
    return { ...data, list: { ...data.list, items } };
  }
  return data;
}
