/**
 * List filters (template-format §1.2): `?category=`, `?tag=`, `?author=`, `?month=` on a collection's
 * list URL. A filter takes effect only when the collection has the value asked for; any other value
 * is ignored (the list stays unfiltered by it, nothing is echoed). So what reaches the template's
 * `categoryFilter` / `tagFilter` / `authorFilter` and the page links is always the collection's own
 * text, never the visitor's.
 */
import type { Json } from '../site/types.ts';

export interface FilteredList {
  items: Json[];
  /** `categoryFilter`, `tagFilter`, `authorFilter` for the context (template-format §3.4). */
  echo: Json;
  /** The filters that took effect, for the page links. */
  params: URLSearchParams;
}

type Query = Record<string, string | undefined>;

/** `MM-YYYY`, as the platform's archive links write a month. */
const MONTH = /^(0[1-9]|1[0-2])-(\d{4})$/;

export function filterList(all: Json[], query: Query, timeZone: string | undefined): FilteredList {
  const params = new URLSearchParams();
  const echo: Json = {};
  const monthOf = monthFormatter(timeZone);
  let items = all;
  for (const [key, field, echoKey] of [
    ['category', 'categories', 'categoryFilter'],
    ['tag', 'tags', 'tagFilter'],
  ] as const) {
    const wanted = query[key];
    if (!wanted || !all.some((i) => listOf(i[field]).includes(wanted))) continue;
    items = items.filter((i) => listOf(i[field]).includes(wanted));
    echo[echoKey] = wanted;
    params.set(key, wanted);
  }
  const author = query.author
    ? all.map(authorOf).find((a) => a && matchesAuthor(a, query.author))
    : undefined;
  if (author) {
    items = items.filter((i) => authorOf(i)?.id === author.id);
    echo.authorFilter = author.displayName ?? author.id;
    params.set('author', query.author as string);
  }
  const month = query.month;
  if (month && MONTH.test(month) && all.some((i) => monthOf(stampOf(i)) === month)) {
    items = items.filter((i) => monthOf(stampOf(i)) === month);
    params.set('month', month);
  }
  return { items, echo, params };
}

/** When an item was published (falling back to when it was added), as the list orders it. */
export const stampOf = (item: Json): number => Number(item.publishOn ?? item.addedOn ?? 0);

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

interface Author {
  id: string;
  displayName?: string;
}

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

/** The platform links an author by id; a display name is accepted too. */
const matchesAuthor = (author: Author, wanted: string | undefined) =>
  author.id === wanted || (author.displayName !== undefined && author.displayName === wanted);

/** `MM-YYYY` of a timestamp in the site's time zone. */
function monthFormatter(timeZone: string | undefined): (stamp: number) => string {
  const options = { year: 'numeric', month: '2-digit' } as const;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    // A zone the runtime does not know must not take the list down: the server's own zone then.
    format = new Intl.DateTimeFormat('en-US', options);
  }
  return (stamp) => {
    if (!stamp) return '';
    const parts = format.formatToParts(stamp);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('month')}-${part('year')}`;
  };
}
