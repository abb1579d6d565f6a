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
import { COMMENT_BODY_MAX, COMMENT_NAME_MAX, insertImportedComment } from './store.ts';
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
    added += await insertImportedComment(db, {
      id: c.id,
      itemId: c.itemId,
      rootId: rootOf(c.id),
      parentId: c.parentId ?? null,
      authorName: c.authorName,
      visitor: IMPORTED_VISITOR,
      body: c.body,
      createdAt: c.createdOn,
    });
  }
  return added;
}
