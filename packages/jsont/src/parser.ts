/**
 * Scanner, tag parser and assembler (jsont.md sections 2, 5 and 5.11).
 *
 * The scanner cuts the source into text and tags, each tag is parsed into one instruction (a tag
 * that is not valid syntax becomes literal text) and the assembler nests blocks with an explicit
 * stack (no recursion, so arbitrarily deep nesting compiles).
 */
import { Op } from './ast.ts';
import type {
  BlockInst,
  FormatterCall,
  Inst,
  MacroInst,
  OrInst,
  Path,
  RepeatedInst,
  SectionInst,
  PredicateInst,
  IfInst,
  PreparedTest,
} from './ast.ts';
import type { FormatterImpl, PredicateImpl, TemplateError } from './plugin-api.ts';
import { pathOf } from './paths.ts';
import { PURE_FORMATTERS } from './formatters-core.ts';
import { prepareTest } from './predicates-core.ts';

export interface ParseTables {
  formatters: ReadonlyMap<string, FormatterImpl>;
  predicates: ReadonlyMap<string, PredicateImpl>;
}

export interface ParseResult {
  body: Inst[];
  errors: TemplateError[];
}

const SEG = '(?:\\d+|(?:@|\\$)?[a-zA-Z][a-zA-Z0-9_-]*|@)';
const RE_VARREF = new RegExp(`${SEG}(?:\\.${SEG})*`, 'y');
const RE_WORD = /[a-zA-Z][a-zA-Z0-9_-]*/y;
const RE_WS = /[ \f\n\r\t\v]+/y;
const RE_FMT_ARGS = /[^|}]+/y;
const RE_INSTR_ARGS = /[^}]+/y;
const RE_OPERATOR = /&&|\|\|/y;
const RE_PREDICATE = /[a-zA-Z][a-zA-Z0-9_-]*\?/y;
const RE_VARDEF = /@[a-zA-Z][a-zA-Z0-9_-]*/y;
const RE_VARSEP = / *, */y;
const RE_FILEPATH = /[./a-zA-Z0-9_-]+/y;

const INSTRUCTIONS: Record<string, readonly (readonly [string, Op])[]> = {
  a: [['lternates with', Op.AlternatesWith]],
  c: [['tx', Op.Ctxvar]],
  e: [
    ['nd', Op.End],
    ['val', Op.Eval],
  ],
  i: [
    ['f', Op.If],
    ['nclude', Op.Include],
    ['nject', Op.Inject],
  ],
  m: [
    ['acro', Op.Macro],
    ['eta-left', Op.MetaLeft],
    ['eta-right', Op.MetaRight],
  ],
  n: [['ewline', Op.Newline]],
  o: [['r', Op.Or]],
  r: [['epeated section', Op.Repeated]],
  s: [
    ['ection', Op.Section],
    ['pace', Op.Space],
  ],
  t: [['ab', Op.Tab]],
  v: [['ar', Op.Bindvar]],
};

/** Low-level matcher over one tag body. */
class Matcher {
  str = '';
  start = 0;
  end = 0;
  matchEnd = 0;

  set(str: string): void {
    this.str = str;
    this.start = 0;
    this.end = str.length;
    this.matchEnd = 0;
  }

  /** The text a sticky `re` matches at `i` (`test` and a slice: no match array to allocate). */
  match(re: RegExp, i: number): string | null {
    re.lastIndex = i;
    if (!re.test(this.str)) return null;
    this.matchEnd = re.lastIndex;
    return this.str.slice(i, this.matchEnd);
  }

  test(re: RegExp, i: number): boolean {
    re.lastIndex = i;
    if (re.test(this.str)) {
      this.matchEnd = re.lastIndex;
      return true;
    }
    return false;
  }

  consume(): void {
    this.start = this.matchEnd;
  }

  complete(): boolean {
    return this.start === this.end;
  }

  matchInstruction(): Op | -1 {
    const table = INSTRUCTIONS[this.str[this.start] ?? ''];
    if (table === undefined) return -1;
    const at = this.start + 1;
    for (const [rest, op] of table) {
      if (this.str.startsWith(rest, at)) {
        this.matchEnd = at + rest.length;
        return op;
      }
    }
    return -1;
  }

  matchSpace(): boolean {
    if (this.str[this.start] === ' ') {
      this.matchEnd = this.start + 1;
      return true;
    }
    return false;
  }

  matchWhitespace(): boolean {
    return this.test(RE_WS, this.start);
  }

  /** Raw arguments up to the end of the tag: first char is the delimiter. */
  matchArguments(): string[] | null {
    const raw = this.match(RE_INSTR_ARGS, this.start);
    if (raw === null) return null;
    const args = raw.slice(1).split(raw[0] as string);
    return args.length === 1 && args[0] === '' ? [] : args;
  }

  matchVariable(): Path | null {
    const raw = this.match(RE_VARREF, this.start);
    return raw === null ? null : pathOf(raw);
  }

  matchVariables(): Path[] | null {
    let start = this.start;
    let result: Path[] | null = null;
    for (;;) {
      const raw = this.match(RE_VARREF, start);
      if (raw === null) {
        if (start !== this.start) return null;
        break;
      }
      (result ??= []).push(pathOf(raw));
      start = this.matchEnd;
      if (!this.test(RE_VARSEP, start)) break;
      start = this.matchEnd;
    }
    return result;
  }

  matchFormatters(): [string, string[] | null][] | null {
    let start = this.start;
    if (this.str[start++] !== '|') return null;
    if (this.str[start] === '|') return null;
    let haveSep = false;
    let result: [string, string[] | null][] | null = null;
    for (;;) {
      const name = this.match(RE_WORD, start);
      if (name === null) {
        if (haveSep) return null;
        break;
      }
      result ??= [];
      start = this.matchEnd;
      const raw = this.match(RE_FMT_ARGS, start);
      if (raw !== null) {
        result.push([name, raw.slice(1).split(raw[0] as string)]);
        start = this.matchEnd;
      } else {
        result.push([name, null]);
      }
      if (this.str[start++] !== '|') break;
      haveSep = true;
    }
    return result;
  }

  matchIfExpression(): [number[], Path[]] | null {
    const vars: Path[] = [];
    const ops: number[] = [];
    let haveOp = false;
    let start = this.start;
    for (;;) {
      const raw = this.match(RE_VARREF, start);
      if (raw === null) {
        if (haveOp) return null;
        break;
      }
      vars.push(pathOf(raw));
      start = this.matchEnd;
      this.test(RE_WS, start);
      start = this.matchEnd;
      const op = this.match(RE_OPERATOR, start);
      if (op === null) break;
      ops.push(op === '&&' ? 1 : 0);
      haveOp = true;
      start = this.matchEnd;
      this.test(RE_WS, start);
      start = this.matchEnd;
    }
    return [ops, vars];
  }
}

const EMPTY: readonly string[] = Object.freeze([]);
const NO_INSTS: Inst[] = [];

/** Every instruction is an instance of this class: one hidden class, monomorphic reads. */
class Instr {
  text = '';
  paths: readonly Path[] = EMPTY_PATHS;
  formatters: readonly FormatterCall[] = EMPTY_FMTS;
  path: Path | null = null;
  body: Inst[] = NO_INSTS;
  alt: OrInst | null = null;
  alternates: Inst[] | null = null;
  name: string | null = null;
  impl: PredicateImpl | null = null;
  test: PreparedTest | null = null;
  args: readonly string[] = EMPTY;
  ops: readonly number[] = EMPTY_OPS;
  bindings: readonly (readonly [string, Path])[] = EMPTY_BINDINGS;
  code = '';
  file = '';
  cache: unknown = undefined;
  constructor(
    readonly op: Op,
    readonly line: number,
    readonly column: number,
  ) {}
}
const EMPTY_PATHS: readonly Path[] = Object.freeze([]);
const EMPTY_FMTS: readonly FormatterCall[] = Object.freeze([]);
const EMPTY_OPS: readonly number[] = Object.freeze([]);
const EMPTY_BINDINGS: readonly (readonly [string, Path])[] = Object.freeze([]);

/** Copies an instruction literal of the less frequent kinds into an `Instr` (see `emit`). */
function uniform(i: Inst): Inst {
  const n = new Instr(i.op, i.line, i.column);
  switch (i.op) {
    case Op.If:
      n.ops = i.ops;
      n.paths = i.paths;
      n.body = i.body;
      break;
    case Op.Bindvar:
      n.name = i.name;
      n.paths = i.paths;
      n.formatters = i.formatters;
      break;
    case Op.Ctxvar:
      n.name = i.name;
      n.bindings = i.bindings;
      break;
    case Op.Eval:
      n.code = i.code;
      break;
    case Op.Include:
      n.name = i.name;
      n.args = i.args;
      break;
    case Op.Inject:
      n.name = i.name;
      n.file = i.file;
      break;
    case Op.Macro:
      n.name = i.name;
      n.body = i.body;
      break;
    default:
      break;
  }
  return n as unknown as Inst;
}

/** Parses and assembles `source` into an instruction list. Never throws. */
export function parseTemplate(source: string, tables: ParseTables): ParseResult {
  const p = new Parser(source, tables);
  p.parse();
  return { body: p.asm.root, errors: p.errors };
}

class Parser {
  readonly errors: TemplateError[] = [];
  readonly asm: Assembler;
  private readonly m = new Matcher();
  // position tracking for line/column
  private lineNo = 1;
  private lineStart = 0;
  private nextNl = -2;
  private line = 1;
  private column = 1;

  constructor(
    private readonly src: string,
    private readonly tables: ParseTables,
  ) {
    this.asm = new Assembler(this.errors);
  }

  private locate(offset: number): void {
    // `nextNl` is the first newline at or after the last located offset (-2: not looked up yet).
    if (this.nextNl === -2) this.nextNl = this.src.indexOf('\n');
    while (this.nextNl !== -1 && this.nextNl < offset) {
      this.lineNo++;
      this.lineStart = this.nextNl + 1;
      this.nextNl = this.src.indexOf('\n', this.lineStart);
    }
    this.line = this.lineNo;
    this.column = offset - this.lineStart + 1;
  }

  private error(code: string, message: string): void {
    this.errors.push({ code, message, line: this.line, column: this.column });
  }

  private push(inst: Inst): void {
    this.asm.accept(uniform(inst));
  }

  /** Adds an instruction built directly as an `Instr` (the frequent kinds: no literal to copy). */
  private emit(n: Instr): void {
    this.asm.accept(n as unknown as Inst);
  }

  private textInstr(text: string): void {
    const n = new Instr(Op.Text, this.line, this.column);
    n.text = text;
    this.emit(n);
  }

  private text(start: number, end: number): void {
    if (start < end) {
      this.locate(start);
      this.textInstr(this.src.substring(start, end));
    }
  }

  parse(): void {
    const s = this.src;
    const len = s.length;
    let idx = 0;
    for (;;) {
      let start = s.indexOf('{', idx);
      if (start === -1) {
        this.text(idx, len);
        break;
      }
      if (s.charCodeAt(start + 1) === 35 && s.charCodeAt(start + 2) === 35) {
        // multi-line comment
        this.text(idx, start);
        const end = s.indexOf('##}', start + 3);
        if (end === -1) break;
        idx = end + 3;
        continue;
      }
      // The tag is the text between the last '{' before the first '}' and that '}'.
      const i = s.indexOf('}', start + 1);
      if (i === -1) {
        this.text(idx, len);
        break;
      }
      start = s.lastIndexOf('{', i);
      this.text(idx, start);
      this.locate(start);
      if (!this.parseTag(s.substring(start + 1, i))) {
        this.textInstr(s.substring(start, i + 1));
      }
      idx = i + 1;
    }
    this.locate(len);
    this.push({ op: Op.Eof, line: this.line, column: this.column });
  }

  private parseTag(body: string): boolean {
    const c = body.charCodeAt(0);
    if (c === 35) return true; // {# comment}
    this.m.set(body);
    if (c !== 46) return this.parseVariable();
    this.m.start = 1;
    return this.parseInstruction();
  }

  private formatterCalls(fmts: [string, string[] | null][] | null): FormatterCall[] | null {
    if (fmts === null) return [];
    const out: FormatterCall[] = [];
    for (const [name, args] of fmts) {
      const impl = this.tables.formatters.get(name);
      if (impl === undefined) {
        this.error('unknown-formatter', `SyntaxError: Formatter '${name}' is unknown`);
        return null;
      }
      out.push({ name, impl, args: args ?? EMPTY, pure: PURE_FORMATTERS.has(impl) });
    }
    return out;
  }

  private parseVariable(): boolean {
    const m = this.m;
    const paths = m.matchVariables();
    if (paths === null) return false;
    m.consume();
    const fmts = m.matchFormatters();
    if (fmts !== null) m.consume();
    if (!m.complete()) return false;
    const formatters = this.formatterCalls(fmts);
    if (formatters === null) return false;
    const n = new Instr(Op.Variable, this.line, this.column);
    n.paths = paths;
    n.formatters = formatters;
    this.emit(n);
    return true;
  }

  private parseInstruction(): boolean {
    const m = this.m;
    if (this.parsePredicate(Op.Predicate)) return true;
    const op = m.matchInstruction();
    if (op === -1) return false;
    m.consume();
    const line = this.line;
    const column = this.column;
    switch (op) {
      case Op.AlternatesWith:
      case Op.End:
      case Op.MetaLeft:
      case Op.MetaRight:
      case Op.Newline:
      case Op.Space:
      case Op.Tab:
        if (!m.complete()) return false;
        this.emit(new Instr(op, line, column));
        return true;
      case Op.Bindvar:
        return this.parseBindvar();
      case Op.Ctxvar:
        return this.parseCtxvar();
      case Op.Eval: {
        if (!m.matchWhitespace()) return false;
        m.consume();
        this.push({ op: Op.Eval, code: m.str.slice(m.start), cache: undefined, line, column });
        return true;
      }
      case Op.If:
        return this.parseIf();
      case Op.Include: {
        if (!m.matchSpace()) return false;
        const args = m.matchArguments();
        m.consume();
        if (args === null || args.length < 1) return false;
        this.push({ op: Op.Include, name: args[0] as string, args: args.slice(1), line, column });
        return true;
      }
      case Op.Inject: {
        if (!m.matchSpace()) return false;
        m.consume();
        const def = m.match(RE_VARDEF, m.start);
        if (def === null) return false;
        m.consume();
        if (!m.matchSpace()) return false;
        m.consume();
        const path = m.match(RE_FILEPATH, m.start);
        if (path === null) return false;
        m.consume();
        m.matchArguments();
        m.consume();
        this.push({ op: Op.Inject, name: def, file: path, line, column });
        return true;
      }
      case Op.Macro: {
        if (!m.matchSpace()) return false;
        m.consume();
        const name = m.match(RE_FILEPATH, m.start);
        if (name === null) return false;
        m.consume();
        if (!m.complete()) return false;
        this.push({ op: Op.Macro, name, body: [], line, column });
        return true;
      }
      case Op.Or:
        return this.parsePredicate(Op.Or);
      case Op.Repeated:
      case Op.Section: {
        if (!m.matchWhitespace()) return false;
        m.consume();
        const path = m.matchVariable();
        if (path === null) return false;
        m.consume();
        if (!m.complete()) return false;
        const n = new Instr(op, line, column);
        n.path = path;
        n.body = [];
        this.emit(n);
        return true;
      }
      default:
        return false;
    }
  }

  private parseBindvar(): boolean {
    const m = this.m;
    if (!m.matchSpace()) return false;
    m.consume();
    const def = m.match(RE_VARDEF, m.start);
    if (def === null) return false;
    m.consume();
    if (!m.matchSpace()) return false;
    m.consume();
    const paths = m.matchVariables();
    if (paths === null) return false;
    m.consume();
    const fmts = m.matchFormatters();
    if (fmts !== null) m.consume();
    if (!m.complete()) return false;
    const formatters = this.formatterCalls(fmts);
    if (formatters === null) return false;
    this.push({ op: Op.Bindvar, name: def, paths, formatters, line: this.line, column: this.column });
    return true;
  }

  private parseCtxvar(): boolean {
    const m = this.m;
    if (!m.matchSpace()) return false;
    m.consume();
    const def = m.match(RE_VARDEF, m.start);
    if (def === null) return false;
    m.consume();
    if (!m.matchSpace()) return false;
    m.consume();
    const bindings: [string, Path][] = [];
    let start = m.start;
    for (;;) {
      const key = m.match(RE_WORD, start);
      if (key === null) break;
      start = m.matchEnd;
      if (m.str[start++] !== '=') break;
      const ref = m.match(RE_VARREF, start);
      if (ref === null) break;
      bindings.push([key, pathOf(ref)]);
      start = m.matchEnd;
      m.test(RE_WS, start);
      start = m.matchEnd;
    }
    if (bindings.length === 0) return false;
    m.consume();
    if (!m.complete()) return false;
    this.push({ op: Op.Ctxvar, name: def, bindings, line: this.line, column: this.column });
    return true;
  }

  private parseIf(): boolean {
    const m = this.m;
    if (!m.matchWhitespace()) return false;
    m.consume();
    if (this.parsePredicate(Op.Predicate)) return true;
    const expr = m.matchIfExpression();
    if (expr === null) return false;
    m.consume();
    if (!m.complete()) return false;
    this.push({
      op: Op.If,
      ops: expr[0],
      paths: expr[1],
      body: [],
      alt: null,
      line: this.line,
      column: this.column,
    });
    return true;
  }

  private parsePredicate(op: Op.Predicate | Op.Or): boolean {
    const m = this.m;
    let space = false;
    if (op === Op.Or) {
      space = m.matchSpace();
      if (space) m.consume();
    }
    let name: string | null = null;
    let args: string[] | null = null;
    let impl: PredicateImpl | null = null;
    if (op === Op.Predicate || space) {
      name = m.match(RE_PREDICATE, m.start);
      if (name === null) return false;
      impl = this.tables.predicates.get(name) ?? null;
      if (impl === null) this.error('unknown-predicate', `SyntaxError: Predicate '${name}' is unknown`);
      m.consume();
      args = m.matchArguments();
      if (args !== null) m.consume();
    }
    if (!m.complete()) return false;
    const line = this.line;
    const column = this.column;
    const n = new Instr(op, line, column);
    n.name = name;
    n.impl = impl;
    n.args = args ?? EMPTY;
    n.test = impl === null ? null : prepareTest(impl, n.args);
    n.body = [];
    this.emit(n);
    return true;
  }
}

const enum State {
  Root,
  Section,
  Repeated,
  AlternatesWith,
  Predicate,
  Or,
  If,
  Block,
  Eof,
}

type Container = BlockInst | { op: Op.Root; body: Inst[] };

/** The state machine of `TS src/assembler.ts`, with an explicit stack. */
class Assembler {
  readonly root: Inst[] = [];
  private readonly rootBlock: Container = { op: Op.Root, body: this.root };
  private current: Container = this.rootBlock;
  private readonly stack: Container[] = [];
  private state: State = State.Root;

  constructor(private readonly errors: TemplateError[]) {}

  private err(code: string, message: string, at: Inst): void {
    this.errors.push({ code, message, line: at.line, column: at.column });
  }

  /** Adds to a block; adjacent text is merged into one instruction. */
  private append(body: Inst[], inst: Inst): void {
    if (inst.op === Op.Text && body.length > 0) {
      const last = body[body.length - 1] as Inst;
      if (last.op === Op.Text) {
        (last as { text: string }).text += inst.text;
        return;
      }
    }
    body.push(inst);
  }

  /** EOF inside a block: reported at the block's opening tag. */
  private eof(cur: Container, at: Inst): void {
    const pos = cur.op === Op.Root ? at : cur;
    this.err(
      'unclosed-block',
      `SyntaxError: Reached EOF in the middle of ${this.blockName(cur)}`,
      pos as Inst,
    );
  }

  private stateFor(c: Container): State {
    switch (c.op) {
      case Op.Root:
        return State.Root;
      case Op.Section:
        return State.Section;
      case Op.Repeated:
        return State.Repeated;
      case Op.Predicate:
        return State.Predicate;
      case Op.Or:
        return State.Or;
      case Op.If:
        return State.If;
      case Op.Macro:
        return State.Block;
    }
  }

  private pop(): State {
    const c = this.stack.pop() ?? this.rootBlock;
    this.current = c;
    return this.stateFor(c);
  }

  private setAlternate(inst: OrInst | null): void {
    const c = this.current;
    if (c.op !== Op.Root && c.op !== Op.Macro) c.alt = inst;
  }

  private blockName(c: Container): string {
    return c.op === Op.Root ? 'ROOT' : opNameOf(c.op);
  }

  accept(inst: Inst): void {
    const op = inst.op;
    if (this.state === State.Eof) return;
    if (op === Op.Comment) return;
    if (op === Op.Section || op === Op.Repeated || op === Op.Predicate || op === Op.If || op === Op.Macro) {
      this.current.body.push(inst);
      this.stack.push(this.current);
      this.current = inst as SectionInst | RepeatedInst | PredicateInst | IfInst | MacroInst;
      this.state = this.stateFor(this.current);
      return;
    }
    const cur = this.current;
    switch (this.state) {
      case State.Root:
        switch (op) {
          case Op.Eof:
            this.state = State.Eof;
            return;
          case Op.End:
          case Op.AlternatesWith:
          case Op.Or:
            this.err('not-allowed', `SyntaxError: Instruction ${opNameOf(op)} not allowed at root`, inst);
            return;
          default:
            this.append(cur.body, inst);
            return;
        }
      case State.Block:
        switch (op) {
          case Op.Eof:
            this.eof(cur, inst);
            return;
          case Op.AlternatesWith:
          case Op.Or:
            this.err(
              'not-allowed',
              `SyntaxError: ${opNameOf(op)} instruction is not allowed inside ${this.blockName(cur)} block.`,
              inst,
            );
            return;
          case Op.End:
            this.state = this.pop();
            return;
          default:
            this.append(cur.body, inst);
            return;
        }
      case State.AlternatesWith:
        switch (op) {
          case Op.Eof:
            this.eof(cur, inst);
            return;
          case Op.AlternatesWith:
            this.err(
              'not-allowed',
              `SyntaxError: ${opNameOf(op)} instruction is not allowed inside ${this.blockName(cur)} block.`,
              inst,
            );
            return;
          case Op.Or:
            this.setAlternate(inst as OrInst);
            this.current = inst as OrInst;
            this.state = State.Or;
            return;
          case Op.End:
            this.setAlternate(null);
            this.state = this.pop();
            return;
          default: {
            const r = cur as RepeatedInst;
            (r.alternates ??= []).push(inst);
            return;
          }
        }
      case State.Repeated:
        switch (op) {
          case Op.Eof:
            this.eof(cur, inst);
            return;
          case Op.End:
            this.setAlternate(null);
            this.state = this.pop();
            return;
          case Op.Or:
            this.setAlternate(inst as OrInst);
            this.current = inst as OrInst;
            this.state = State.Or;
            return;
          case Op.AlternatesWith:
            (cur as RepeatedInst).alternates ??= [];
            this.state = State.AlternatesWith;
            return;
          default:
            this.append(cur.body, inst);
            return;
        }
      case State.Or:
        switch (op) {
          case Op.Eof:
            this.eof(cur, inst);
            return;
          case Op.AlternatesWith:
            this.err(
              'not-allowed',
              `SyntaxError: ${opNameOf(op)} instruction is not allowed inside ${this.blockName(cur)} block.`,
              inst,
            );
            return;
          case Op.End:
            this.setAlternate(null);
            this.state = this.pop();
            return;
          case Op.Or: {
            if ((cur as OrInst).name === null) {
              this.err('dead-code', `SyntaxError: This ${opNameOf(op)} block will never execute.`, inst);
              return;
            }
            this.setAlternate(inst as OrInst);
            this.current = inst as OrInst;
            return;
          }
          default:
            this.append(cur.body, inst);
            return;
        }
      case State.Section:
      case State.Predicate:
      case State.If:
        switch (op) {
          case Op.Eof:
            this.eof(cur, inst);
            return;
          case Op.AlternatesWith:
            this.err(
              'not-allowed',
              `SyntaxError: ${opNameOf(op)} instruction is not allowed inside ${this.blockName(cur)} block.`,
              inst,
            );
            return;
          case Op.End:
            this.setAlternate(null);
            this.state = this.pop();
            return;
          case Op.Or:
            this.setAlternate(inst as OrInst);
            this.current = inst as OrInst;
            this.state = State.Or;
            return;
          default:
            this.append(cur.body, inst);
            return;
        }
      default:
        return;
    }
  }
}

function opNameOf(op: Op): string {
  switch (op) {
    case Op.Section:
      return 'SECTION';
    case Op.Repeated:
      return 'REPEATED';
    case Op.Predicate:
      return 'PREDICATE';
    case Op.Or:
      return 'OR_PREDICATE';
    case Op.If:
      return 'IF';
    case Op.Macro:
      return 'MACRO';
    case Op.End:
      return 'END';
    case Op.AlternatesWith:
      return 'ALTERNATES_WITH';
    case Op.Eof:
      return 'EOF';
    default:
      return 'ROOT';
  }
}
