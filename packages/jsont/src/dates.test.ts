import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zonedFields } from './dates.ts';

describe('zoned calendar fields', () => {
  it('match what Date reads for the same instant shifted by the zone offset', () => {
    const zones = fc.constantFrom('UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham');
    // Years 1 to 9999, with fractional and negative instants.
    const instant = fc.oneof(
      fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 }),
      fc.double({ min: -62_135_596_800_000, max: 253_402_300_799_999, noNaN: true }),
    );
    fc.assert(
      fc.property(instant, zones, (epoch, zone) => {
        const f = zonedFields(epoch, zone);
        const d = new Date(epoch + f.offset);
        expect([f.year, f.month, f.day, f.hour, f.minute, f.second, f.millis, f.weekday]).toEqual([
          d.getUTCFullYear(),
          d.getUTCMonth() + 1,
          d.getUTCDate(),
          d.getUTCHours(),
          d.getUTCMinutes(),
          d.getUTCSeconds(),
          d.getUTCMilliseconds(),
          d.getUTCDay(),
        ]);
      }),
      { numRuns: 3000, seed: 20261124 },
    );
  });
});
