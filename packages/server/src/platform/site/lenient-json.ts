/** Where a JSON text failed to parse: 1-based line and column, and the reason. */
export interface JsonProblem {
  message: string;
  line: number;
  column: number;
}

export type LenientJsonResult = { ok: true; value: unknown } | { ok: false; problem: JsonProblem };

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

/**
 * Parses JSON leniently, as template.conf files in the wild need: trailing commas before `]` or `}`
 * and `//` or `/* *\/` comments are accepted. Errors carry the line and column of the offending
 * character (Node's own JSON.parse does not say where).
 */
export function parseLenientJson(text: string): LenientJsonResult {
  const source = text.replace(/^\uFEFF/, '');
  // Strict JSON (every content file a tool writes) goes through the built-in parser, about ten
  // times faster: a 100,000-product collection file takes seconds here, not tens of seconds.
  try {
    return { ok: true, value: JSON.parse(source) as unknown };
  } catch {
    // Comments, trailing commas or a real error: the lenient parser accepts or locates it.
  }
  try {
    const parser = new Parser(source);
    const value = parser.document();
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const { line, column } = lineAndColumn(source, error.position);
    return { ok: false, problem: { message: error.message, line, column } };
  }
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

const describe = (ch: string | undefined) => (ch === undefined ? 'end of input' : `'${ch}'`);

class Parser {
  private pos = 0;
  constructor(private readonly s: string) {}

  document(): unknown {
    const value = this.value();
    this.space();
    if (this.pos < this.s.length) this.fail(`unexpected ${describe(this.s[this.pos])} after the JSON value`);
    return value;
  }

  private fail(message: string, at = this.pos): never {
    throw new JsonSyntaxError(message, at);
  }

  private space(): void {
    const s = this.s;
    for (;;) {
      const ch = s[this.pos];
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') this.pos++;
      else if (ch === '/' && s[this.pos + 1] === '/') {
        while (this.pos < s.length && s[this.pos] !== '\n') this.pos++;
      } else if (ch === '/' && s[this.pos + 1] === '*') {
        const close = s.indexOf('*/', this.pos + 2);
        if (close < 0) this.fail('unterminated comment');
        this.pos = close + 2;
      } else return;
    }
  }

  private value(): unknown {
    this.space();
    const ch = this.s[this.pos];
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"') return this.string();
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return this.number();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.s.startsWith(word, this.pos)) {
        this.pos += word.length;
        return value;
      }
    }
    return this.fail(`unexpected ${describe(ch)}, expected a value`);
  }

  private object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.pos++;
    for (;;) {
      this.space();
      if (this.s[this.pos] === '}') {
        this.pos++;
        return out;
      }
      if (this.s[this.pos] !== '"')
        this.fail(`unexpected ${describe(this.s[this.pos])}, expected a property name in double quotes`);
      const key = this.string();
      this.space();
      if (this.s[this.pos] !== ':')
        this.fail(`unexpected ${describe(this.s[this.pos])}, expected ':' after a property name`);
      this.pos++;
      out[key] = this.value();
      this.space();
      const next = this.s[this.pos];
      if (next === ',') this.pos++;
      else if (next !== '}') this.fail(`unexpected ${describe(next)}, expected ',' or '}'`);
    }
  }

  private array(): unknown[] {
    const out: unknown[] = [];
    this.pos++;
    for (;;) {
      this.space();
      if (this.s[this.pos] === ']') {
        this.pos++;
        return out;
      }
      out.push(this.value());
      this.space();
      const next = this.s[this.pos];
      if (next === ',') this.pos++;
      else if (next !== ']') this.fail(`unexpected ${describe(next)}, expected ',' or ']'`);
    }
  }

  private string(): string {
    const start = this.pos;
    this.pos++;
    for (;;) {
      const ch = this.s[this.pos];
      if (ch === undefined || ch === '\n') this.fail('unterminated string', start);
      if (ch === '\\') this.pos += 2;
      else if (ch === '"') {
        this.pos++;
        try {
          return JSON.parse(this.s.slice(start, this.pos)) as string;
        } catch {
          return this.fail('invalid escape in string', start);
        }
      } else this.pos++;
    }
  }

  private number(): number {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.s.slice(this.pos, this.pos + 64));
    if (!m) return this.fail('invalid number');
    this.pos += m[0].length;
    return Number(m[0]);
  }
}
