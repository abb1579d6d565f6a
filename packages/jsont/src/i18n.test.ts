import { describe, expect, it } from 'vitest';
import { createEngine } from './index.ts';
import { shiftDecimal } from './decimal.ts';
import { fractionDigits, parseDecimal } from './i18n.ts';

const engine = createEngine();
const out = (tpl: string, json: unknown, opts = {}): string => engine.render(tpl, json, opts).output;

describe('exact decimals', () => {
  it('parses decimal strings without going through floats', () => {
    expect(parseDecimal('12345678901234567890.123456789')).toBe('12345678901234567890.123456789');
    expect(parseDecimal('abc')).toBeUndefined();
    expect(parseDecimal(' 1.50 ')).toBe('1.50');
    expect(fractionDigits('1.50')).toBe(2);
    expect(fractionDigits('12')).toBe(0);
    expect(shiftDecimal('1.2345', 2)).toBe('123.45');
    expect(shiftDecimal('-0.5', -2)).toBe('-0.005');
    expect(shiftDecimal('12', 3)).toBe('12000');
  });
  it('formats money exactly (no binary floating point)', () => {
    // 0.1 + 0.2 style values and amounts beyond 2^53 keep their digits
    expect(out('{m|money}', { m: { decimalValue: '9007199254740993.10', currencyCode: 'USD' } })).toBe(
      '$9,007,199,254,740,993.10',
    );
    expect(out('{m|money}', { m: { value: '0.30', currency: 'EUR' } })).toBe('€0.30');
    expect(out('{m|money style:code}', { m: { value: '12.5', currency: 'JPY' } })).toBe('JPY\u00a012');
    expect(out('[{m|money}]', { m: { foo: 1 } })).toBe('[]');
  });
  it('decimal options', () => {
    expect(out('{n|decimal}', { n: '1234.5678' })).toBe('1,234.568');
    expect(out('{n|decimal maxfrac:1 round:floor}', { n: '1.99' })).toBe('1.9');
    expect(out('{n|decimal minfrac:2 no-group}', { n: '1234' })).toBe('1234.00');
    expect(out('{n|decimal minint:3}', { n: '7' })).toBe('007');
    expect(out('{n|decimal maxsig:2}', { n: '1234' })).toBe('1,200');
    expect(out('{n|decimal}', { n: '2.5' }, { locale: 'de-DE' })).toBe('2,5');
    expect(out('[{n|decimal}]', { n: 'x' })).toBe('[]');
  });
});

describe('dates', () => {
  const t = 1582571080000; // 2020-02-24 14:04:40 America/New_York
  it('datetime widths, skeletons and wrap', () => {
    expect(out('{t|datetime}', { t })).toBe('February 24, 2020');
    expect(out('{t|datetime date:short time:short}', { t })).toBe('2/24/20, 2:04\u202fPM');
    expect(out('{t|datetime skeleton:yMMMEEEd}', { t })).toBe('Mon, Feb 24, 2020');
    expect(out('{t|datetime date:medium time:hm wrap:full}', { t })).toBe('Feb 24, 2020 at 2:04\u202fPM');
    expect(out('{t|datetime date:full}', { t, website: { timeZone: 'Asia/Tokyo' } })).toBe(
      'Tuesday, February 25, 2020',
    );
    expect(out('[{t|datetime}]', { t: 'x' })).toBe('[]');
  });
  it('relative time from the render clock', () => {
    const now = 1502298000000;
    expect(out('{t|relative-time}', { t: now + 2 * 3600_000 }, { now })).toBe('in 2 hours');
    expect(out('{t|relative-time context:begin-sentence}', { t: now - 11 * 3600_000 }, { now })).toBe(
      '11 hours ago',
    );
    expect(out('{a,b|relative-time allowWeeks:true}', { a: now, b: now + 12 * 86400_000 }, { now })).toBe(
      'in 2 weeks',
    );
    expect(out('{a,b|relative-time}', { a: now, b: now + 12 * 86400_000 }, { now })).toBe('in 12 days');
  });
  it('timesince, with the product-spec texts', () => {
    const now = 1627849845000;
    expect(out('{t|timesince}', { t: now - 3 * 3600_000 }, { now })).toBe(
      `<span class="timesince" data-date="${now - 3 * 3600_000}">about 3 hours ago</span>`,
    );
    expect(out('{t|timesince}', { t: now - 20_000 }, { now })).toContain('less than a minute ago');
    expect(out('{t|timesince}', { t: 'soon' }, { now })).toBe('Invalid date');
    expect(out('[{t|timesince}]', {}, { now })).toBe('[]');
  });
  it('datetime-interval', () => {
    expect(out('{a,b|datetime-interval}', { a: t, b: t + 3 * 3600_000 })).toBe(
      '2:04\u2009–\u20095:04\u202fPM',
    );
    expect(out('{a,b|datetime-interval yMMM}', { a: t, b: t + 400 * 86400_000 })).toBe(
      'Feb 2020\u2009–\u2009Mar 2021',
    );
    // Outputs of the reference with @phensley/cldr 1.14: a weekday-and-time skeleton over two days
    // prints both ends whole; the ends stay in the order given.
    expect(out('{a,b|datetime-interval Ehm}', { a: t, b: t + 6 * 86400_000 })).toBe(
      'Mon, 2:04\u202fPM\u2009–\u2009Sun, 2:04\u202fPM',
    );
    expect(out('{a,b|datetime-interval hm}', { a: t, b: t - 3600_000 })).toBe(
      '2:04\u2009–\u20091:04\u202fPM',
    );
  });
});

describe('messages', () => {
  it('plural, select and nested arguments', () => {
    const msg = '{0 select a{A} other{O}}: {1 plural =0{none} one{# item} other{# items}}';
    expect(out('{m|message x n}', { m: msg, x: 'a', n: 0 })).toBe('A: none');
    expect(out('{m|message x n}', { m: msg, x: 'b', n: 1 })).toBe('O: 1 item');
    expect(out('{m|message x n}', { m: msg, x: 'b', n: '2.0' })).toBe('O: 2.0 items');
  });
  it('named arguments, money and unknown types', () => {
    expect(out('{m|message p:price}', { m: 'Now {p money}!', price: { value: '5', currency: 'USD' } })).toBe(
      'Now $5.00!',
    );
    expect(out('{m|message a}', { m: '[{0 frobnicate}]', a: 1 })).toBe('[]');
  });
});

describe('compiled-template cache', () => {
  it('reuses compiled templates and evicts the least recently used', () => {
    const e = createEngine({ cacheSize: 2 });
    const a = e.compile('a');
    expect(e.compile('a')).toBe(a);
    e.compile('b');
    e.compile('a'); // a is now most recent
    e.compile('c'); // evicts b
    expect(e.compile('a')).toBe(a);
    const b2 = e.compile('b');
    expect(e.render(b2, {}).output).toBe('b');
  });
});

describe('locale "none" (no locale data)', () => {
  it('CLDR helpers give empty output, timesince its invalid-date text', () => {
    const o = { locale: 'none', now: 1000 };
    expect(
      out(
        '[{t|datetime}][{n|decimal}][{m|money}][{s|message}]',
        { t: 1, n: '1', m: { value: '1', currency: 'USD' }, s: 'x' },
        o,
      ),
    ).toBe('[][][][]');
    expect(out('{t|timesince}', { t: 1 }, o)).toBe('Invalid date');
  });
});
