/**
 * CRC-32 of joined runs from the runs' own CRCs (render/crc32-combine.ts) equals zlib's CRC-32 of
 * the joined bytes: what a kept page's gzip trailer carries, which a browser checks.
 */
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { combineCrc32, crc32Appender } from './crc32-combine.ts';

describe('crc32 combine', () => {
  it.each([
    [0, 0],
    [0, 7],
    [7, 0],
    [1, 1],
    [43, 65_536],
    [70_000, 3],
    [1_000, 250_001],
  ])('a run of %i bytes then one of %i', (lengthA, lengthB) => {
    const a = randomBytes(lengthA);
    const b = randomBytes(lengthB);
    expect(combineCrc32(zlib.crc32(a), zlib.crc32(b), crc32Appender(b.length))).toBe(
      zlib.crc32(Buffer.concat([a, b])),
    );
  });
});
