/**
 * Property-based and stress tests: rendering never throws and always returns, whatever the
 * template and JSON; huge and deeply nested inputs render or report an error without a stack
 * overflow.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from './index.ts';

const engine = createEngine({ enableExpressions: true, enableInclude: true, cacheSize: 20 });

const word = fc.constantFrom(
  'a',
  'b',
  'items',
  'name',
  '@',
  '@index',
  '@a',
  '0',
  '1',
  'a.b',
  'items.0.name',
  'x.y.z',
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
  'format a b',
  'date %c %Z %U %V',
  'datetime',
  'datetime date:full time:short',
  'datetime-interval',
  'relative-time',
  'timesince',
  'decimal style:percent',
  'money',
  'message a b',
  'iter',
  'apply p',
  'apply p private a=1',
  'get a',
  'prop b',
  'lookup a',
  'key-by name',
  'mod 3',
  'encode-uri',
  'find-first name',
  'nope',
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
  'nope?',
  'units-metric?',
);
const piece: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 6 }),
  word.map((w) => `{${w}}`),
  fc.tuple(word, fc.array(formatter, { maxLength: 3 })).map(([w, fs]) => `{${[w, ...fs].join('|')}}`),
  word.map((w) => `{.section ${w}}`),
  word.map((w) => `{.repeated section ${w}}`),
  predicate.map((p) => `{.${p}}`),
  predicate.map((p) => `{.or ${p}}`),
  fc.constantFrom(
    '{.end}',
    '{.or}',
    '{.alternates with}',
    '{.if a || b && c}',
    '{.var @a items|count}',
    '{.ctx @c k=a m=b}',
    '{.macro p}',
    '{.include p output}',
    '{.inject @i ./x.json}',
    '{.eval @a = 1 + a; @a * 2}',
    '{.eval max(a, 2) + "x"}',
    '{.eval (1 +}',
    '{.meta-left}',
    '{.meta-right}',
    '{.space}{.tab}{.newline}',
    '{# comment}',
    '{## multi ##}',
    '{##',
    '{',
    '}',
    '{{a}}',
    '{a||b}',
  ),
);
const template = fc.array(piece, { maxLength: 40 }).map((ps) => ps.join(''));

describe('render never throws', () => {
  it('for generated templates and JSON', () => {
    fc.assert(
      fc.property(template, fc.jsonValue({ maxDepth: 4 }), (tpl, json) => {
        const r = engine.render(tpl, json, {
          partials: { p: '{@|json}{@|apply p}' },
          injects: { './x.json': '{"k":1}' },
          now: 1600000000000,
        });
        expect(typeof r.output).toBe('string');
        expect(Array.isArray(r.errors)).toBe(true);
        for (const e of r.errors) {
          expect(typeof e.code).toBe('string');
          expect(typeof e.message).toBe('string');
          expect(Number.isInteger(e.line) && Number.isInteger(e.column)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('for arbitrary strings as templates', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('{', '}', '.', '|', ' ', 'a', '#', '@', '?', '\n', 'x') }),
        (s) => {
          const r = engine.render(s, { a: 1, x: [1, 2] });
          expect(typeof r.output).toBe('string');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('for arbitrary values given to every formatter', () => {
    fc.assert(
      fc.property(formatter, fc.jsonValue({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 2 }), (f, a, b) => {
        const r = engine.render(`{a,b|${f}}`, { a, b });
        expect(typeof r.output).toBe('string');
      }),
      { numRuns: 400 },
    );
  });

  it('text without tags is copied byte for byte', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{')),
        (s) => {
          expect(engine.render(s, {}).output).toBe(s);
        },
      ),
    );
  });
});

describe('size and depth', () => {
  it('a 1 MB template renders', () => {
    const unit = '<li class="x">{title|html} {.section a}{b}{.end} {n|round}</li>\n';
    const tpl = unit.repeat(Math.ceil(1_000_000 / unit.length));
    expect(tpl.length).toBeGreaterThanOrEqual(1_000_000);
    const r = engine.render(tpl, { title: 'T&', a: { b: 'B' }, n: 2.5 });
    expect(r.errors).toEqual([]);
    expect(r.output.startsWith('<li class="x">T&amp; B 3</li>\n')).toBe(true);
  });

  it('10,000 nested sections report an error instead of overflowing the stack', () => {
    const depth = 10_000;
    const tpl = '{.section a}'.repeat(depth) + 'deep' + '{.end}'.repeat(depth);
    let json: unknown = { leaf: true };
    for (let i = 0; i < depth; i++) json = { a: json };
    const r = engine.render(tpl, json);
    expect(r.output).not.toContain('deep');
    expect(r.errors.map((e) => e.code)).toEqual(['nesting-too-deep']);
    // and the same template unclosed, with no data
    const r2 = engine.render('{.section a}'.repeat(depth), {});
    expect(r2.output).toBe('');
  });

  it('nesting within the limit renders fully', () => {
    const depth = 900;
    const tpl = '{.section a}'.repeat(depth) + '{leaf}' + '{.end}'.repeat(depth);
    let json: unknown = { leaf: 'ok' };
    for (let i = 0; i < depth; i++) json = { a: json };
    expect(engine.render(tpl, json)).toEqual({ output: 'ok', errors: [] });
  });

  it('a 100,000-element array renders', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => ({ n: i }));
    const r = engine.render('{.repeated section items}{n}{.alternates with},{.end}', { items });
    expect(r.errors).toEqual([]);
    const parts = r.output.split(',');
    expect(parts).toHaveLength(100_000);
    expect(parts[99_999]).toBe('99999');
  });

  it('deep JSON given to json and equal? does not throw', () => {
    let json: unknown = 1;
    for (let i = 0; i < 20_000; i++) json = [json];
    const r = engine.render('{d|json}{.equal? d d}eq{.end}', { d: json });
    expect(typeof r.output).toBe('string');
  });
});
