import { describe, expect, it } from 'vitest';
import { createEngine } from './index.ts';
import type { Plugin } from './index.ts';

const engine = createEngine({ enableExpressions: true, enableInclude: true });
const out = (tpl: string, json: unknown = {}, opts = {}): string => engine.render(tpl, json, opts).output;

describe('variables and lookup', () => {
  it('resolves dot paths, @ and array indexes', () => {
    expect(out('{a.b.c} {list.1} {@|json}', { a: { b: { c: 'x' } }, list: [1, 2] })).toBe(
      'x 2 {"a":{"b":{"c":"x"}},"list":[1,2]}',
    );
  });
  it('falls back through the scope chain for the first segment', () => {
    const json = { name: 'root', items: [{ name: 'i1' }, { title: 'i2' }] };
    expect(out('{.repeated section items}{name}{.end}', json)).toBe('i1root');
  });
  it('does not search section names upward (4.2)', () => {
    const json = { a: { b: 1 }, list: [1] };
    expect(out('{.section a}{.section list}X{.or}none{.end}{.end}', json)).toBe('none');
    expect(out('{.section a}{list}{.if list}Y{.end}{.end}', json)).toBe('1Y');
  });
  it('@index and @index0 inside loops, also in nested sections', () => {
    const json = { items: [{ a: { x: 1 } }, { a: { x: 2 } }] };
    expect(out('{.repeated section items}{.section a}{@index}/{@index0}:{x} {.end}{.end}', json)).toBe(
      '1/0:1 2/1:2 ',
    );
  });
  it('emits numbers, booleans and arrays like JS, nothing for objects and null', () => {
    expect(
      out('{n}|{b}|{arr}|{o}|{z}|{m}', {
        n: 1.0,
        b: false,
        arr: [1, 'two', null, true],
        o: { a: 1 },
        z: null,
      }),
    ).toBe('1|false|1,two,null,true|||');
  });
  it('null blocks the upward search', () => {
    expect(out('{.section a}{name}{.end}', { name: 'root', a: { name: null, x: 1 } })).toBe('');
  });
  it('length of an array is visible as a first segment only (as in the reference)', () => {
    expect(out('{.section items}[{length}]{.end}[{items.length}]', { items: [1, 2] })).toBe('[2][]');
    expect(out('{.section o}[{constructor}][{toString}]{.end}', { o: { x: 1 } })).toBe('[][]');
  });
  it('{a,b} prints a only', () => {
    expect(out('{a,b}', { a: 'A', b: 'B' })).toBe('A');
  });
});

describe('lexical rules', () => {
  it('keeps invalid tags as text', () => {
    expect(out('{ a } {a b} {.foo} {.section} {a }', { a: 1 })).toBe('{ a } {a b} {.foo} {.section} {a }');
  });
  it('uses the last { before }', () => {
    expect(out('{{a}}', { a: 1 })).toBe('{1}');
  });
  it('rejects a||b so inline JS survives', () => {
    expect(out('{a||b}', { a: 1 })).toBe('{a||b}');
  });
  it('handles comments and meta characters', () => {
    expect(out('a{# c}b{## x } y ##}c{.meta-left}{.meta-right}{.space}{.tab}{.newline}')).toBe('abc{} \t\n');
  });
  it('an unterminated multi-line comment swallows the rest', () => {
    expect(out('a{## never closed {b}')).toBe('a');
  });
  it('keeps whitespace around tags', () => {
    expect(out('{.section a}\n  {b}\n{.end}\n', { a: { b: 1 } })).toBe('\n  1\n\n');
  });
  it('a { with no } is literal', () => {
    expect(out('x { y', {})).toBe('x { y');
  });
});

describe('blocks', () => {
  it('repeated section with alternates and or', () => {
    expect(out('{.repeated section a}{@}{.alternates with}, {.or}empty{.end}', { a: [1, 2, 3] })).toBe(
      '1, 2, 3',
    );
    expect(out('{.repeated section a}{@}{.or}empty{.end}', { a: [] })).toBe('empty');
    expect(out('{.repeated section a}{@}{.or}empty{.end}', { a: { x: 1 } })).toBe('empty');
  });
  it("a section's {.or} branch runs with the falsy value as the current node", () => {
    expect(out('{.section a}x{.or}[{@|json}]{.end}', { a: 0 })).toBe('[0]');
    expect(out('{.section a}x{.or}[{@|json}]{.end}', { a: '' })).toBe('[""]');
    expect(out('{.section a}x{.or}{.equal? b}same{.end}{.end}', {})).toBe('same');
    // a repeated section's {.or} runs in the enclosing frame
    expect(out('{.repeated section a}x{.or}{b}{.end}', { a: [], b: 'B' })).toBe('B');
  });
  it('predicates with or-chains', () => {
    const t = '{.equal? n 1}one{.or equal? n 2}two{.or}other{.end}';
    expect(out(t, { n: 1 })).toBe('one');
    expect(out(t, { n: 2 })).toBe('two');
    expect(out(t, { n: 3 })).toBe('other');
  });
  it('a missing value compares equal to null', () => {
    expect(out('{.equal? nope null}T{.or}F{.end}', {})).toBe('T');
    expect(out('{.notEqual? nope null}T{.or}F{.end}', {})).toBe('F');
    expect(out('{.greaterThanOrEqual? nope null}T{.or}F{.end}', {})).toBe('T');
    expect(out('{.equal? nope}T{.or}F{.end}', { a: 1 })).toBe('F');
  });
  it('.if evaluates left to right without precedence', () => {
    expect(out('{.if f || zero && t}Y{.or}N{.end}', { f: false, zero: 0, t: true })).toBe('N');
    expect(out('{.if a || b}Y{.or}N{.end}', { a: 0, b: 'x' })).toBe('Y');
    expect(out('{.if a && b}Y{.or}N{.end}', { a: 1, b: [] })).toBe('N');
    expect(out('{.if equal? a 1}Y{.end}', { a: 1 })).toBe('Y');
  });
  it('.var and .ctx bind locals that vanish with the frame', () => {
    expect(out('{.var @n items|count}{@n}', { items: [1, 2, 3] })).toBe('3');
    expect(out('{.section a}{.var @x b}{@x}{.end}[{@x}]', { a: { b: 'B' } })).toBe('B[]');
    expect(out('{.ctx @c k=a.b m=nope}{@c|json}', { a: { b: 2 } })).toBe('{"k":2,"m":null}');
  });
  it('truthiness rules', () => {
    const t = '{.section v}T{.or}F{.end}';
    expect(['0', 'false', '', 0, 0.5, [], {}, { a: 1 }, null].map((v) => out(t, { v }))).toEqual([
      'T',
      'T',
      'F',
      'F',
      'T',
      'F',
      'F',
      'T',
      'F',
    ]);
  });
});

describe('formatters', () => {
  it('escapes', () => {
    expect(out('{s|html}|{s|htmlattr}|{s|htmltag}', { s: '<a href="x">&</a>' })).toBe(
      '&lt;a href="x"&gt;&amp;&lt;/a&gt;|&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;|&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;',
    );
  });
  it('chains with arguments and delimiters', () => {
    expect(out('{s|truncate 10}', { s: 'The quick brown fox' })).toBe('The quick ...');
    expect(out('{n|pluralize/item/items} {m|pluralize/item/items}', { n: 1, m: 2 })).toBe('item items');
    expect(out('{s|slugify}', { s: 'Hello, World  Again' })).toBe('hello-world-again');
    expect(out('{s|safe}', { s: '<b>bold</b> text' })).toBe('bold text');
    expect(out('{s|url-encode}', { s: 'a b/é' })).toBe('a%20b/%C3%A9');
    expect(out('{s|capitalize}', { s: 'abc' })).toBe('ABC');
    expect(out('{n|round} {m|round}', { n: 2.5, m: -1.5 })).toBe('3 -1');
    expect(out('{n|cycle a b c}', { n: 4 })).toBe('a');
    expect(out('{s|smartypants}', { s: `"It's" -- 'x'` })).toBe('\u201cIt\u2019s\u201d \u2014 \u2018x\u2019');
    expect(out('{s|json}', { s: '</script>' })).toBe('"<\\/script>"');
    expect(out('{o|json-pretty}', { o: { a: 1 } })).toBe('{\n  "a": 1\n}');
    expect(out('{m|raw}|{m|str}|{o|str}', { o: {} })).toBe('null||');
    expect(
      out('{s|count} {a|count} {o|count} {n|count}', { s: 'abc', a: [1], o: { x: 1, y: 2 }, n: 5 }),
    ).toBe('3 1 2 0');
  });
  it('format reads its paths below the value', () => {
    expect(out('{pattern|format a b}', { pattern: '{0}-{1}-{2}', a: 'A', b: 'B' })).toBe('A-B-');
  });
  it('iter gives the loop index', () => {
    expect(out('{.repeated section a}{@|iter}{.end}', { a: ['x', 'y'] })).toBe('12');
  });
  it('date with strftime tokens in the site time zone', () => {
    const json = { t: 1600000000000, website: { timeZone: 'Europe/Paris' } };
    expect(out('{t|date %c}', json)).toBe('Sun, Sep 13, 2020 2:26:40 PM CEST');
    expect(out('{t|date %D %T %Z %z}', json)).toBe('09/13/20 14:26:40 CEST +02:00');
    expect(out('{t|date %U %V}', json)).toBe('38 37');
    expect(out('{t|date %Y-%m-%d %H:%M %Z}', { t: 1600000000000 })).toBe('2020-09-13 08:26 EDT');
  });
  it('a missing date gives an empty string (product spec)', () => {
    expect(out('[{nope|date %Y}]', {})).toBe('[]');
  });
  it('unknown formatter keeps the tag as text', () => {
    const r = engine.render('{a|nope}', { a: 1 });
    expect(r.output).toBe('{a|nope}');
    expect(r.errors).toEqual([
      { code: 'unknown-formatter', message: "SyntaxError: Formatter 'nope' is unknown", line: 1, column: 1 },
    ]);
  });
});

describe('partials and apply', () => {
  it('apply renders a partial with the value as node, seeing outer data unless private', () => {
    const partials = { p: '{name}:{who}' };
    const json = { who: 'W', people: [{ name: 'A' }] };
    expect(out('{people.0|apply p}', json, { partials })).toBe('A:W');
    expect(out('{people.0|apply p private}', json, { partials })).toBe('A:');
  });
  it('apply passes @args', () => {
    expect(out('{@|apply p a=1 b=x}', {}, { partials: { p: '{@args.a}{@args.b}' } })).toBe('1x');
  });
  it('macros are registered when reached', () => {
    expect(out('{.macro m}<{@}>{.end}{x|apply m}', { x: 5 })).toBe('<5>');
  });
  it('recursion is capped at 16', () => {
    const r = engine.render('{@|apply p}', {}, { partials: { p: 'x{@|apply p}' } });
    expect(r.output).toBe('x'.repeat(16));
    expect(r.errors.map((e) => e.message)).toEqual([
      "RuntimeError: Attempt to apply partial 'p' exceeded maximum recursion depth of 16",
    ]);
  });
});

describe('plugins and RenderContext', () => {
  it('plugin formatters can render templates and partials', () => {
    const plugin: Plugin = {
      formatters: {
        shout: (v) => String(v).toUpperCase() + '!',
        wrap: (v, args, ctx) => ctx.renderTemplate('<b>{title|html}</b>{@index}', v),
        part: (v, _args, ctx) => ctx.renderPartial('p', v) ?? 'none',
      },
      predicates: { 'big?': (_args, ctx) => Number(ctx.node) > 10 },
    };
    const e = createEngine({ plugins: [plugin] });
    const r = e.render(
      '{s|shout} {.repeated section items}{@|wrap}{.end} {.section n}{.big?}big{.or}small{.end}{.end} {n|part} {n|part}',
      { s: 'hi', items: [{ title: 'a&b' }], n: 11 },
      { partials: { p: '[{@}]' } },
    );
    expect(r.output).toBe('HI! <b>a&amp;b</b>1 big [11] [11]');
    expect(r.errors).toEqual([]);
  });
  it('a plugin that replaces a built-in comparison predicate is the one called', () => {
    const plugin: Plugin = { predicates: { 'equal?': (args) => args[0] === 'always' } };
    const e = createEngine({ plugins: [plugin] });
    const t = '{.equal? always}A{.or equal? a a}B{.or}C{.end}|{.greaterThan? n 1}D{.end}';
    expect(e.render(t, { a: 1, n: 2 }).output).toBe('A|D');
    expect(e.render('{.equal? a a}B{.or}C{.end}', { a: 1 }).output).toBe('C');
  });
  it('compile returns errors and the compiled template renders many times', () => {
    const c = engine.compile('{.section a}{b}');
    expect(c.errors[0]?.code).toBe('unclosed-block');
    expect(engine.render(c, { a: { b: 1 } }).output).toBe('1');
    expect(engine.render(c, { a: { b: 2 } }).output).toBe('2');
  });
});
