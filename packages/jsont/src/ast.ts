/**
 * The instruction tree produced by the parser and assembler and walked by the executor.
 */
import type { FormatterImpl, PredicateImpl, RenderContext } from './plugin-api.ts';

/** A predicate call with its arguments read once at compile time (same result as `impl(args, ctx)`). */
export type PreparedTest = (ctx: RenderContext) => boolean;

export enum Op {
  Text = 0,
  Variable = 1,
  Section = 2,
  Repeated = 3,
  Predicate = 4,
  Or = 5,
  If = 6,
  Bindvar = 7,
  Ctxvar = 8,
  Eval = 9,
  Include = 10,
  Inject = 11,
  Macro = 12,
  MetaLeft = 13,
  MetaRight = 14,
  Newline = 15,
  Space = 16,
  Tab = 17,
  Comment = 18,
  End = 19,
  AlternatesWith = 20,
  Eof = 21,
  Root = 22,
}

/** A variable reference split into segments, with the kind of its first segment precomputed. */
export interface Path {
  readonly raw: string;
  readonly segs: readonly (string | number)[];
  /** 0 = plain key, 1 = `@`, 2 = `@index`, 3 = `@index0`, 4 = other `@name` variable. */
  readonly kind: number;
}

export interface FormatterCall {
  readonly name: string;
  readonly impl: FormatterImpl;
  readonly args: readonly string[];
  /** A built-in that reads nothing but its value and arguments (no frame needs to be pushed). */
  readonly pure: boolean;
}

interface Base {
  readonly line: number;
  readonly column: number;
}

export interface TextInst extends Base {
  readonly op: Op.Text;
  readonly text: string;
}
export interface VariableInst extends Base {
  readonly op: Op.Variable;
  readonly paths: readonly Path[];
  readonly formatters: readonly FormatterCall[];
}
export interface SectionInst extends Base {
  readonly op: Op.Section;
  readonly path: Path;
  body: Inst[];
  alt: OrInst | null;
}
export interface RepeatedInst extends Base {
  readonly op: Op.Repeated;
  readonly path: Path;
  body: Inst[];
  alternates: Inst[] | null;
  alt: OrInst | null;
}
export interface PredicateInst extends Base {
  readonly op: Op.Predicate;
  readonly name: string;
  readonly impl: PredicateImpl | null;
  readonly args: readonly string[];
  /** Set by the parser when the predicate can prepare its arguments. */
  readonly test?: PreparedTest | null;
  body: Inst[];
  alt: OrInst | null;
}
/** `{.or}` (name null) or `{.or name? args}`. */
export interface OrInst extends Base {
  readonly op: Op.Or;
  readonly name: string | null;
  readonly impl: PredicateImpl | null;
  readonly args: readonly string[];
  readonly test?: PreparedTest | null;
  body: Inst[];
  alt: OrInst | null;
}
export interface IfInst extends Base {
  readonly op: Op.If;
  /** operators between paths: 1 = &&, 0 = || */
  readonly ops: readonly number[];
  readonly paths: readonly Path[];
  body: Inst[];
  alt: OrInst | null;
}
export interface BindvarInst extends Base {
  readonly op: Op.Bindvar;
  readonly name: string;
  readonly paths: readonly Path[];
  readonly formatters: readonly FormatterCall[];
}
export interface CtxvarInst extends Base {
  readonly op: Op.Ctxvar;
  readonly name: string;
  readonly bindings: readonly (readonly [string, Path])[];
}
export interface EvalInst extends Base {
  readonly op: Op.Eval;
  readonly code: string;
  /** Parsed expression, cached on first execution. */
  cache: unknown;
}
export interface IncludeInst extends Base {
  readonly op: Op.Include;
  readonly name: string;
  readonly args: readonly string[];
}
export interface InjectInst extends Base {
  readonly op: Op.Inject;
  readonly name: string;
  /** The injectable's key (a file path). */
  readonly file: string;
}
export interface MacroInst extends Base {
  readonly op: Op.Macro;
  readonly name: string;
  body: Inst[];
}
export interface SimpleInst extends Base {
  readonly op: Op.MetaLeft | Op.MetaRight | Op.Newline | Op.Space | Op.Tab | Op.Comment;
}
/** Structural markers, only seen by the assembler. */
export interface MarkerInst extends Base {
  readonly op: Op.End | Op.AlternatesWith | Op.Eof;
}

export type Inst =
  | TextInst
  | VariableInst
  | SectionInst
  | RepeatedInst
  | PredicateInst
  | OrInst
  | IfInst
  | BindvarInst
  | CtxvarInst
  | EvalInst
  | IncludeInst
  | InjectInst
  | MacroInst
  | SimpleInst
  | MarkerInst;

export type BlockInst = SectionInst | RepeatedInst | PredicateInst | OrInst | IfInst | MacroInst;

export function opName(op: Op): string {
  switch (op) {
    case Op.Text:
      return 'TEXT';
    case Op.Variable:
      return 'VARIABLE';
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
    case Op.Bindvar:
      return 'BINDVAR';
    case Op.Ctxvar:
      return 'CTXVAR';
    case Op.Eval:
      return 'EVAL';
    case Op.Include:
      return 'INCLUDE';
    case Op.Inject:
      return 'INJECT';
    case Op.Macro:
      return 'MACRO';
    case Op.MetaLeft:
      return 'META_LEFT';
    case Op.MetaRight:
      return 'META_RIGHT';
    case Op.Newline:
      return 'NEWLINE';
    case Op.Space:
      return 'SPACE';
    case Op.Tab:
      return 'TAB';
    case Op.Comment:
      return 'COMMENT';
    case Op.End:
      return 'END';
    case Op.AlternatesWith:
      return 'ALTERNATES_WITH';
    case Op.Eof:
      return 'EOF';
    case Op.Root:
      return 'ROOT';
  }
}
