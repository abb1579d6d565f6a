/** Result text as escaped HTML with the words a query found in <mark> (pure). */
import { escapeHtml } from '../../platform/http/html.ts';
import { fold } from './documents.ts';

/** Whether a folded word is one the query found. */
export type WordMatcher = (foldedWord: string) => boolean;

/**
 * `text` escaped, found words marked. With `window`, only about that many characters around the
 * first found word (from the start when none is found), cut at word boundaries and marked with "…".
 */
export function highlight(text: string, isFound: WordMatcher, window?: number): string {
  const found: { start: number; end: number }[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu))
    if (isFound(fold(match[0]))) found.push({ start: match.index, end: match.index + match[0].length });
  let from = 0;
  let to = text.length;
  if (window !== undefined && text.length > window) {
    const first = found[0]?.start ?? 0;
    from = Math.max(0, first - Math.floor(window / 3));
    if (from > 0) from = wordStart(text, from);
    to = Math.min(text.length, from + window);
    if (to < text.length) to = wordEnd(text, to);
  }
  let html = from > 0 ? '… ' : '';
  let at = from;
  for (const { start, end } of found) {
    if (end <= from || start >= to) continue;
    html += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return html + escapeHtml(text.slice(at, to)) + (to < text.length ? ' …' : '');
}

/** The start of the word after `at` when `at` is inside one. */
function wordStart(text: string, at: number): number {
  const space = text.indexOf(' ', at);
  return space === -1 ? at : space + 1;
}

/** The end of the word before `at`. */
function wordEnd(text: string, at: number): number {
  const space = text.lastIndexOf(' ', at);
  return space <= 0 ? at : space;
}
