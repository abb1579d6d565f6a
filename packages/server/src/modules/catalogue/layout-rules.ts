/**
 * What a layout written in the back office must be before it is saved (issue 31): at most the
 * spec's 60 blocks (§9 "Content limits"), each one a block the renderer reads (platform/site/blocks.ts,
 * the same schema the content folder is checked with, defaults filled in), ids unique, the form,
 * collection or product it names present, and text blocks' HTML with no script in it.
 */
import { MAX_LAYOUT_BLOCKS, type ContentBlock } from '@storefront/core/wire';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { apiError } from '../../platform/http/errors.ts';
import { blockSchema, type Block } from '../../platform/site/blocks.ts';
import { sanitizedDescription } from './product-content.ts';
import { collectionExists, itemExists } from './post-store.ts';

/** The blocks as the wire carries them: checked one by one below, with the editor's words. */
export const layoutInput = z.array(z.record(z.string(), z.unknown())).max(1000);

/** The parsed blocks, or a 400 naming the first one at fault by its position (1-based) and type. */
export async function checkedLayout(
  db: Db,
  raw: readonly Record<string, unknown>[],
  forms: Readonly<Record<string, unknown>>,
): Promise<Block[]> {
  if (raw.length > MAX_LAYOUT_BLOCKS)
    throw apiError('content.too-many-blocks', {
      params: { max: MAX_LAYOUT_BLOCKS, count: raw.length },
      extra: { field: 'blocks' },
    });
  const seen = new Set<string>();
  const blocks: Block[] = [];
  for (const [index, candidate] of raw.entries()) {
    const position = index + 1;
    const type = typeof candidate.type === 'string' ? candidate.type : '?';
    const parsed = blockSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      throw apiError('content.block-invalid', {
        params: { position, type, problem: `${at}${issue?.message ?? 'not a block'}` },
        extra: { field: 'blocks', block: position },
      });
    }
    const block = parsed.data;
    if (seen.has(block.id))
      throw apiError('content.block-id-twice', { params: { id: block.id }, extra: { field: 'blocks' } });
    seen.add(block.id);
    const missing = await missingTarget(db, block, forms);
    if (missing !== undefined)
      throw apiError('content.block-target-unknown', {
        params: { position, type, target: missing },
        extra: { field: 'blocks', block: position },
      });
    blocks.push(block.type === 'text' ? { ...block, html: sanitizedDescription(block.html) } : block);
  }
  return blocks;
}

async function missingTarget(
  db: Db,
  block: Block,
  forms: Readonly<Record<string, unknown>>,
): Promise<string | undefined> {
  switch (block.type) {
    case 'form':
    case 'newsletter':
      return forms[block.formId] ? undefined : `the form "${block.formId}"`;
    case 'summary':
      return (await collectionExists(db, block.collection)) ? undefined : `the page "${block.collection}"`;
    case 'product':
      return (await itemExists(db, block.collection, block.item))
        ? undefined
        : `the product "${block.collection}/${block.item}"`;
    default:
      return undefined;
  }
}

/** The stored blocks as the wire's (the same shape: the schema's output is the block model). */
export const wireBlocks = (blocks: readonly Block[]): ContentBlock[] => blocks as ContentBlock[];
