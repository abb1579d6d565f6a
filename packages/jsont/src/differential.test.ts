/**
 * Differential test against the public TypeScript engine (@squarespace/template-engine, a
 * devDependency used only here and in the benchmark): generated templates over generated JSON
 * must render the same output. The `date` formatter is left out: for a missing date the product
 * spec asks for an empty string where the reference prints 1 Jan 1970 (shared/DESIGN.md).
 */
import fc from 'fast-check';
import { Compiler } from '@squarespace/template-engine';
import { describe, expect, it } from 'vitest';
import { createEngine } from './index.ts';

const ours = createEngine({ enableExpressions: true, enableInclude: true });
const ref = new Compiler();
const partials = { p: '[{@|json}{name}]' };

const word = fc.constantFrom(
  'a',
  'b',
  'items',
  'name',
  '@',
  '@index',
  '@index0',
  '@a',
  '0',
  '1',
  'a.b',
  'items.0.name',
  'x.y',
  'n',
  's',
);
const formatter = fc.constantFrom(
  'html',
  'htmlattr',
  'json',
  'json-pretty',
  'raw',
  'str',
  'count',
  'truncate 3',
  'truncate',
  'slugify',
  'url-encode',
  'safe',
  'smartypants',
  'capitalize',
  'round',
  'cycle a b',
  'pluralize/x/y',
  'pluralize',
  'format a b',
  'iter',
  'apply p',
  'apply p private a=1',
  'get a',
  'prop b',
  'lookup a',
  'key-by name',
  'mod 3',
  'mod',
  'encode-uri',
  'encode-space',
  'find-first name',
  'find-last',
  'output x y',
  'line-breaks',
  'count|pluralize',
);
const predicate = fc.constantFrom(
  'equal? a 1',
  'notEqual? a "x"',
  'greaterThan? a b',
  'lessThanOrEqual? 3',
  'even?',
  'odd? a',
  'nth? 2',
  'plural?',
  'singular?',
  'debug?',
  'equal? n',
  'greaterThan? s "m"',
  'lessThan? n 2.5',
  'even? n',
  'odd? 1',
  'nth? a 2',
  'equal? nope null',
  'notEqual? a null',
  'greaterThan? nope 0',
  'equal? a "x"',
  'equal? items.0 items.1',
);
const piece = fc.oneof(
  fc.constantFrom('x', ' ', '\n', '-', 'y'),
  word.map((w) => `{${w}}`),
  fc.tuple(word, fc.array(formatter, { maxLength: 2 })).map(([w, fs]) => `{${[w, ...fs].join('|')}}`),
  word.map((w) => `{.section ${w}}`),
  word.map((w) => `{.repeated section ${w}}`),
  predicate.map((p) => `{.${p}}`),
  predicate.map((p) => `{.or ${p}}`),
  predicate.map((p) => `{.if ${p}}`),
  fc.constantFrom(
    '{.macro m}<{@}|{@args.k}|{name}>{.end}',
    '{a|apply m k=v}',
    '{items|apply m private}',
    '{items.0|apply m}',
    '{.include m output}',
    '{.var @v items.0|prop name|html}',
    '{@v}',
    '{.ctx @c a=n b=s}{@c.a}{@c|json}',
    '{.eval @z = n * 2 + (s ? 1 : 0)}',
    '{.eval str(n) + s; bool(s) || n}',
    '{.eval n % 2 == 0 ? 1 : 2}',
    '{.eval -n ** 2}',
    '{.eval (n + 1) * -2 >> 1}',
    '{.eval n === 1; n == "1"; !s}',
    '{.eval "\\u00e9" + \'x\'}',
    '{.eval @q = n; @q}{@q}',
    '{.eval min(n, s, 3) + abs(-2) + num("0x1F")}',
    '{format|format n s}',
    '{.equal? name "x"}E{.end}',
    '{.if @index}I{.end}',
    '{@index|cycle a b c}',
    '{.repeated section items}{@index}{.alternates with};{.end}',
    '{.end}',
    '{.end}',
    '{.end}',
    '{.or}',
    '{.alternates with}',
    '{.if a || b && n}',
    '{.if a && s}',
    '{.var @a items|count}',
    '{.var @a n}',
    '{.ctx @c k=a m=b}',
    '{.macro p}',
    '{.include p output}',
    '{.include p}',
    '{.eval @a = 1 + n; @a * 2}',
    '{.eval max(n, 2) + "x"}',
    '{.eval s + 1}',
    '{.eval n > 1 && s}',
    '{.meta-left}',
    '{.meta-right}',
    '{.space}{.tab}{.newline}',
    '{# comment}',
    '{## multi ##}',
    '{{a}}',
    '{a||b}',
    '{ a }',
    '{a,b}',
    '{.section}',
    '{.repeated  section a}',
  ),
);
const tpl = fc.array(piece, { maxLength: 25 }).map((ps) => ps.join(''));
const leaf = fc.oneof(
  fc.constantFrom(
    0,
    1,
    2,
    -1,
    2.5,
    '',
    'x',
    'M',
    '0',
    'true',
    true,
    false,
    null,
    1600000000000,
    1583020800000,
    'a b"c<d>&',
    "it's",
  ),
  fc.integer({ min: -5, max: 5 }),
);
const obj = fc.record(
  {
    format: fc.constantFrom('{0}-{1}', '{1}{x}{0', 'a{0}b'),
    a: leaf,
    b: leaf,
    n: leaf,
    s: leaf,
    name: leaf,
    x: fc.record({ y: leaf }, { noNullPrototype: true }),
    items: fc.array(fc.record({ name: leaf, a: leaf, n: leaf }, { noNullPrototype: true }), { maxLength: 3 }),
  },
  { requiredKeys: [], noNullPrototype: true },
);

describe('same output as the reference engine', () => {
  it('for generated templates and JSON', () => {
    fc.assert(
      fc.property(tpl, obj, (t, j) => {
        const expected = ref
          .execute({ code: t, json: j, partials, enableExpr: true, enableInclude: true })
          .ctx.render();
        expect(ours.render(t, j, { partials }).output).toBe(expected);
      }),
      { numRuns: 1500, seed: 20261122 },
    );
  });
});
