/**
 * @storefront/jsont: the JSON-T template engine (spec/jsont.md).
 *
 *   const engine = createEngine({ plugins: [platformPlugin] });
 *   const { output, errors } = engine.render(source, json, { partials, locale, timeZone, now });
 *
 * Templates are compiled once into an instruction tree (kept in an LRU cache keyed by source) and
 * rendered many times. Nothing is ever thrown out of `compile` or `render`: problems come back as
 * `TemplateError` values with a code, the reference's message, a line and a column.
 */
import type { Inst } from './ast.ts';
import { BoundedCache } from './bounded-cache.ts';
import { RenderState } from './executor.ts';
import type { EngineHost } from './executor.ts';
import { parseTemplate } from './parser.ts';
import type { FormatterImpl, Plugin, PredicateImpl, RenderOptions, TemplateError } from './plugin-api.ts';
import { CORE_FORMATTERS } from './formatters-core.ts';
import { DATE_FORMATTERS } from './dates.ts';
import { CORE_PREDICATES } from './predicates-core.ts';
import { I18N_FORMATTERS, I18N_PREDICATES } from './i18n.ts';
import { MESSAGE_FORMATTERS } from './message.ts';
import type { ExprLimits } from './expr.ts';

export type { ExprLimits } from './expr.ts';
export { DEFAULT_TIME_ZONE } from './dates.ts';
export type {
  FormatterImpl,
  Plugin,
  PredicateImpl,
  RenderContext,
  RenderOptions,
  TemplateError,
} from './plugin-api.ts';

export interface EngineOptions {
  /** Extra formatters and predicates (later plugins override earlier ones and the built-ins). */
  plugins?: readonly Plugin[];
  /** Entries of the LRU cache of compiled templates, keyed by source (default 100). */
  cacheSize?: number;
  /** Enables `{.eval}` (default off, as in the reference). */
  enableExpressions?: boolean;
  /** Enables `{.include}` (default off, as in the reference). */
  enableInclude?: boolean;
  /** Optional `{.eval}` limits: tokens per expression, length of concatenated strings (off by default). */
  expressionLimits?: ExprLimits;
}

export interface RenderResult {
  output: string;
  errors: TemplateError[];
}

/** A compiled template: opaque, reusable across renders of the engine that compiled it. */
export interface CompiledTemplate {
  readonly source: string;
  readonly errors: readonly TemplateError[];
}

class Compiled implements CompiledTemplate {
  constructor(
    readonly source: string,
    readonly body: Inst[],
    readonly errors: readonly TemplateError[],
    readonly owner: Engine,
  ) {}
}

export interface Engine {
  compile(source: string): CompiledTemplate;
  render(template: CompiledTemplate | string, json: unknown, options?: RenderOptions): RenderResult;
  /** The names of all registered formatters and predicates (predicates end in `?`). */
  readonly formatterNames: readonly string[];
  readonly predicateNames: readonly string[];
}

class EngineImpl implements Engine, EngineHost {
  private readonly formatters = new Map<string, FormatterImpl>();
  private readonly predicates = new Map<string, PredicateImpl>();
  private readonly cache: BoundedCache<string, Compiled>;
  private readonly enableExpressions: boolean;
  private readonly enableInclude: boolean;
  private readonly exprLimits: ExprLimits;

  constructor(opts: EngineOptions) {
    this.cache = new BoundedCache(Math.max(1, opts.cacheSize ?? 100), { refreshOnHit: true });
    this.enableExpressions = opts.enableExpressions ?? false;
    this.enableInclude = opts.enableInclude ?? false;
    this.exprLimits = opts.expressionLimits ?? {};
    const all: Plugin[] = [
      { formatters: CORE_FORMATTERS, predicates: CORE_PREDICATES },
      { formatters: DATE_FORMATTERS },
      { formatters: I18N_FORMATTERS, predicates: I18N_PREDICATES },
      { formatters: MESSAGE_FORMATTERS },
      ...(opts.plugins ?? []),
    ];
    for (const p of all) {
      for (const [k, f] of Object.entries(p.formatters ?? {})) this.formatters.set(k, f);
      for (const [k, f] of Object.entries(p.predicates ?? {})) this.predicates.set(k, f);
    }
  }

  get formatterNames(): readonly string[] {
    return [...this.formatters.keys()];
  }

  get predicateNames(): readonly string[] {
    return [...this.predicates.keys()];
  }

  compile(source: string): CompiledTemplate {
    return this.compileInternal(source);
  }

  private compileInternal(source: string): Compiled {
    const src = typeof source === 'string' ? source : String(source);
    const hit = this.cache.get(src);
    if (hit !== undefined) return hit;
    let compiled: Compiled;
    try {
      const { body, errors } = parseTemplate(src, {
        formatters: this.formatters,
        predicates: this.predicates,
      });
      compiled = new Compiled(src, body, errors, this);
    } catch (e) {
      compiled = new Compiled(src, [], [internalError(e)], this);
    }
    this.cache.set(src, compiled);
    return compiled;
  }

  compileBody(source: string): { body: Inst[]; errors: readonly TemplateError[] } {
    return this.compileInternal(source);
  }

  render(template: CompiledTemplate | string, json: unknown, options: RenderOptions = {}): RenderResult {
    let compiled: Compiled;
    if (template instanceof Compiled && template.owner === this) compiled = template;
    else if (typeof template === 'string') compiled = this.compileInternal(template);
    else compiled = this.compileInternal(template.source);
    const state = new RenderState(this, json, {
      partials: options.partials,
      injects: options.injects,
      locale: options.locale,
      timeZone: options.timeZone,
      now: options.now,
      enableExpressions: this.enableExpressions,
      enableInclude: this.enableInclude,
      exprLimits: this.exprLimits,
    });
    const errors: TemplateError[] = [...compiled.errors];
    try {
      state.execBlock(compiled.body);
    } catch (e) {
      state.errors.push(internalError(e));
    }
    for (const e of state.errors) errors.push(e);
    let output: string;
    try {
      output = state.out;
    } catch (e) {
      output = '';
      errors.push(internalError(e));
    }
    return { output, errors };
  }
}

function internalError(e: unknown): TemplateError {
  const name = e instanceof Error ? e.name : 'Error';
  const msg = e instanceof Error ? e.message : String(e);
  return { code: 'internal', message: `RuntimeError: Unexpected ${name} error: ${msg}`, line: 0, column: 0 };
}

/** Creates an engine with the core formatters and predicates plus the given plugins. */
export function createEngine(options: EngineOptions = {}): Engine {
  return new EngineImpl(options);
}
