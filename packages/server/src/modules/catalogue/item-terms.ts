/**
 * An item's terms: the values list filters and tag queries select by (template-format §1.2, §2.8),
 * kept in `item_terms` by content sync so that those selections run in SQL through an index.
 */
import type { ItemContent, Json } from '../../platform/site/types.ts';
import type { ItemTermRow } from './tables.ts';

export type TermKind = ItemTermRow['kind'];

export function itemTerms(item: ItemContent, collectionId: string): ItemTermRow[] {
  const term = (kind: TermKind, position: number, value: string, label: string | null = null) => ({
    item_id: item.id,
    collection_id: collectionId,
    kind,
    position,
    value,
    label,
  });
  const strings = (value: unknown) =>
    (Array.isArray(value) ? value : []).flatMap((v, i) => (typeof v === 'string' ? [[v, i] as const] : []));
  const terms = [
    ...strings(item.categories).map(([v, i]) => term('category', i, v)),
    ...strings(item.tags).map(([v, i]) => term('tag', i, v)),
  ];
  const author = authorOf(item);
  if (author) terms.push(term('author', 0, author.id, author.displayName ?? null));
  return terms;
}

interface Author {
  id: string;
  displayName?: string;
}

/** The item's author: `author.id` (or `authorId`), with `author.displayName` when given. */
function authorOf(item: Json): Author | undefined {
  const author = item.author;
  if (author && typeof author === 'object') {
    const { id, displayName } = author as Json;
    const authorId =
      typeof id === 'string' ? id : typeof item.authorId === 'string' ? item.authorId : undefined;
    if (authorId) return { id: authorId, ...(typeof displayName === 'string' ? { displayName } : {}) };
  }
  return typeof item.authorId === 'string' ? { id: item.authorId } : undefined;
}
