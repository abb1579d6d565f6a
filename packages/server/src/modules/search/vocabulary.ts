/**
 * The indexed words, kept in memory while no catalogue change key moves (the words change only with
 * the content; store.ts lists them). Typo tolerance asks it for the words one edit away from a query word.
 */
import type { ContentVersion } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { indexedWords, type SearchEngine } from './store.ts';

/** Words this long or shorter are only offered typos of their length or one longer. */
const SHORT_WORD = 4;
const MIN_TYPO_WORD = 3;

export class Words {
  private readonly byLength = new Map<number, string[]>();

  constructor(words: Iterable<string>) {
    for (const word of words) {
      const list = this.byLength.get(word.length);
      if (list) list.push(word);
      else this.byLength.set(word.length, [word]);
    }
  }

  /**
   * Up to `limit` words one edit from `word` (not `word` itself, nor words it is a prefix of). A
   * short word loses no letter ("lin" is not "in"), and no word under 3 letters is offered: those
   * would match nearly everything.
   */
  oneEditAway(word: string, limit: number): string[] {
    const found: string[] = [];
    const lengths = [word.length, word.length + 1];
    if (word.length > SHORT_WORD) lengths.push(word.length - 1);
    for (const length of lengths.filter((n) => n >= MIN_TYPO_WORD))
      for (const candidate of this.byLength.get(length) ?? []) {
        if (found.length >= limit) return found;
        if (!candidate.startsWith(word) && withinOneEdit(word, candidate)) found.push(candidate);
      }
    return found;
  }
}

/**
 * Whether `a` becomes `b` by one substitution, insertion or deletion, or one swap of two
 * neighbouring letters (optimal string alignment distance 1), or is `b`.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return (
      a.slice(i + 1) === b.slice(i + 1) ||
      (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
    );
  return a.length < b.length ? a.slice(i) === b.slice(i + 1) : a.slice(i + 1) === b.slice(i);
}

export class Vocabulary {
  private version: string | number | undefined;
  private words: Promise<Words> | undefined;

  constructor(
    private readonly db: Db,
    private readonly contentVersion: ContentVersion,
    private readonly engine: SearchEngine,
  ) {}

  /** The words of the content as it is now (reloaded once after each content change). */
  async current(): Promise<Words> {
    const version = await this.contentVersion(this.db);
    if (this.words === undefined || version !== this.version) {
      this.version = version;
      this.words = this.load();
      this.words.catch(() => {
        if (this.version === version) this.words = undefined;
      });
    }
    return this.words;
  }

  private async load(): Promise<Words> {
    return new Words(await indexedWords(this.db, this.engine));
  }
}
