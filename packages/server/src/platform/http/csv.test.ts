import { describe, expect, it } from 'vitest';
import { csvField, guardedCell, unguardedCell } from './csv.ts';

describe('CSV cells a spreadsheet could run as formulas', () => {
  it('guards every formula start, the guard comes off exactly, and numbers stay numbers', () => {
    for (const text of ['=1+1', '+1', '-50% Sale', '@SUM(A1)', '\tx', '\rx', "'=1", "''+x"])
      expect(guardedCell(text)).toBe(`'${text}`);
    for (const text of ['Linen shirt', "'quoted", "It's", '', '50% off'])
      expect(guardedCell(text)).toBe(text);
    for (const text of ['=HYPERLINK("http://x")', '-50% Sale', "'=1", "'quoted", 'plain', "''@x"])
      expect(unguardedCell(guardedCell(text))).toBe(text);
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField(-5)).toBe('-5');
  });
});
