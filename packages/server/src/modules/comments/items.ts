import type { Db } from '../../platform/db/index.ts';
import type { ItemContent } from '../../platform/site/types.ts';
import { storedItemContent } from '../catalogue/index.ts';

/** A content item that comments and likes can be about, by id; undefined when there is none. */
export async function commentableItem(db: Db, itemId: string): Promise<ItemContent | undefined> {
  return storedItemContent(db, itemId);
}
