/**
 * The `{.eval}` expression language (jsont.md section 9): a tokenizer, a shunting-yard assembler
 * to reverse Polish notation, and a stack reducer with JavaScript semantics on primitive values.
 */
import type { EvalInst, Path } from './ast.ts';
import { Frame, resolvePath } from './frame.ts';
import { pathOf } from './paths.ts';
import { emitString } from './values.ts';

const enum T {
  Operator,
  Null,
  Number,
  Boolean,
  String,
  Call,
  Args,
  Variable,
}

const enum O {
  PLUS,
  MINUS,
  LNOT,
  BNOT,
  POW,
  MUL,
  DIV,
  MOD,
  ADD,
  SUB,
  SHL,
  SHR,
  LT,
  GT,
  EQ,
  NEQ,
  SEQ,
  SNEQ,
  LTEQ,
  GTEQ,
  BAND,
  BXOR,
  BOR,
  LAND,
  LOR,
  ASN,
  SEMI,
  COMMA,
  LPRN,
  RPRN,
}

interface Operator {
  readonly type: O;
  readonly prec: number;
  /** 0 left, 1 right */
  readonly assoc: number;
  readonly desc: string;
}

type Token =
  | { readonly type: T.Operator; readonly value: Operator }
  | { readonly type: T.Null; readonly value: null }
  | { readonly type: T.Number; readonly value: number }
  | { readonly type: T.Boolean; readonly value: boolean }
  | { readonly type: T.String; readonly value: string }
  | { readonly type: T.Call; readonly value: string }
  | { readonly type: T.Args; readonly value: null }
  | { readonly type: T.Variable; readonly value: Path };

type Literal = Extract<Token, { type: T.Null | T.Number | T.Boolean | T.String }>;

const op = (type: O, prec: number, assoc: number, desc: string): Token => ({
  type: T.Operator,
  value: { type, prec, assoc, desc },
});

const PLUS = op(O.PLUS, 17, 1, 'unary plus');
const MINUS = op(O.MINUS, 17, 1, 'unary minus');
const LNOT = op(O.LNOT, 17, 1, 'logical not');
const BNOT = op(O.BNOT, 17, 1, 'bitwise not');
const POW = op(O.POW, 16, 1, 'exponent');
const MUL = op(O.MUL, 15, 0, 'multiply');
const DIV = op(O.DIV, 15, 0, 'divide');
const MOD = op(O.MOD, 15, 0, 'modulus');
const ADD = op(O.ADD, 14, 0, 'add');
const SUB = op(O.SUB, 14, 0, 'subtract');
const SHL = op(O.SHL, 13, 0, 'left shift');
const SHR = op(O.SHR, 13, 0, 'right shift');
const LT = op(O.LT, 12, 0, 'less than');
const GT = op(O.GT, 12, 0, 'greater than');
const LTEQ = op(O.LTEQ, 12, 0, 'less than or equal');
const GTEQ = op(O.GTEQ, 12, 0, 'greater than or equal');
const EQ = op(O.EQ, 11, 0, 'equality');
const NEQ = op(O.NEQ, 11, 0, 'inequality');
const SEQ = op(O.SEQ, 11, 0, 'strict equality');
const SNEQ = op(O.SNEQ, 11, 0, 'strict inequality');
const BAND = op(O.BAND, 10, 0, 'bitwise and');
const BXOR = op(O.BXOR, 9, 0, 'bitwise xor');
const BOR = op(O.BOR, 8, 0, 'bitwise or');
const LAND = op(O.LAND, 7, 0, 'logical and');
const LOR = op(O.LOR, 6, 0, 'logical or');
const ASN = op(O.ASN, 3, 1, 'assign');
const SEMI = op(O.SEMI, 1, 0, 'semicolon');
const COMMA = op(O.COMMA, 1, 1, 'comma');
const LPRN = op(O.LPRN, 1, 0, 'left paren');
const RPRN = op(O.RPRN, 1, 0, 'right paren');

const num = (value: number): Literal => ({ type: T.Number, value });
const bool = (value: boolean): Literal => ({ type: T.Boolean, value });
const str = (value: string): Literal => ({ type: T.String, value });
const NULL: Literal = { type: T.Null, value: null };
const ARGS: Token = { type: T.Args, value: null };
const MINUS_ONE = num(-1);

const CONSTANTS: Record<string, Literal> = {
  null: NULL,
  true: bool(true),
  false: bool(false),
  PI: num(Math.PI),
  E: num(Math.E),
  Infinity: num(Infinity),
  NaN: num(NaN),
};

function hexEnd(s: string, i: number, len: number): number {
  let j = i;
  while (j < len) {
    const c = s.charCodeAt(j);
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70)) j++;
    else break;
  }
  return j;
}

/** Scans a decimal number; returns its end, or -2 / -3 / -4 for the three number errors. */
function decimalEnd(s: string, i: number, len: number): number {
  let j = i;
  let dot = false;
  let e = false;
  let edig = false;
  let esgn = false;
  loop: while (j < len) {
    const c = s[j];
    switch (c) {
      case '.':
        if (dot) return -3;
        if (e) return -4;
        dot = true;
        break;
      case 'e':
      case 'E':
        if (e) break loop;
        e = true;
        edig = true;
        break;
      case '-':
      case '+':
        if (!edig || !e || esgn) break loop;
        esgn = true;
        break;
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9':
        edig = false;
        break;
      default:
        break loop;
    }
    j++;
  }
  if (edig) return -2;
  return j;
}

function asnum(t: Literal): number {
  switch (t.type) {
    case T.Number:
      return t.value;
    case T.String: {
      const v = t.value;
      if (!v) return 0;
      const len = v.length;
      let i = 0;
      const c = v[0];
      if (c === '-' || c === '+') i++;
      if (i === len) return NaN;
      const d = v[i] as string;
      if (d === '0' && (v[i + 1] === 'x' || v[i + 1] === 'X')) {
        return hexEnd(v, i + 2, len) === len ? parseInt(v, 16) : NaN;
      }
      if (d < '0' || d > '9') return NaN;
      return decimalEnd(v, i, len) === len ? parseFloat(v) : NaN;
    }
    case T.Boolean:
      return t.value ? 1 : 0;
    default:
      return 0;
  }
}

function asbool(t: Literal): boolean {
  switch (t.type) {
    case T.Boolean:
      return t.value;
    case T.Number:
    case T.String:
      return !!t.value;
    default:
      return false;
  }
}

function asstr(t: Literal): string {
  switch (t.type) {
    case T.Boolean:
      return t.value ? 'true' : 'false';
    case T.Number:
      return String(t.value);
    case T.String:
      return t.value;
    default:
      return 'null';
  }
}

function asliteral(frame: Frame, t: Token | undefined): Literal | undefined {
  if (t === undefined) return undefined;
  switch (t.type) {
    case T.Variable: {
      const v = resolvePath(t.value, frame);
      switch (typeof v) {
        case 'boolean':
          return bool(v);
        case 'number':
          return num(v);
        case 'string':
          return str(v);
        default:
          return v === null || v === undefined ? NULL : undefined;
      }
    }
    case T.Boolean:
    case T.Number:
    case T.String:
    case T.Null:
      return t;
    default:
      return undefined;
  }
}

function select(p: (a: number, b: number) => boolean, tk: Literal[]): Literal | undefined {
  if (tk.length === 0) return undefined;
  let a = asnum(tk[0] as Literal);
  for (let i = 1; i < tk.length; i++) {
    const b = asnum(tk[i] as Literal);
    a = p(a, b) ? a : b;
  }
  return num(a);
}

const FUNCTIONS: Record<string, (tk: Literal[]) => Literal | undefined> = {
  max: (tk) => select((a, b) => a > b, tk),
  min: (tk) => select((a, b) => a < b, tk),
  abs: (tk) => (tk.length ? num(Math.abs(asnum(tk[0] as Literal))) : undefined),
  num: (tk) => (tk.length ? num(asnum(tk[0] as Literal)) : undefined),
  str: (tk) => (tk.length ? str(asstr(tk[0] as Literal)) : undefined),
  bool: (tk) => (tk.length ? bool(asbool(tk[0] as Literal)) : undefined),
};
const hasOwn = Object.prototype.hasOwnProperty;

function tokenDebug(t: Token | undefined): string {
  if (t === undefined) return 'undefined';
  switch (t.type) {
    case T.Boolean:
      return t.value ? 'true' : 'false';
    case T.Null:
      return 'null';
    case T.Number:
      return String(t.value);
    case T.String:
      return JSON.stringify(t.value);
    case T.Operator:
      return `<${t.value.desc}>`;
    case T.Variable:
      return t.value.raw;
    case T.Call:
      return `${t.value}()`;
    case T.Args:
      return '<args>';
  }
}

const CHAR_NAMES: Record<string, string> = {
  '\b': 'backspace',
  '\f': 'form feed',
  '\n': 'line feed',
  '\r': 'carriage return',
  '\t': 'tab',
};
const charName = (c: string): string => CHAR_NAMES[c] ?? (c <= '\u001f' ? 'control character' : 'character');

const RE_VARREF =
  /(?:\d+|(?:@|\$)?[a-zA-Z][a-zA-Z0-9_-]*|@)(?:\.(?:\d+|(?:@|\$)?[a-zA-Z][a-zA-Z0-9_-]*|@))*/y;

export interface ExprLimits {
  /** Maximum tokens per expression (0 = no limit). */
  maxTokens?: number;
  /** Maximum length of a concatenated string (0 = no limit). */
  maxStringLen?: number;
}

/** A parsed `{.eval}` program. */
export class Expr {
  readonly expr: Token[][] = [];
  readonly errors: string[] = [];
  private readonly tokens: Token[] = [];
  private readonly maxTokens: number;
  private readonly maxStringLen: number;

  constructor(
    readonly raw: string,
    limits: ExprLimits = {},
  ) {
    this.maxTokens = limits.maxTokens ?? 0;
    this.maxStringLen = limits.maxStringLen ?? 0;
    this.tokenize(raw);
    this.build();
  }

  debug(): string {
    return `EVAL=[${this.expr.map((e) => '[' + e.map(tokenDebug).join(' ') + ']').join(', ')}]`;
  }

  /** Evaluates every expression against `frame`; returns the last value, or undefined. */
  reduce(
    frame: Frame,
    setVar: (name: string, v: unknown) => void,
    error: (m: string) => void,
  ): Literal | undefined {
    let r: Literal | undefined;
    for (const e of this.expr) r = this.reduceExpr(frame, e, setVar, error);
    return r;
  }

  private reduceExpr(
    frame: Frame,
    expr: Token[],
    setVar: (name: string, v: unknown) => void,
    error: (m: string) => void,
  ): Literal | undefined {
    const stack: (Token | undefined)[] = [];
    const setTop = (t: Token | undefined): void => {
      if (stack.length) stack[stack.length - 1] = t;
    };
    const top = (): Token | undefined => (stack.length ? stack[stack.length - 1] : undefined);
    const fail = (m: string): void => error(`RuntimeError: Error reducing expression: ${this.raw}: ${m}`);
    loop: for (const t of expr) {
      switch (t.type) {
        case T.Boolean:
        case T.String:
        case T.Number:
        case T.Null:
        case T.Variable:
        case T.Args:
          stack.push(t);
          continue;
        case T.Call: {
          const args: Literal[] = [];
          while (top() !== undefined && (top() as Token).type !== T.Args) {
            const a = asliteral(frame, stack.pop());
            if (a) args.push(a);
          }
          stack.pop();
          args.reverse();
          const fn = FUNCTIONS[t.value] as (tk: Literal[]) => Literal | undefined;
          const r = fn(args);
          if (!r) {
            fail(`Error calling function ${t.value}`);
            break loop;
          }
          stack.push(r);
          continue;
        }
        case T.Operator: {
          switch (t.value.type) {
            case O.MINUS: {
              const a = asliteral(frame, top());
              setTop(a ? num(asnum(MINUS_ONE as Literal) * asnum(a)) : undefined);
              continue;
            }
            case O.PLUS: {
              const a = asliteral(frame, top());
              setTop(a ? num(asnum(a)) : undefined);
              continue;
            }
            case O.LNOT: {
              const a = asliteral(frame, top());
              setTop(a ? bool(!asbool(a)) : undefined);
              continue;
            }
            case O.BNOT: {
              const a = asliteral(frame, top());
              setTop(a ? num(~asnum(a)) : undefined);
              continue;
            }
            case O.ASN: {
              const b = asliteral(frame, stack.pop());
              const a = stack.pop();
              if (a !== undefined && a.type === T.Variable && b !== undefined) {
                const segs = a.value.segs;
                const name = segs[0];
                if (segs.length === 1 && typeof name === 'string' && name[0] === '@') setVar(name, b.value);
              }
              setTop(undefined);
              break loop;
            }
            default:
              break;
          }
          const b = asliteral(frame, stack.pop());
          const a = asliteral(frame, stack.pop());
          if (a === undefined || b === undefined) {
            fail(`Invalid arguments to operator ${t.value.desc}`);
            break loop;
          }
          let r: Literal;
          const av = a.value as never;
          const bv = b.value as never;
          switch (t.value.type) {
            case O.MUL:
              r = num(asnum(a) * asnum(b));
              break;
            case O.DIV:
              r = num(asnum(a) / asnum(b));
              break;
            case O.ADD:
              if (a.type === T.String || b.type === T.String) {
                const x = asstr(a);
                const y = asstr(b);
                if (this.maxStringLen > 0 && x.length + y.length > this.maxStringLen) {
                  fail(`Concatenation would exceed maximum string length ${this.maxStringLen}`);
                  break loop;
                }
                r = str(x + y);
              } else {
                r = num(asnum(a) + asnum(b));
              }
              break;
            case O.SUB:
              r = num(asnum(a) - asnum(b));
              break;
            case O.POW:
              r = num(Math.pow(asnum(a), asnum(b)));
              break;
            case O.MOD:
              r = num(asnum(a) % asnum(b));
              break;
            case O.SHL:
              r = num(asnum(a) << asnum(b));
              break;
            case O.SHR:
              r = num(asnum(a) >> asnum(b));
              break;
            case O.LT:
              r = bool(av < bv);
              break;
            case O.LTEQ:
              r = bool(av <= bv);
              break;
            case O.GT:
              r = bool(av > bv);
              break;
            case O.GTEQ:
              r = bool(av >= bv);
              break;
            case O.EQ:
              r = bool(av == bv);
              break;
            case O.NEQ:
              r = bool(av != bv);
              break;
            case O.SEQ:
              r = bool(av === bv);
              break;
            case O.SNEQ:
              r = bool(av !== bv);
              break;
            case O.BAND:
              r = num(asnum(a) & asnum(b));
              break;
            case O.BXOR:
              r = num(asnum(a) ^ asnum(b));
              break;
            case O.BOR:
              r = num(asnum(a) | asnum(b));
              break;
            case O.LAND:
              r = bool(asbool(a) && asbool(b));
              break;
            case O.LOR:
              r = bool(asbool(a) || asbool(b));
              break;
            default:
              setTop(undefined);
              break loop;
          }
          stack.push(r);
        }
      }
    }
    const r = top();
    if (r) {
      const v = asliteral(frame, r);
      if (v) return v;
      fail('Reduce error: unexpected token on stack');
    }
    return undefined;
  }

  private push(t: Token): void {
    if (this.errors.length) return;
    const toks = this.tokens;
    if (t.type === T.Operator) {
      const type = t.value.type;
      if (type === O.SUB || type === O.ADD) {
        const top = toks[toks.length - 1];
        if (!top || (top.type === T.Operator && top.value.type !== O.RPRN)) t = type === O.SUB ? MINUS : PLUS;
      } else if (type === O.LPRN) {
        const top = toks[toks.length - 1];
        if (top && top.type === T.Variable && top.value.segs.length === 1) {
          const name = top.value.segs[0];
          if (typeof name === 'string' && hasOwn.call(FUNCTIONS, name)) {
            toks[toks.length - 1] = { type: T.Call, value: name };
          } else {
            this.errors.push(`Invalid function ${String(name)}`);
            return;
          }
        }
      }
    }
    toks.push(t);
    if (this.maxTokens > 0 && toks.length > this.maxTokens) {
      this.errors.push(`Expression exceeds the maximum number of allowed tokens: ${this.maxTokens}`);
    }
  }

  private pushExpr(queue: Token[], ops: Token[]): boolean {
    while (ops.length) {
      const t = ops.pop() as Token;
      if (t.type === T.Operator && (t.value.type === O.LPRN || t.value.type === O.RPRN)) {
        this.errors.push(`Mismatched operator found: ${t.value.desc}`);
        return false;
      }
      queue.push(t);
    }
    if (queue.length) this.expr.push(queue);
    return true;
  }

  private build(): void {
    if (this.errors.length) return;
    let out: Token[] = [];
    const ops: Token[] = [];
    const isLprn = (t: Token | undefined): boolean =>
      t !== undefined && t.type === T.Operator && t.value.type === O.LPRN;
    for (const t of this.tokens) {
      if (t.type === T.Operator) {
        switch (t.value.type) {
          case O.SEMI:
            if (!this.pushExpr(out, ops)) return;
            out = [];
            break;
          case O.LPRN:
            ops.push(t);
            break;
          case O.COMMA:
            while (ops.length && !isLprn(ops[ops.length - 1])) out.push(ops.pop() as Token);
            break;
          case O.RPRN: {
            while (ops.length && !isLprn(ops[ops.length - 1])) out.push(ops.pop() as Token);
            if (!isLprn(ops[ops.length - 1])) {
              this.errors.push(`Mismatched operator found: ${t.value.desc}`);
              return;
            }
            ops.pop();
            const top = ops[ops.length - 1];
            if (top && top.type === T.Call) out.push(ops.pop() as Token);
            break;
          }
          default: {
            const prec = t.value.prec;
            for (;;) {
              const top = ops[ops.length - 1];
              if (top === undefined) break;
              if (
                top.type !== T.Operator ||
                (top.value.type !== O.LPRN &&
                  (top.value.prec > prec || (top.value.prec === prec && top.value.assoc === 0)))
              ) {
                out.push(ops.pop() as Token);
              } else {
                break;
              }
            }
            ops.push(t);
            break;
          }
        }
      } else if (t.type === T.Call) {
        out.push(ARGS);
        ops.push(t);
      } else {
        out.push(t);
      }
    }
    this.pushExpr(out, ops);
  }

  private tokenize(s: string): void {
    const len = s.length;
    let i = 0;
    while (i < len) {
      if (this.errors.length) return;
      const c0 = s[i] as string;
      const c1 = i + 1 < len ? (s[i + 1] as string) : '';
      switch (c0) {
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7':
        case '8':
        case '9': {
          if (c0 === '0' && (c1 === 'x' || c1 === 'X')) {
            const j = hexEnd(s, i + 2, len);
            if (j === i + 2) {
              this.errors.push('Expected digits after start of hex number');
              return;
            }
            this.push(num(parseInt(s.substring(i + 2, j), 16)));
            i = j;
          } else {
            const j = decimalEnd(s, i, len);
            if (j < 0) {
              this.errors.push(
                j === -2
                  ? 'Expected a digit after exponent in decimal number'
                  : j === -3
                    ? 'Duplicate decimal point in number'
                    : 'Unexpected decimal point in exponent',
              );
              return;
            }
            this.push(num(parseFloat(s.substring(i, j))));
            i = j;
          }
          continue;
        }
        case '"':
        case "'": {
          const j = this.string(s, i + 1, len, c0);
          if (j === -1) return;
          i = j;
          continue;
        }
        case '*':
          if (c1 === '*') {
            i++;
            this.push(POW);
          } else this.push(MUL);
          break;
        case '/':
          this.push(DIV);
          break;
        case '%':
          this.push(MOD);
          break;
        case '+':
          this.push(ADD);
          break;
        case '-':
          this.push(SUB);
          break;
        case '=':
          if (c1 === '=') {
            i++;
            if (s[i + 1] === '=') {
              i++;
              this.push(SEQ);
            } else this.push(EQ);
          } else this.push(ASN);
          break;
        case '!':
          if (c1 === '=') {
            i++;
            if (s[i + 1] === '=') {
              i++;
              this.push(SNEQ);
            } else this.push(NEQ);
          } else this.push(LNOT);
          break;
        case '<':
          if (c1 === '<') {
            i++;
            this.push(SHL);
          } else if (c1 === '=') {
            i++;
            this.push(LTEQ);
          } else this.push(LT);
          break;
        case '>':
          if (c1 === '>') {
            i++;
            this.push(SHR);
          } else if (c1 === '=') {
            i++;
            this.push(GTEQ);
          } else this.push(GT);
          break;
        case '~':
          this.push(BNOT);
          break;
        case '&':
          if (c1 === '&') {
            i++;
            this.push(LAND);
          } else this.push(BAND);
          break;
        case '|':
          if (c1 === '|') {
            i++;
            this.push(LOR);
          } else this.push(BOR);
          break;
        case '^':
          this.push(BXOR);
          break;
        case ' ':
        case '\n':
        case '\t':
        case '\r':
        case '\u00a0':
          break;
        case ',':
          this.push(COMMA);
          break;
        case ';':
          this.push(SEMI);
          break;
        case '(':
          this.push(LPRN);
          break;
        case ')':
          this.push(RPRN);
          break;
        default: {
          RE_VARREF.lastIndex = i;
          const m = RE_VARREF.exec(s);
          if (m !== null) {
            i = RE_VARREF.lastIndex;
            const raw = m[0];
            if (raw.indexOf('.') === -1 && hasOwn.call(CONSTANTS, raw)) {
              this.push(CONSTANTS[raw] as Literal);
              continue;
            }
            this.push({ type: T.Variable, value: pathOf(raw) });
            continue;
          }
          this.errors.push(`Unexpected ${charName(c0)} at ${i}: ${JSON.stringify(c0)}`);
          return;
        }
      }
      i++;
    }
  }

  private string(s: string, i: number, len: number, end: string): number {
    let out = '';
    while (i < len) {
      let c = s[i] as string;
      const j = i + 1;
      if (c === '\\' && j < len) {
        c = s[j] as string;
        switch (c) {
          case 'n':
            out += '\n';
            break;
          case 't':
            out += '\t';
            break;
          case 'f':
            out += '\f';
            break;
          case 'r':
            out += '\r';
            break;
          case 'x': {
            i += 2;
            const lim = i + 2;
            if (lim >= len) {
              this.errors.push('Invalid 2-char hex escape found');
              return -1;
            }
            const k = hexEnd(s, i, lim);
            if (k !== lim) {
              this.errors.push('Invalid 2-char hex escape found');
              return -1;
            }
            const code = parseInt(s.substring(i, k), 16);
            out += code <= 0x08 || (code >= 0x0e && code < 0x20) ? ' ' : String.fromCharCode(code);
            i = k;
            continue;
          }
          case 'u':
          case 'U': {
            i += 2;
            const lim = i + (c === 'u' ? 4 : 8);
            const k = hexEnd(s, i, lim < len ? lim : len);
            if (k !== lim) {
              this.errors.push('Invalid unicode escape found');
              return -1;
            }
            let code = parseInt(s.substring(i, k), 16);
            if (code <= 0x08 || (code >= 0x0e && code < 0x20) || code > 0x10ffff) {
              out += ' ';
            } else if (code > 0xffff) {
              code -= 0x10000;
              out += String.fromCharCode(((code / 0x400) | 0) + 0xd800, (code % 0x400) + 0xdc00);
            } else {
              out += String.fromCharCode(code);
            }
            i = k;
            continue;
          }
          default:
            out += c;
            break;
        }
        i += 2;
        continue;
      }
      if (c === end) {
        this.push(str(out));
        return i + 1;
      }
      if (c === '\n' || c === '\r') {
        this.errors.push(`Illegal bare ${charName(c)} character in string literal`);
        return -1;
      }
      out += c;
      i++;
    }
    this.errors.push('Unterminated string');
    return -1;
  }
}

interface EvalCache {
  expr: Expr;
  debug: boolean;
  raw: string;
}

/** What `{.eval}` needs from the render in progress (the executor's RenderState is one). */
export interface EvalHost {
  readonly exprLimits: ExprLimits;
  readonly reportedEval: Set<EvalInst>;
  readonly frame: Frame;
  out: string;
  error(code: string, message: string): void;
  setVar(name: string, value: unknown, frame: Frame): void;
}

/** Executes `{.eval}`: parse errors and reduce errors are recorded; on error nothing is bound or output. */
export function evaluateEval(inst: EvalInst, ctx: EvalHost): void {
  let c = inst.cache as EvalCache | undefined;
  if (c === undefined) {
    let raw = inst.code;
    let debug = false;
    if (raw.startsWith('#')) {
      raw = raw.slice(1);
      debug = true;
    }
    c = { expr: new Expr(raw, ctx.exprLimits), debug, raw };
    inst.cache = c;
  }
  const expr = c.expr;
  // Parse errors are reported once per render (the reference parses once and caches).
  if (expr.errors.length && !ctx.reportedEval.has(inst)) {
    ctx.reportedEval.add(inst);
    for (const e of expr.errors) {
      ctx.error('expression-parse', `RuntimeError: Error parsing expression: ${JSON.stringify(c.raw)}: ${e}`);
    }
  }
  if (c.debug) ctx.out += expr.debug();
  if (expr.errors.length) return;
  const frame = ctx.frame;
  const temp = new Frame(frame.node, frame);
  const assigned: [string, unknown][] = [];
  let failed = false;
  const r = expr.reduce(
    temp,
    (name, v) => {
      (temp.vars ??= new Map()).set(name, v);
      assigned.push([name, v]);
    },
    (m) => {
      failed = true;
      ctx.error('expression-reduce', m);
    },
  );
  if (failed) return;
  for (const [k, v] of assigned) ctx.setVar(k, v, frame);
  if (r !== undefined) {
    if (c.debug) ctx.out += ' -> ';
    const s = emitString(r.value);
    if (s.length > 0) ctx.out += s;
  }
}
