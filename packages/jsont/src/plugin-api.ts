/**
 * The contract between the engine and the formatters and predicates plugged into it.
 * Core's platform helpers (`@storefront/core`) are written against this file only.
 */

/** One problem found while compiling or rendering. Never thrown: collected and returned. */
export interface TemplateError {
  /** Stable kind, e.g. `unknown-formatter`, `syntax`, `unclosed-block`, `partial-not-found`. */
  readonly code: string;
  /** The message text (the reference engine's wording where it has one). */
  readonly message: string;
  /** 1-based line and column of the tag that caused it (0 when not tied to a tag). */
  readonly line: number;
  readonly column: number;
}

/** What a formatter or predicate can ask of the render it runs in. */
export interface RenderContext {
  /** Resolves a dotted path (`item.title`, `@`, `@index`, `@var`) from the current scope, walking outward. */
  lookup(path: string): unknown;
  /** The current node (`@`). */
  readonly node: unknown;
  /** The root JSON of the render. */
  readonly root: unknown;
  /** BCP 47 locale of this render (`en-US` when not set). */
  readonly locale: string;
  /** IANA time zone of this render (`website.timeZone`, else `America/New_York`). */
  readonly timeZone: string;
  /** Epoch milliseconds to treat as "now". */
  readonly now: number;
  /**
   * Renders another template source against `node` (with the current scope chain behind it),
   * sharing this render's formatters, predicates and error list. Built-in helper templates
   * (add-to-cart button, product price...) are rendered this way; compiled once and cached.
   */
  renderTemplate(source: string, node: unknown): string;
  /** Renders a macro or partial by name against `node`; `undefined` when not found. */
  renderPartial(name: string, node: unknown): string | undefined;
  /** Records an error at the position of the tag being executed. */
  error(code: string, message: string): void;
}

/**
 * A formatter: `{value|name arg1 arg2}`. Returns the new value; strings are emitted as they are
 * (formatters that build HTML escape what they insert themselves).
 */
export type FormatterImpl = (value: unknown, args: readonly string[], ctx: RenderContext) => unknown;

/** A predicate: `{.name? arg1 arg2}`; `ctx.node` is the current node. */
export type PredicateImpl = (args: readonly string[], ctx: RenderContext) => boolean;

/** A named set of formatters and predicates. Predicate names include the trailing `?`. */
export interface Plugin {
  readonly formatters?: Readonly<Record<string, FormatterImpl>>;
  readonly predicates?: Readonly<Record<string, PredicateImpl>>;
}

/** Options of one render. */
export interface RenderOptions {
  /** Partials by name: name -> template source. */
  partials?: Readonly<Record<string, string>>;
  /** Injectables for `{.inject}`: path -> JSON text. */
  injects?: Readonly<Record<string, string>>;
  /** BCP 47 locale (default `en-US`). */
  locale?: string;
  /** IANA time zone (default: `website.timeZone` of the JSON, else `DEFAULT_TIME_ZONE`). */
  timeZone?: string;
  /** Epoch milliseconds used as "now" (default: the wall clock). */
  now?: number;
}
