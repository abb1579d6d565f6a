/** Where a JSON text failed to parse: 1-based line and column, and the reason. */
export interface JsonProblem {
  message: string;
  line: number;
  column: number;
}

export type LenientJsonResult = { ok: true; value: unknown } | { ok: false; problem: JsonProblem };

/**
 * Parses JSON leniently, as template.conf files in the wild need: trailing commas before `]` or `}`
 * and `//` or `/* *\/` comments are accepted (blanked out, so positions stay true). Errors carry the
 * line and column of the offending character.
 */
export function parseLenientJson(text: string): LenientJsonResult {
  const cleaned = blankTrailingCommasAndComments(text.replace(/^\uFEFF/, ''));
  try {
    return { ok: true, value: JSON.parse(cleaned) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = positionOf(message, cleaned);
    const { line, column } = lineAndColumn(cleaned, position);
    return {
      ok: false,
      problem: { message: message.replace(/\s*\(line \d+ column \d+\)/, ''), line, column },
    };
  }
}

function positionOf(message: string, text: string): number {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) {
    const line = Number(lc[1]);
    const column = Number(lc[2]);
    let pos = 0;
    for (let l = 1; l < line; l++) {
      const next = text.indexOf('\n', pos);
      if (next < 0) break;
      pos = next + 1;
    }
    return pos + column - 1;
  }
  const at = /position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  // "Unexpected end of JSON input": the end of the text.
  return text.trimEnd().length;
}

export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(position, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

function blankTrailingCommasAndComments(text: string): string {
  const out = text.split('');
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (ch === '"') {
      i++;
      while (i < n && text[i] !== '"') {
        if (text[i] === '\\') i++;
        i++;
      }
      i++;
      continue;
    }
    if (ch === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') out[i++] = ' ';
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const stop = close < 0 ? n : close + 2;
      for (; i < stop; i++) if (text[i] !== '\n') out[i] = ' ';
      continue;
    }
    if (ch === ',') {
      let j = i + 1;
      while (j < n) {
        if (/\s/.test(text[j] ?? '')) j++;
        else if (text[j] === '/' && text[j + 1] === '/') {
          while (j < n && text[j] !== '\n') j++;
        } else if (text[j] === '/' && text[j + 1] === '*') {
          const close = text.indexOf('*/', j + 2);
          j = close < 0 ? n : close + 2;
        } else break;
      }
      if (text[j] === ']' || text[j] === '}') out[i] = ' ';
    }
    i++;
  }
  return out.join('');
}
