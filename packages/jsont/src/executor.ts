/**
 * The executor: walks the instruction tree against a JSON value (jsont.md sections 4, 5 and 8).
 *
 * Recursion on the JS stack is bounded: every nested block counts against `MAX_NESTING`, beyond
 * which the block is skipped with an error, and partial/macro calls are capped at depth 16.
 */
import { Op, opName } from './ast.ts';
import type { EvalInst, FormatterCall, Inst, OrInst, Path } from './ast.ts';
import { DEFAULT_TIME_ZONE } from './dates.ts';
import type { RenderContext, RenderOptions, TemplateError } from './plugin-api.ts';
import { emitString, getKey, isTruthy, step } from './values.ts';
import { evaluateEval } from './expr.ts';
import { Frame, resolveName, resolvePath } from './frame.ts';
import type { ExprLimits } from './expr.ts';
import { pathOf } from './paths.ts';

export const MAX_PARTIAL_DEPTH = 16;
export const MAX_NESTING = 1000;

/** What the executor needs from the engine that owns it. */
export interface EngineHost {
  /** Compiles (with the engine's cache) a template source. */
  compileBody(source: string): { body: Inst[]; errors: readonly TemplateError[] };
}

/** A render's options with the engine's settings that apply to it. */
export interface StateOptions extends RenderOptions {
  enableExpressions: boolean;
  enableInclude: boolean;
  exprLimits?: ExprLimits;
}

const EMPTY_BODY: Inst[] = [];

/** Section resolution (4.2): first segment in the current frame only. */
function resolveSection(path: Path, frame: Frame): unknown {
  let v = resolveName(path, frame);
  const segs = path.segs;
  for (let i = 1; i < segs.length; i++) {
    if (v === undefined || v === null) return undefined;
    v = step(v, segs[i] as string | number);
  }
  return v;
}

export class RenderState implements RenderContext {
  /** Output so far. Appended with `+=` (V8 builds a rope, flattened once when read): measured
   * faster here than pushing to an array and joining. */
  out = '';
  frame: Frame;
  readonly errors: TemplateError[] = [];
  readonly root: unknown;
  readonly locale: string;
  readonly now: number;
  enableExpressions: boolean;
  readonly enableInclude: boolean;
  readonly exprLimits: ExprLimits;
  readonly reportedEval = new Set<EvalInst>();
  /** The values of all paths of the variable tag being executed. */
  variables: unknown[] = [];
  private readonly partials: Readonly<Record<string, string>>;
  private readonly injectTexts: Readonly<Record<string, string>>;
  private readonly injectCache = new Map<string, unknown>();
  private readonly partialCache = new Map<string, Inst[]>();
  private partialDepth = 0;
  private nesting = 0;
  private nestingReported = false;
  private line = 0;
  private column = 0;
  private tz: string | undefined;
  private readonly tzOption: string | undefined;

  constructor(
    private readonly host: EngineHost,
    json: unknown,
    opts: StateOptions,
  ) {
    this.root = json;
    this.frame = new Frame(json, null);
    this.partials = opts.partials ?? {};
    this.injectTexts = opts.injects ?? {};
    this.locale = opts.locale ?? 'en-US';
    this.now = opts.now ?? Date.now();
    this.tzOption = opts.timeZone;
    this.enableExpressions = opts.enableExpressions;
    this.enableInclude = opts.enableInclude;
    this.exprLimits = opts.exprLimits ?? {};
  }

  // ---- RenderContext ----

  get node(): unknown {
    return this.frame.node;
  }

  get timeZone(): string {
    if (this.tz === undefined) {
      const w = getKey(this.root, 'website');
      const z = getKey(w, 'timeZone');
      this.tz = this.tzOption ?? (typeof z === 'string' && z !== '' ? z : DEFAULT_TIME_ZONE);
    }
    return this.tz;
  }

  lookup(path: string): unknown {
    return resolvePath(pathOf(path), this.frame);
  }

  error(code: string, message: string): void {
    this.errors.push({ code, message, line: this.line, column: this.column });
  }

  renderTemplate(source: string, node: unknown): string {
    const { body, errors } = this.host.compileBody(source);
    for (const e of errors) this.errors.push(e);
    const saveExpr = this.enableExpressions;
    this.enableExpressions = true;
    const out = this.runIsolated(body, node, false, undefined);
    this.enableExpressions = saveExpr;
    return out;
  }

  renderPartial(name: string, node: unknown): string | undefined {
    const body = this.getPartial(name);
    if (body === null) return undefined;
    return this.callPartial(name, body, node, false, undefined);
  }

  // ---- internals used by formatters ----

  /** Resolves a path starting at a given frame. */
  resolveFrom(path: string, frame: Frame): unknown {
    return resolvePath(pathOf(path), frame);
  }

  /** `apply`: renders a macro/partial with `node` in a new frame. */
  applyPartial(
    name: string,
    node: unknown,
    isPrivate: boolean,
    args: Record<string, string> | undefined,
  ): string {
    const body = this.getPartial(name);
    if (body === null) {
      this.error(
        'partial-not-found',
        `RuntimeError: Attempt to apply partial '${name}' which could not be found.`,
      );
      return '';
    }
    return this.callPartial(name, body, node, isPrivate, args) ?? '';
  }

  private callPartial(
    name: string,
    body: Inst[],
    node: unknown,
    isPrivate: boolean,
    args: Record<string, string> | undefined,
  ): string {
    if (this.partialDepth >= MAX_PARTIAL_DEPTH) {
      this.error(
        'partial-recursion',
        `RuntimeError: Attempt to apply partial '${name}' exceeded maximum recursion depth of ${MAX_PARTIAL_DEPTH}`,
      );
      return '';
    }
    this.partialDepth++;
    try {
      return this.runIsolated(body, node, isPrivate, args);
    } finally {
      this.partialDepth--;
    }
  }

  private runIsolated(
    body: Inst[],
    node: unknown,
    isPrivate: boolean,
    args: Record<string, string> | undefined,
  ): string {
    const saveOut = this.out;
    const saveFrame = this.frame;
    const saveLine = this.line;
    const saveCol = this.column;
    this.out = '';
    const f = new Frame(node, saveFrame);
    f.stop = isPrivate;
    if (args !== undefined) (f.vars = new Map()).set('@args', args);
    this.frame = f;
    try {
      this.execBlock(body);
      return this.out;
    } finally {
      this.out = saveOut;
      this.frame = saveFrame;
      this.line = saveLine;
      this.column = saveCol;
    }
  }

  getPartial(name: string): Inst[] | null {
    for (let f: Frame | null = this.frame; f !== null; f = f.parent) {
      const m = f.macros?.get(name);
      if (m !== undefined) return m.body;
    }
    const cached = this.partialCache.get(name);
    if (cached !== undefined) return cached;
    if (!Object.prototype.hasOwnProperty.call(this.partials, name)) return null;
    const src = this.partials[name];
    if (typeof src !== 'string') return null;
    const { body, errors } = this.host.compileBody(src);
    let result = body;
    if (errors.length > 0) {
      for (const e of errors) {
        this.error('partial-parse', `RuntimeError: Parse of partial "${name}" failed: ${e.message}`);
      }
      result = EMPTY_BODY;
    }
    this.partialCache.set(name, result);
    return result;
  }

  private injectable(path: string): unknown {
    if (this.injectCache.has(path)) return this.injectCache.get(path);
    let v: unknown = undefined;
    if (Object.prototype.hasOwnProperty.call(this.injectTexts, path)) {
      const text = this.injectTexts[path];
      if (typeof text === 'string') {
        try {
          v = JSON.parse(text);
        } catch {
          v = text;
        }
      } else {
        v = text;
      }
    }
    this.injectCache.set(path, v);
    return v;
  }

  setVar(name: string, value: unknown, frame: Frame = this.frame): void {
    (frame.vars ??= new Map()).set(name, value);
  }

  // ---- execution ----

  execBlock(body: readonly Inst[]): void {
    if (++this.nesting > MAX_NESTING) {
      this.nesting--;
      if (!this.nestingReported) {
        this.nestingReported = true;
        this.error(
          'nesting-too-deep',
          `RuntimeError: Blocks nested deeper than ${MAX_NESTING} levels are not rendered`,
        );
      }
      return;
    }
    const n = body.length;
    const entryFrame = this.frame;
    let i = 0;
    while (i < n) {
      try {
        for (; i < n; i++) {
          const inst = body[i] as Inst;
          // Text is half of all instructions: appended here, without a call.
          if (inst.op === Op.Text) this.out += inst.text;
          else this.execInst(inst);
        }
      } catch (e) {
        // Never let one instruction take the whole render down: record, restore, go on.
        this.frame = entryFrame;
        this.unexpected(e, opName((body[i] as Inst).op));
        i++;
      }
    }
    this.nesting--;
  }

  private execInst(inst: Inst): void {
    {
      switch (inst.op) {
        case Op.Text:
          this.out += inst.text;
          break;
        case Op.Variable:
          this.execVariable(inst.paths, inst.formatters, inst.line, inst.column);
          break;
        case Op.Section: {
          // The frame stays pushed for the {.or} branch too (its node is the falsy value).
          const parent = this.frame;
          const v = resolveSection(inst.path, parent);
          const truthy = isTruthy(v);
          if (!truthy && inst.alt === null) break;
          this.frame = new Frame(v, parent);
          if (truthy) this.execBlock(inst.body);
          else this.execOr(inst.alt as OrInst);
          this.frame = parent;
          break;
        }
        case Op.Repeated: {
          const v = resolveSection(inst.path, this.frame);
          if (Array.isArray(v) && v.length > 0) {
            const parent = this.frame;
            const af = new Frame(v, parent);
            const last = v.length - 1;
            const alternates = inst.alternates;
            const body = inst.body;
            // One element frame, reset per element (nothing keeps a reference to it).
            const ef = new Frame(undefined, af);
            for (let j = 0; j <= last; j++) {
              af.index = j;
              ef.node = v[j];
              ef.vars = null;
              ef.macros = null;
              this.frame = ef;
              this.execBlock(body);
              if (alternates !== null && j < last && alternates.length > 0) this.execBlock(alternates);
            }
            this.frame = parent;
          } else if (inst.alt !== null) {
            this.execOr(inst.alt);
          }
          break;
        }
        case Op.Predicate:
        case Op.Or:
          this.execOr(inst);
          break;
        case Op.If: {
          const paths = inst.paths;
          const ops = inst.ops;
          let result = isTruthy(resolvePath(paths[0] as Path, this.frame));
          for (let j = 1; j < paths.length; j++) {
            const op = ops[j - 1];
            const value = isTruthy(resolvePath(paths[j] as Path, this.frame));
            result = op === 1 ? result && value : result || value;
            if (op === 0 ? result : !result) break;
          }
          if (result) this.execBlock(inst.body);
          else if (inst.alt !== null) this.execOr(inst.alt);
          break;
        }
        case Op.Bindvar: {
          const frame = this.frame;
          const value = this.evalFormatted(inst.paths, inst.formatters, inst.line, inst.column, false);
          this.setVar(inst.name, value, frame);
          break;
        }
        case Op.Ctxvar: {
          const obj: Record<string, unknown> = {};
          for (const [key, path] of inst.bindings) {
            const v = resolvePath(path, this.frame);
            obj[key] = v === undefined ? null : v;
          }
          this.setVar(inst.name, obj);
          break;
        }
        case Op.Eval:
          if (this.enableExpressions) {
            this.line = inst.line;
            this.column = inst.column;
            evaluateEval(inst, this);
          }
          break;
        case Op.Include:
          if (this.enableInclude) this.execInclude(inst.name, inst.args, inst.line, inst.column);
          break;
        case Op.Inject:
          this.setVar(inst.name, this.injectable(inst.file));
          break;
        case Op.Macro:
          (this.frame.macros ??= new Map()).set(inst.name, inst);
          break;
        case Op.MetaLeft:
          this.out += '{';
          break;
        case Op.MetaRight:
          this.out += '}';
          break;
        case Op.Newline:
          this.out += '\n';
          break;
        case Op.Space:
          this.out += ' ';
          break;
        case Op.Tab:
          this.out += '\t';
          break;
        default:
          break;
      }
    }
  }

  private execOr(first: OrInst | Inst): void {
    let inst = first as OrInst;
    for (;;) {
      if (inst.name === null) {
        this.execBlock(inst.body);
        return;
      }
      let ok = false;
      if (inst.impl !== null) {
        this.line = inst.line;
        this.column = inst.column;
        const saveFrame = this.frame;
        const saveOut = this.out;
        try {
          const test = inst.test;
          ok = (test != null ? test(this) : inst.impl(inst.args, this)) === true;
        } catch (e) {
          this.frame = saveFrame;
          this.out = saveOut;
          this.unexpected(e, 'PREDICATE');
          ok = false;
        }
      }
      if (ok) {
        this.execBlock(inst.body);
        return;
      }
      if (inst.alt === null) return;
      inst = inst.alt;
    }
  }

  private unexpected(e: unknown, what: string): void {
    const name = e instanceof Error ? e.name : 'Error';
    const msg = e instanceof Error ? e.message : String(e);
    const code = (e as { code?: unknown } | null)?.code;
    this.error(
      typeof code === 'string' ? code : 'helper-error',
      `RuntimeError: Unexpected ${name} error when executing ${what}: ${msg}`,
    );
  }

  private execVariable(
    paths: readonly Path[],
    formatters: readonly FormatterCall[],
    line: number,
    col: number,
  ): void {
    if (formatters.length === 0 && paths.length === 1) {
      const v = resolvePath(paths[0] as Path, this.frame);
      if (typeof v === 'string') {
        if (v.length > 0) this.out += v;
      } else if (v !== undefined && v !== null) {
        const s = emitString(v);
        if (s.length > 0) this.out += s;
      }
      return;
    }
    let v: unknown;
    if (paths.length === 1 && allPure(formatters)) {
      // Built-ins that only read their value: no frame to push.
      v = resolvePath(paths[0] as Path, this.frame);
      this.line = line;
      this.column = col;
      try {
        for (let i = 0; i < formatters.length; i++) {
          const f = formatters[i] as FormatterCall;
          v = f.impl(v, f.args, this);
        }
      } catch (e) {
        this.unexpected(e, 'VARIABLE');
        return;
      }
    } else {
      v = this.evalFormatted(paths, formatters, line, col, true);
      if (v === FAILED) return;
    }
    const s = typeof v === 'string' ? v : emitString(v);
    if (s.length > 0) this.out += s;
  }

  /** Resolves the paths and applies the formatter chain; returns FAILED when a helper threw. */
  private evalFormatted(
    paths: readonly Path[],
    formatters: readonly FormatterCall[],
    line: number,
    col: number,
    pushFrame: boolean,
  ): unknown {
    const frame = this.frame;
    const n = paths.length;
    const vars: unknown[] = new Array(n);
    for (let i = 0; i < n; i++) vars[i] = resolvePath(paths[i] as Path, frame);
    if (formatters.length === 0) return vars[0];
    const saveVars = this.variables;
    const saveOut = this.out;
    if (pushFrame) this.frame = new Frame(vars[0], frame);
    this.variables = vars;
    let value = vars[0];
    try {
      for (const f of formatters) {
        this.line = line;
        this.column = col;
        value = f.impl(value, f.args, this);
        vars[0] = value;
      }
    } catch (e) {
      this.out = saveOut;
      this.unexpected(e, pushFrame ? 'VARIABLE' : 'BINDVAR');
      value = pushFrame ? FAILED : undefined;
    } finally {
      this.frame = frame;
      this.variables = saveVars;
    }
    return value;
  }

  private execInclude(name: string, args: readonly string[], line: number, col: number): void {
    this.line = line;
    this.column = col;
    const body = this.getPartial(name);
    if (body === null) {
      this.error(
        'partial-not-found',
        `RuntimeError: Attempt to apply partial '${name}' which could not be found.`,
      );
      return;
    }
    const output = args.includes('output');
    if (this.partialDepth >= MAX_PARTIAL_DEPTH) {
      this.error(
        'partial-recursion',
        `RuntimeError: Attempt to apply partial '${name}' exceeded maximum recursion depth of ${MAX_PARTIAL_DEPTH}`,
      );
      return;
    }
    const saveOut = this.out;
    if (!output) this.out = '';
    this.partialDepth++;
    try {
      this.execBlock(body);
    } finally {
      this.partialDepth--;
      if (!output) this.out = saveOut;
    }
  }
}

const FAILED: unique symbol = Symbol('failed');

function allPure(formatters: readonly FormatterCall[]): boolean {
  for (let i = 0; i < formatters.length; i++) if (!(formatters[i] as FormatterCall).pure) return false;
  return true;
}
