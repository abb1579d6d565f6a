import { describe, expect, it } from 'vitest';
import { pacer } from './pacer.ts';

describe('a pacer', () => {
  it('waits twice as long as the batch ran when the work may take a third of the loop', async () => {
    let clock = 0;
    const pause = pacer(1 / 3, () => clock);
    clock += 30; // a batch of 30 ms
    const started = performance.now();
    await pause();
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('never waits more than a quarter of a second at once', async () => {
    let clock = 0;
    const pause = pacer(0.1, () => clock);
    clock += 10_000;
    const started = performance.now();
    await pause();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => pacer(0)).toThrow(RangeError);
    expect(() => pacer(1.5)).toThrow(RangeError);
  });
});
