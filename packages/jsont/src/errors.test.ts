/**
 * Every error kind: code, message (the reference's wording), line and column; never thrown.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from './index.ts';
import type { TemplateError } from './index.ts';

const engine = createEngine({ enableExpressions: true, enableInclude: true });
const run = (tpl: string, json: unknown = {}, opts = {}) => engine.render(tpl, json, opts);
const err = (code: string, message: string, line: number, column: number): TemplateError => ({
  code,
  message,
  line,
  column,
});

describe('compile-time errors', () => {
  it('unknown formatter: tag stays literal', () => {
    const r = run('a\n  {x|html|nope 1}', { x: 1 });
    expect(r.output).toBe('a\n  {x|html|nope 1}');
    expect(r.errors).toEqual([err('unknown-formatter', "SyntaxError: Formatter 'nope' is unknown", 2, 3)]);
  });

  it('unknown formatter in .var keeps the tag literal too', () => {
    const r = run('{.var @a x|nope}');
    expect(r.output).toBe('{.var @a x|nope}');
    expect(r.errors).toEqual([err('unknown-formatter', "SyntaxError: Formatter 'nope' is unknown", 1, 1)]);
  });

  it('unknown predicate: block kept, predicate false', () => {
    const r = run('x{.nope? a}yes{.or}no{.end}');
    expect(r.output).toBe('xno');
    expect(r.errors).toEqual([err('unknown-predicate', "SyntaxError: Predicate 'nope?' is unknown", 1, 2)]);
  });

  it('misplaced .end, .or, .alternates with at root', () => {
    const r = run('a{.end}b\n{.or}c{.alternates with}');
    expect(r.output).toBe('ab\nc');
    expect(r.errors).toEqual([
      err('not-allowed', 'SyntaxError: Instruction END not allowed at root', 1, 2),
      err('not-allowed', 'SyntaxError: Instruction OR_PREDICATE not allowed at root', 2, 1),
      err('not-allowed', 'SyntaxError: Instruction ALTERNATES_WITH not allowed at root', 2, 7),
    ]);
  });

  it('alternates with inside a section, or inside a macro', () => {
    const r = run('{.section a}x{.alternates with}y{.end}{.macro m}{.or}{.end}', { a: 1 });
    expect(r.output).toBe('xy');
    expect(r.errors).toEqual([
      err(
        'not-allowed',
        'SyntaxError: ALTERNATES_WITH instruction is not allowed inside SECTION block.',
        1,
        14,
      ),
      err('not-allowed', 'SyntaxError: OR_PREDICATE instruction is not allowed inside MACRO block.', 1, 49),
    ]);
  });

  it('dead .or branch after a bare .or', () => {
    const r = run('{.section a}A{.or}B{.or equal? 1}C{.end}', {});
    expect(r.output).toBe('BC');
    expect(r.errors).toEqual([
      err('dead-code', 'SyntaxError: This OR_PREDICATE block will never execute.', 1, 20),
    ]);
  });

  it.each([
    ['{.section a}', 'SECTION'],
    ['{.repeated section a}', 'REPEATED'],
    ['{.equal? 1}', 'PREDICATE'],
    ['{.if a}', 'IF'],
    ['{.macro m}', 'MACRO'],
    ['{.section a}{.or}', 'OR_PREDICATE'],
  ])('unclosed %s is reported at the open tag and still runs', (open, name) => {
    const r = run(`x\n ${open}body`, { a: [1] });
    expect(r.errors).toHaveLength(1);
    const e = r.errors[0] as TemplateError;
    expect(e.code).toBe('unclosed-block');
    expect(e.message).toBe(`SyntaxError: Reached EOF in the middle of ${name}`);
    expect(e.line).toBe(2);
    expect(e.column).toBe(name === 'OR_PREDICATE' ? 14 : 2);
  });

  it('an unclosed section still renders its body', () => {
    expect(run('{.section a}{b}', { a: { b: 'B' } }).output).toBe('B');
  });

  it('compile never throws and returns the errors', () => {
    const c = engine.compile('{.section a}{.end}{.end}{x|nope}');
    expect(c.errors.map((e) => e.code)).toEqual(['not-allowed', 'unknown-formatter']);
  });
});

describe('partials', () => {
  it('partial not found (apply): empty output and an engine error', () => {
    const r = run('[{a|apply missing}]', { a: 1 });
    expect(r.output).toBe('[]');
    expect(r.errors).toEqual([
      err(
        'partial-not-found',
        "RuntimeError: Attempt to apply partial 'missing' which could not be found.",
        1,
        2,
      ),
    ]);
  });

  it('partial not found (include)', () => {
    const r = run('x\n{.include nope output}');
    expect(r.output).toBe('x\n');
    expect(r.errors).toEqual([
      err(
        'partial-not-found',
        "RuntimeError: Attempt to apply partial 'nope' which could not be found.",
        2,
        1,
      ),
    ]);
  });

  it('partial parse failure: one error per parse error, empty output', () => {
    const r = run('[{@|apply p}]', {}, { partials: { p: '{.section a}{x|bad}' } });
    expect(r.output).toBe('[]');
    expect(r.errors.map((e) => [e.code, e.message])).toEqual([
      ['partial-parse', `RuntimeError: Parse of partial "p" failed: SyntaxError: Formatter 'bad' is unknown`],
      [
        'partial-parse',
        'RuntimeError: Parse of partial "p" failed: SyntaxError: Reached EOF in the middle of SECTION',
      ],
    ]);
  });

  it('recursion beyond depth 16 (apply)', () => {
    const r = run('{@|apply p}', {}, { partials: { p: '<{@|apply p}>' } });
    expect(r.output).toBe('<'.repeat(16) + '>'.repeat(16));
    expect(r.errors).toEqual([
      err(
        'partial-recursion',
        "RuntimeError: Attempt to apply partial 'p' exceeded maximum recursion depth of 16",
        1,
        2,
      ),
    ]);
  });

  it('recursion beyond depth 16 (include of a macro)', () => {
    const r = run('{.macro m}x{.include m output}{.end}{.include m output}');
    expect(r.output).toBe('x'.repeat(16));
    expect(r.errors.map((e) => e.code)).toEqual(['partial-recursion']);
    expect(r.errors[0]?.message).toBe(
      "RuntimeError: Attempt to apply partial 'm' exceeded maximum recursion depth of 16",
    );
  });
});

describe('expression errors (jsont.md 9.5)', () => {
  const parseError = (src: string, msg: string) =>
    err('expression-parse', `RuntimeError: Error parsing expression: ${JSON.stringify(src)}: ${msg}`, 1, 1);

  it.each([
    ['1.2.3', 'Duplicate decimal point in number'],
    ['1e2.5', 'Unexpected decimal point in exponent'],
    ['1e+', 'Expected a digit after exponent in decimal number'],
    ['0x', 'Expected digits after start of hex number'],
    ['"a\\x4"', 'Invalid 2-char hex escape found'],
    ['"\\u12"', 'Invalid unicode escape found'],
    ['"abc', 'Unterminated string'],
    ['"a\nb"', 'Illegal bare line feed character in string literal'],
    ['foo(1)', 'Invalid function foo'],
    ['1 # 2', 'Unexpected character at 2: "#"'],
    ['(1 + 2', 'Mismatched operator found: left paren'],
    ['1 + 2)', 'Mismatched operator found: right paren'],
  ])('parse error in %j', (src, msg) => {
    const r = run(`{.eval ${src}}`);
    expect(r.output).toBe('');
    expect(r.errors).toEqual([parseError(src, msg)]);
  });

  it('maximum number of tokens', () => {
    const e = createEngine({ enableExpressions: true, expressionLimits: { maxTokens: 3 } });
    const r = e.render('{.eval 1 + 2 + 3}', {});
    expect(r.output).toBe('');
    expect(r.errors).toEqual([
      parseError('1 + 2 + 3', 'Expression exceeds the maximum number of allowed tokens: 3'),
    ]);
  });

  const reduceError = (src: string, msg: string) =>
    err('expression-reduce', `RuntimeError: Error reducing expression: ${src}: ${msg}`, 1, 1);

  it('invalid arguments to an operator: nothing output, no bindings kept', () => {
    const r = run('{.eval @a = 1; obj + 1}[{@a}]', { obj: { x: 1 } });
    expect(r.output).toBe('[]');
    expect(r.errors).toEqual([reduceError('@a = 1; obj + 1', 'Invalid arguments to operator add')]);
  });

  it('error calling a function', () => {
    const r = run('{.eval max()}');
    expect(r.errors).toEqual([reduceError('max()', 'Error calling function max')]);
  });

  it('concatenation limit', () => {
    const e = createEngine({ enableExpressions: true, expressionLimits: { maxStringLen: 4 } });
    const r = e.render('{.eval "abc" + "de"}', {});
    expect(r.output).toBe('');
    expect(r.errors).toEqual([
      reduceError('"abc" + "de"', 'Concatenation would exceed maximum string length 4'),
    ]);
  });

  it('unexpected token on the stack', () => {
    const r = run('{.eval obj}', { obj: [1] });
    expect(r.errors).toEqual([reduceError('obj', 'Reduce error: unexpected token on stack')]);
  });

  it('parse errors are reported once per render even in a loop', () => {
    const r = run('{.repeated section a}{.eval 1..2}{.end}', { a: [1, 2, 3] });
    expect(r.errors).toHaveLength(1);
  });

  it('expressions are off unless enabled', () => {
    const off = createEngine();
    expect(off.render('[{.eval 1 + 2}]', {})).toEqual({ output: '[]', errors: [] });
  });
});

describe('helpers', () => {
  it('an unimplemented predicate says so', () => {
    const r = run('{.units-metric?}m{.or}i{.end}');
    expect(r.output).toBe('i');
    expect(r.errors).toEqual([
      err('not-implemented', '"units-metric?" formatter is not yet implemented', 1, 1),
    ]);
  });

  it.each(['datetimefield', 'i18n-money-format', 'unit', 'money-format', 'moneyFormat', 'money-string'])(
    'the stub formatter %s outputs its input and says it is not implemented',
    (name) => {
      const r = run(`\n {x|${name}}`, { x: 'X' });
      expect(r.output).toBe('\n X');
      expect(r.errors).toEqual([err('not-implemented', `"${name}" formatter is not yet implemented`, 2, 2)]);
    },
  );

  it('a date outside the supported range is an error with empty output', () => {
    const low = -210866803200000 - 86400000 * 2; // before Julian day 0
    const r = run('[{t|date %Y}]', { t: low });
    expect(r.output).toBe('[]');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]?.code).toBe('date-range');
    expect(r.errors[0]?.message).toMatch(
      /^RuntimeError: Unexpected Error error when executing VARIABLE: Julian day -\d+ is outside the supported range of this library: Mon Jan {2}1 4713 B\.C\. to Fri Dec 31 8652 A\.D\.$/,
    );
    const high = run('{t|date %Y}', { t: 220000000000000 });
    expect(high.errors[0]?.code).toBe('date-range');
    expect(run('{t|date %Y}', { t: 0, website: { timeZone: 'UTC' } }).output).toBe('1970');
  });

  it('a non-numeric date string is an error, not an exception', () => {
    const r = run('[{t|date %Y}]', { t: 'abc' });
    expect(r.output).toBe('[]');
    expect(r.errors[0]?.code).toBe('helper-error');
    expect(r.errors[0]?.message).toMatch(
      /^RuntimeError: Unexpected TypeError error when executing VARIABLE: /,
    );
  });

  it('a throwing plugin formatter or predicate is caught', () => {
    const e = createEngine({
      plugins: [
        {
          formatters: {
            boom: () => {
              throw new RangeError('bad');
            },
          },
          predicates: {
            'boom?': () => {
              throw new Error('worse');
            },
          },
        },
      ],
    });
    const r = e.render('a{x|boom}b{.boom?}y{.or}n{.end}', { x: 1 });
    expect(r.output).toBe('abn');
    expect(r.errors).toEqual([
      err('helper-error', 'RuntimeError: Unexpected RangeError error when executing VARIABLE: bad', 1, 2),
      err('helper-error', 'RuntimeError: Unexpected Error error when executing PREDICATE: worse', 1, 11),
    ]);
  });

  it('plugins record errors at the tag position', () => {
    const e = createEngine({
      plugins: [
        {
          formatters: {
            warn: (v, _a, ctx) => {
              ctx.error('custom', 'careful');
              return v;
            },
          },
        },
      ],
    });
    expect(e.render('\n\n   {x|warn}', { x: 1 }).errors).toEqual([err('custom', 'careful', 3, 4)]);
  });
});
