import { describe, expect, it } from 'vitest';
import { formatFileSize, megabytesToBytes } from './file-size.ts';

describe('file sizes (spec section 9)', () => {
  it('counts a limit in megabytes of 1,000,000 bytes', () => {
    expect(megabytesToBytes(20)).toBe(20_000_000);
    expect(megabytesToBytes(0.5)).toBe(500_000);
  });

  it('prints a size in units of 1024, to at most two decimals', () => {
    expect(formatFileSize(20_000_000)).toBe('19.07 MB');
    expect(formatFileSize(1_000_000)).toBe('976.56 KB');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5 GB');
  });
});
