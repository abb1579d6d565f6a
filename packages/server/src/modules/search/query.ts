/**
 * Runs a search (one interface, two engines): SQLite FTS5 (bm25, title weighted 10 to the body's 1)
 * or PostgreSQL full text (ts_rank, title weight A against the body's B). Each query word matches
 * as a prefix, and also, when it is 3 letters or more, the indexed words one edit away (a wrong,
 * missing or extra letter, or two letters swapped): the vocabulary (vocabulary.ts) supplies those.
 * Documents matching every word as typed rank above those found only through a typo.
 */
import { PostgresAdapter } from 'kysely';
import type { ContentVersion } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { searchWords } from './documents.ts';
import { highlight, type WordMatcher } from './highlight.ts';
import {
  documentTexts,
  matchingDocuments,
  type DocumentTextRow,
  type QueryWord,
  type SearchEngine,
} from './store.ts';
import { SEARCH_KINDS, type SearchKind } from './tables.ts';
import { Vocabulary } from './vocabulary.ts';

export const SEARCH_SORTS = ['relevance', 'price-asc', 'price-desc', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchQuery {
  q: string;
  kind?: SearchKind | undefined;
  category?: string | undefined;
  sort: SearchSort;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface SearchHit {
  id: string;
  kind: SearchKind;
  title: string;
  url: string;
  imageUrl: string | null;
  priceCents: number | null;
  /** Escaped HTML, the query's words in <mark>. */
  titleHtml: string;
  snippetHtml: string;
}

export interface SearchResults {
  query: string;
  /** Results matching the filters (type, category). */
  total: number;
  hits: SearchHit[];
  /** Results per type, and products per category, whatever the filters. */
  facets: { kinds: Partial<Record<SearchKind, number>>; categories: { value: string; count: number }[] };
  page: number;
  pages: number;
}

/** Words of a query looked for; more are ignored. */
const MAX_WORDS = 8;
/** Typo alternatives per word. */
const MAX_ALTERNATIVES = 12;
const MAX_CATEGORY_FACETS = 20;

/** A matching document as ranked, filtered and counted. */
interface Match {
  id: string;
  kind: SearchKind;
  title: string;
  priceCents: number | null;
  publishedOn: number;
  categories: string[];
  score: number;
  exact: boolean;
  inTitle: boolean;
}

export class SearchIndex {
  private readonly vocabulary: Vocabulary;
  private readonly engine: SearchEngine;

  constructor(
    private readonly db: Db,
    version: ContentVersion,
  ) {
    this.engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    this.vocabulary = new Vocabulary(db, version, this.engine);
  }

  /** What a visitor finds at `now` (a scheduled item is found from its publish time on). */
  async search(query: SearchQuery, now: number): Promise<SearchResults> {
    const words = await this.words(query.q);
    const matches = words.length ? await this.matches(words, now) : [];
    const kinds: Partial<Record<SearchKind, number>> = {};
    const categories = new Map<string, number>();
    for (const m of matches) {
      kinds[m.kind] = (kinds[m.kind] ?? 0) + 1;
      if (m.kind === 'product')
        for (const category of m.categories) categories.set(category, (categories.get(category) ?? 0) + 1);
    }
    const selected = matches
      .filter(
        (m) =>
          (!query.kind || m.kind === query.kind) &&
          (query.category === undefined || m.categories.includes(query.category)),
      )
      .sort(ORDER[query.sort]);
    const offset = (query.page - 1) * query.pageSize;
    return {
      query: query.q,
      total: selected.length,
      hits: await this.hits(selected.slice(offset, offset + query.pageSize), words),
      facets: {
        kinds,
        categories: [...categories]
          .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1))
          .slice(0, MAX_CATEGORY_FACETS)
          .map(([value, count]) => ({ value, count })),
      },
      page: query.page,
      pages: Math.ceil(selected.length / query.pageSize),
    };
  }

  /**
   * The first `perKind` results of each type, by relevance, and how many there are of each
   * (the header's predictive search).
   */
  async suggest(
    q: string,
    perKind: number,
    now: number,
  ): Promise<{ kind: SearchKind; count: number; hits: SearchHit[] }[]> {
    const words = await this.words(q);
    if (words.length === 0) return [];
    const matches = (await this.matches(words, now)).sort(BY_RELEVANCE);
    const groups = SEARCH_KINDS.map((kind) => {
      const ofKind = matches.filter((m) => m.kind === kind);
      return { kind, count: ofKind.length, first: ofKind.slice(0, perKind) };
    }).filter((g) => g.count > 0);
    const hits = await this.hits(
      groups.flatMap((g) => g.first),
      words,
    );
    return groups.map(({ kind, count }) => ({ kind, count, hits: hits.filter((h) => h.kind === kind) }));
  }

  /**
   * Every matching document, with what ranks, filters and counts it (not its text): one pass of
   * the full-text engine per search, then the rest in memory.
   */
  private async matches(words: QueryWord[], now: number): Promise<Match[]> {
    const rows = await matchingDocuments(this.db, this.engine, words, now);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      priceCents: r.price_cents === null ? null : Number(r.price_cents),
      publishedOn: Number(r.published_on),
      categories: r.categories ? r.categories.split('\n') : [],
      score: Number(r.score),
      exact: Number(r.exact) === 1,
      inTitle: Number(r.in_title) === 1,
    }));
  }

  /** The shown results' text, highlighted, in the order given. */
  private async hits(shown: Match[], words: QueryWord[]): Promise<SearchHit[]> {
    if (shown.length === 0) return [];
    const rows = await documentTexts(
      this.db,
      shown.map((m) => m.id),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return hitsOf(
      shown.flatMap((m) => byId.get(m.id) ?? []),
      words,
    );
  }

  /** The query's words, each with its typo alternatives. */
  private async words(q: string): Promise<QueryWord[]> {
    const typed = [...new Set(searchWords(q))].slice(0, MAX_WORDS);
    if (typed.length === 0) return [];
    const vocabulary = await this.vocabulary.current();
    return typed.map((w) => ({
      typed: w,
      typos: w.length >= 3 ? vocabulary.oneEditAway(w, MAX_ALTERNATIVES) : [],
    }));
  }
}

const SNIPPET_CHARS = 180;

/** Every word as typed first, then every word in the title, then the engine's score. */
const BY_RELEVANCE = (a: Match, b: Match): number =>
  Number(b.exact) - Number(a.exact) ||
  Number(b.inTitle) - Number(a.inTitle) ||
  b.score - a.score ||
  (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) ||
  (a.id < b.id ? -1 : 1);
/** Results without a price (not products) after those with one. */
const byPrice = (direction: 1 | -1) => (a: Match, b: Match) =>
  (a.priceCents === null ? 1 : 0) - (b.priceCents === null ? 1 : 0) ||
  direction * ((a.priceCents ?? 0) - (b.priceCents ?? 0)) ||
  BY_RELEVANCE(a, b);
const ORDER: Record<SearchSort, (a: Match, b: Match) => number> = {
  relevance: BY_RELEVANCE,
  'price-asc': byPrice(1),
  'price-desc': byPrice(-1),
  newest: (a, b) => b.publishedOn - a.publishedOn || BY_RELEVANCE(a, b),
};

function hitsOf(rows: DocumentTextRow[], words: QueryWord[]): SearchHit[] {
  const matcher = wordMatcher(words);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    url: row.url,
    imageUrl: row.image_url,
    priceCents: row.price_cents === null ? null : Number(row.price_cents),
    titleHtml: highlight(row.title, matcher),
    snippetHtml: highlight(row.body, matcher, SNIPPET_CHARS),
  }));
}

/** Whether a folded word of a result is one the query found: a typed word's prefix, or a typo's word. */
function wordMatcher(words: QueryWord[]): WordMatcher {
  const typos = new Set(words.flatMap((w) => w.typos));
  return (word) => typos.has(word) || words.some((w) => word.startsWith(w.typed));
}
