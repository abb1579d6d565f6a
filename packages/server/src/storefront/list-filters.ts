/**
 * List filters (template-format §1.2): `?category=`, `?tag=`, `?author=`, `?month=` on a collection's
 * list URL. A filter takes effect only when the collection has the value asked for; any other value
 * is ignored (the list stays unfiltered by it, nothing is echoed). So what reaches the template's
 * `categoryFilter` / `tagFilter` / `authorFilter` and the page links is always the collection's own
 * text, never the visitor's.
 */
import type { CatalogueReads, ItemWhere, PageQuery, TermFilter } from '../modules/catalogue/index.ts';
import type { Json } from '../platform/site/types.ts';

export interface ListFilters {
  /** The items the filters that took effect leave, for the list's queries. */
  where: ItemWhere;
  /** `categoryFilter`, `tagFilter`, `authorFilter` for the context (template-format §3.4). */
  echo: Json;
  /** The filters that took effect, for the page links. */
  params: URLSearchParams;
}

type Query = Record<string, string | undefined>;

/** `MM-YYYY`, as the platform's archive links write a month. */
const MONTH = /^(0[1-9]|1[0-2])-(\d{4})$/;

const TERM_FILTERS = [
  ['category', 'categoryFilter'],
  ['tag', 'tagFilter'],
] as const;

/** The filters of `query` that the collection has values for, each checked in SQL (a fixed number of reads). */
export async function listFilters(
  catalogue: CatalogueReads,
  collectionId: string,
  query: Query,
  { timeZone, order }: { timeZone: string | undefined; order: PageQuery['order'] },
): Promise<ListFilters> {
  query = searchable(query);
  const params = new URLSearchParams();
  const echo: Json = {};
  const terms: TermFilter[] = [];
  const where: ItemWhere = { terms };
  const asked = TERM_FILTERS.flatMap(([kind]) => {
    const value = query[kind];
    return value ? [{ kind, value }] : [];
  });
  const present = await catalogue.presentTerms(collectionId, asked);
  for (const [kind, echoKey] of TERM_FILTERS) {
    const wanted = query[kind];
    if (!wanted || !present.has(`${kind}:${wanted}`)) continue;
    terms.push({ kind, values: [wanted] });
    echo[echoKey] = wanted;
    params.set(kind, wanted);
  }
  const author = query.author ? await catalogue.findAuthor(collectionId, query.author, order) : undefined;
  if (author) {
    terms.push({ kind: 'author', values: [author.id] });
    echo.authorFilter = author.displayName ?? author.id;
    params.set('author', query.author as string);
  }
  const month = query.month ? monthRange(query.month, timeZone) : undefined;
  if (month) {
    const range = { publishedFrom: month.from, publishedBefore: month.to };
    if ((await catalogue.countItems(collectionId, range)) > 0) {
      Object.assign(where, range);
      params.set('month', query.month as string);
    }
  }
  return { where, echo, params };
}

/**
 * The query without values no content can hold: PostgreSQL text refuses NUL, so such a value would
 * fail the filter's query instead of simply matching nothing.
 */
function searchable(query: Query): Query {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => !value?.includes('\0')));
}

/** When an item was published (falling back to when it was added), as the list orders it. */
export const stampOf = (item: Json): number => Number(item.publishOn ?? item.addedOn ?? 0);

/**
 * The times a `MM-YYYY` month spans in the site's time zone, [from, to): each end is found by
 * bisection on the zone's own calendar, so it agrees with how the month of an item is written.
 */
export function monthRange(
  month: string,
  timeZone: string | undefined,
): { from: number; to: number } | undefined {
  const match = MONTH.exec(month);
  // Years before 1000 are never written with four digits, so no item is in such a month.
  if (!match || Number(match[2]) < 1000) return undefined;
  const index = Number(match[2]) * 12 + Number(match[1]) - 1;
  const monthIndexOf = monthIndexFormatter(timeZone);
  const firstInstantOf = (wanted: number) => {
    // A zone is at most 14 hours from UTC: the month starts within a day of its UTC start.
    const utcStart = Date.UTC(Math.floor(wanted / 12), wanted % 12, 1);
    let before = utcStart - DAY;
    let atOrAfter = utcStart + DAY;
    while (atOrAfter - before > 1) {
      const middle = Math.floor((before + atOrAfter) / 2);
      if (monthIndexOf(middle) >= wanted) atOrAfter = middle;
      else before = middle;
    }
    return atOrAfter;
  };
  return { from: firstInstantOf(index), to: firstInstantOf(index + 1) };
}

const DAY = 24 * 60 * 60 * 1000;

/** Year × 12 + month (0-based) of a timestamp in the site's time zone. */
function monthIndexFormatter(timeZone: string | undefined): (stamp: number) => number {
  const options = { year: 'numeric', month: 'numeric' } as const;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    // A zone the runtime does not know must not take the list down: the server's own zone then.
    format = new Intl.DateTimeFormat('en-US', options);
  }
  return (stamp) => {
    const parts = format.formatToParts(stamp);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return part('year') * 12 + part('month') - 1;
  };
}
