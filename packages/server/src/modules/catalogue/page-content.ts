/**
 * The page content editor (issue 31): a page collection's layout, the blocks of its `main-content`
 * field (docs/blocks.md: the built-in blocks page and templates show it), written with the same
 * block editor and rules as a post's body (layout-rules.ts). A save carries the layout's version: a
 * stale one answers 409 naming who saved and when; every save keeps a revision, restorable; the
 * collection's change key moves, so every instance shows the save on its next request.
 */
import type { ContentRevisions, PageContentRecord } from '@storefront/core/wire';
import { message } from '@storefront/core';
import { changeKey } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { apiError } from '../../platform/http/errors.ts';
import type { BlockFields } from '../../platform/site/blocks.ts';
import type { Json } from '../../platform/site/types.ts';
import { checkedLayout, wireBlocks } from './layout-rules.ts';
import { recordChanged, revisionOnWire } from '../../platform/http/record-changed.ts';
import type { PostSite } from './post-editor.ts';
import { newId } from './product-content.ts';
import type { Editor } from './product-editor.ts';
import {
  addLayoutRevision,
  layoutRevisionOf,
  layoutRevisionsOf,
  pageRow,
  writePageData,
  type PageRow,
} from './post-store.ts';

/** The block field a page's layout is (the built-in blocks page's). */
export const PAGE_BLOCK_FIELD = 'main-content';
const REVISIONS_SHOWN = 100;

/** The collection types whose layout this editor writes: a page and the pages that hold items show one above them. */
const LAID_OUT = new Set(['page', 'blog', 'events', 'gallery', 'products', 'index']);

async function existing(db: Db, id: string): Promise<PageRow> {
  const row = await pageRow(db, id);
  if (!row || !LAID_OUT.has(row.type_name)) throw apiError('content.page-not-found');
  return row;
}

function recordOf(row: PageRow): PageContentRecord {
  const data = JSON.parse(row.data) as Json;
  const fields = (data.blockFields ?? {}) as BlockFields;
  return {
    id: row.id,
    title: row.title,
    url: `/${row.url_id}`,
    version: row.content_version,
    updatedOn: row.updated_on,
    updatedBy: row.content_updated_by,
    blocks: wireBlocks(fields[PAGE_BLOCK_FIELD] ?? []),
  };
}

export async function loadPageContent(db: Db, id: string): Promise<PageContentRecord> {
  return recordOf(await existing(db, id));
}

async function writeLayout(
  db: Db,
  site: PostSite,
  editor: Editor,
  id: string,
  version: number,
  raw: readonly Record<string, unknown>[],
  firstWords: string[],
): Promise<void> {
  await writeTransaction(db, async (trx, changes) => {
    const row = await existing(trx, id);
    const blocks = await checkedLayout(trx, raw, site.forms);
    const data = JSON.parse(row.data) as Json;
    const before = JSON.stringify((data.blockFields as BlockFields | undefined)?.[PAGE_BLOCK_FIELD] ?? []);
    data.blockFields = { ...((data.blockFields as Json | undefined) ?? {}), [PAGE_BLOCK_FIELD]: blocks };
    const saved = await writePageData(trx, id, version, {
      data: JSON.stringify(data),
      by: editor.email,
      now: site.now,
    });
    if (saved === undefined)
      throw recordChanged(
        { updatedBy: row.content_updated_by, updatedOn: row.updated_on, version: row.content_version },
        site.timeZone,
        'content',
      );
    const changed = before === JSON.stringify(blocks) ? [] : [message('content.change-blocks')];
    await addLayoutRevision(trx, {
      id: newId(),
      collection_id: id,
      version: saved,
      saved_on: site.now,
      saved_by: editor.email,
      blocks: JSON.stringify(blocks),
      changes: JSON.stringify([...firstWords, ...changed]),
    });
    changes.touch(changeKey.collection(id), changeKey.navigation);
  });
}

/** Saves a page's layout loaded at `version`; 409 when someone (or an import) saved it since. */
export async function savePageContent(
  db: Db,
  site: PostSite,
  editor: Editor,
  id: string,
  version: number,
  blocks: readonly Record<string, unknown>[],
): Promise<PageContentRecord> {
  await writeLayout(db, site, editor, id, version, blocks, []);
  return loadPageContent(db, id);
}

export async function pageContentRevisions(db: Db, id: string): Promise<ContentRevisions> {
  await existing(db, id);
  const rows = await layoutRevisionsOf(db, id, REVISIONS_SHOWN);
  return {
    revisions: rows.map(revisionOnWire),
  };
}

/** Saves the layout as a revision had it, as a new save with a revision of its own. */
export async function restorePageContent(
  db: Db,
  site: PostSite,
  editor: Editor,
  id: string,
  revisionId: string,
): Promise<PageContentRecord> {
  const revision = await layoutRevisionOf(db, id, revisionId);
  if (!revision) throw apiError('content.revision-not-found');
  const row = await existing(db, id);
  await writeLayout(
    db,
    site,
    editor,
    id,
    row.content_version,
    JSON.parse(revision.blocks) as Record<string, unknown>[],
    [message('content.change-restored', { version: revision.version })],
  );
  return loadPageContent(db, id);
}
