import { describe, expect, it } from 'vitest';
import { createEngine } from './index.ts';
import { formatIcuMessage } from './message.ts';

describe('formatIcuMessage (standard ICU spelling, for the commerce texts sites write)', () => {
  it('fills named arguments and leaves unknown ones empty', () => {
    expect(formatIcuMessage('Select {variantName}', { variantName: 'Size' })).toBe('Select Size');
    expect(formatIcuMessage('from {price}', { price: '$10.00' })).toBe('from $10.00');
    expect(formatIcuMessage('[{missing}]', {})).toBe('[]');
  });

  it('chooses plural branches: exact values first, then the locale category, with # as the number', () => {
    const scarcity = '{qtyInStock, plural, =0 {Sold out} one {Last one!} other {Only # left}}';
    expect(formatIcuMessage(scarcity, { qtyInStock: 0 })).toBe('Sold out');
    expect(formatIcuMessage(scarcity, { qtyInStock: 1 })).toBe('Last one!');
    expect(formatIcuMessage(scarcity, { qtyInStock: '7' })).toBe('Only 7 left');
    expect(formatIcuMessage('{n, plural, one {# Stück} other {# Stücke}}', { n: 3 }, 'de-DE')).toBe(
      '3 Stücke',
    );
  });

  it('handles select, selectordinal and a doubled quote', () => {
    const gift = '{kind, select, gift {A gift} other {For you}}';
    expect(formatIcuMessage(gift, { kind: 'gift' })).toBe('A gift');
    expect(formatIcuMessage(gift, { kind: 'self' })).toBe('For you');
    const place = '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}';
    expect([1, 2, 3, 4].map((n) => formatIcuMessage(place, { n }))).toEqual(['1st', '2nd', '3rd', '4th']);
    expect(formatIcuMessage("Don''t miss {name}", { name: 'it' })).toBe("Don't miss it");
  });

  it('copies what it cannot parse as text, then reads on after its brace', () => {
    expect(formatIcuMessage('{n, plural, one {x}', { n: 1, x: 'y' })).toBe('{n, plural, one y');
    expect(formatIcuMessage('a } b', {})).toBe('a } b');
  });
});

describe('the message formatter keeps the reference spelling', () => {
  it('reads `{count plural ...}`, and neither ICU commas nor doubled quotes', () => {
    const engine = createEngine();
    const render = (pattern: string): string =>
      engine.render('{m|message count:n}', { m: pattern, n: 1 }).output;
    expect(render('{count plural one {# item} other {# items}}')).toBe('1 item');
    expect(render('{count, plural, one {# item} other {# items}}')).not.toBe('1 item');
    expect(render("it''s")).toBe("it''s");
  });
});

describe('message datetime-interval arguments (outputs of the reference with @phensley/cldr 1.14)', () => {
  const engine = createEngine();
  const start = 1582663860000; // Tue 25 Feb 2020 3:51 PM, America/New_York
  const render = (pattern: string, end: number): string =>
    engine.render('{m|message start end}', { m: pattern, start, end }).output;
  const nextMonday = start + 6 * 86_400_000 - 5 * 3_600_000 - 26 * 60_000;

  it('prints both ends whole when a skeleton with times spans two days', () => {
    expect(render('{0;1 datetime-interval Ehm}', nextMonday)).toBe(
      'Tue, 3:51\u202fPM\u2009\u2013\u2009Mon, 10:25\u202fAM',
    );
  });

  it('prints the day once and then the time range within one day', () => {
    expect(render('{0;1 datetime-interval Ehm}', start + 3 * 3_600_000)).toBe(
      'Tue, 3:51\u2009\u2013\u20096:51\u202fPM',
    );
  });

  it('adds the date to a time-only skeleton spanning two days, and reads date/time options', () => {
    expect(render('{0;1 datetime-interval hm}', nextMonday)).toBe(
      'Feb 25, 2020, 3:51\u202fPM\u2009\u2013\u2009Mar 2, 2020, 10:25\u202fAM',
    );
    expect(render('{0;1 datetime-interval date:yMMMd time:hm}', nextMonday)).toBe(
      'Feb 25\u2009\u2013\u2009Mar 2, 2020',
    );
  });
});
