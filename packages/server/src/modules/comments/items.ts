import type { Db } from '../../platform/db/index.ts';
import type { ItemContent } from '../../platform/site/types.ts';

/** A content item that comments and likes can be about, by id; undefined when there is none. */
export async function commentableItem(db: Db, itemId: string): Promise<ItemContent | undefined> {
  const row = await db.selectFrom('items').select('data').where('id', '=', itemId).executeTakeFirst();
  return row && (JSON.parse(row.data) as ItemContent);
}
