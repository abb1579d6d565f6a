/**
 * Comments a site brings with it (`content/comments.json`: an import from another platform, or the
 * demo's): stored once each, approved, under their own ids, so starting again (or another instance
 * starting) adds nothing. A file that is not the expected shape stops the start with the problem
 * named, like the rest of the site's content.
 */
import { existsSync } from 'node:fs';
import { readSiteText } from '../../platform/site/contained-path.ts';
import { join } from 'node:path';
import { z } from 'zod';
import { COMMENT_BODY_MAX, COMMENT_NAME_MAX } from './store.ts';
import type { Db } from '../../platform/db/index.ts';

const importedComment = z
  .object({
    id: z.string().min(1).max(100),
    itemId: z.string().min(1).max(100),
    parentId: z.string().min(1).max(100).nullable().optional(),
    authorName: z.string().min(1).max(COMMENT_NAME_MAX),
    body: z.string().min(1).max(COMMENT_BODY_MAX),
    createdOn: z.number().int().nonnegative(),
  })
  .strict();
const importedFile = z.object({ comments: z.array(importedComment) }).strict();

/** Who imported comments are from, as far as likes and pending comments go: nobody who visits. */
const IMPORTED_VISITOR = 'imported';

export async function importComments(db: Db, siteDir: string): Promise<number> {
  const file = join(siteDir, 'content/comments.json');
  if (!existsSync(file)) return 0;
  const parsed = importedFile.safeParse(JSON.parse(readSiteText(siteDir, file)));
  if (!parsed.success)
    throw new Error(`${file}: ${parsed.error.issues[0]?.message ?? 'not a comments file'}`);
  const { comments } = parsed.data;
  const rootOf = (id: string): string => {
    const parentId = comments.find((c) => c.id === id)?.parentId;
    return parentId ? rootOf(parentId) : id;
  };
  let added = 0;
  for (const c of comments) {
    const result = await db
      .insertInto('comments')
      .values({
        id: c.id,
        item_id: c.itemId,
        root_id: rootOf(c.id),
        parent_id: c.parentId ?? null,
        author_name: c.authorName,
        author_email: null,
        account_id: null,
        staff_id: null,
        visitor: IMPORTED_VISITOR,
        body: c.body,
        state: 'approved',
        created_at: c.createdOn,
        moderated_at: null,
        moderated_by: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}
