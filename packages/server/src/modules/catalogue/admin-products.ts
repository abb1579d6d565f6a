/**
 * The products staff pick from (the orders list's product filter): products whose title holds the
 * typed text, by title, a few at a time, so that a shop of any size answers one short list.
 */
import type { ProductChoices } from '@storefront/core/wire';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { likePattern } from '../../platform/http/list-search.ts';
import { productsTitled } from './catalogue-store.ts';

export const productSearchQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();

/** Products (not pages or posts) whose title holds `q`, case-insensitive, by title. */
export async function searchProducts(
  db: Db,
  query: z.infer<typeof productSearchQuery>,
): Promise<ProductChoices> {
  const rows = await productsTitled(db, query.q ? likePattern(query.q) : undefined, query.limit);
  return { products: rows.map((r) => ({ productId: r.id, title: r.title })) };
}
