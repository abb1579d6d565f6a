import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BUTTON_TIMING, ButtonMachine, type ButtonState } from './button-machine.ts';

describe('add-to-cart button states (spec sections 4 and 9)', () => {
  let seen: ButtonState[];
  let machine: ButtonMachine;

  beforeEach(() => {
    vi.useFakeTimers();
    seen = [];
    machine = new ButtonMachine((s) => seen.push(s));
  });
  afterEach(() => vi.useRealTimers());

  test('the timings are the spec constants', () => {
    expect(BUTTON_TIMING).toEqual({ addedDelayMs: 1000, addedMs: 2000, errorResetMs: 1000 });
  });

  test('success: adding, added 1 s later, idle 2 s after that', () => {
    expect(machine.start()).toBe(true);
    expect(machine.state).toBe('adding');
    machine.succeed();
    vi.advanceTimersByTime(999);
    expect(machine.state).toBe('adding');
    vi.advanceTimersByTime(1);
    expect(machine.state).toBe('added');
    vi.advanceTimersByTime(1999);
    expect(machine.state).toBe('added');
    vi.advanceTimersByTime(1);
    expect(machine.state).toBe('idle');
    expect(seen).toEqual(['adding', 'added', 'idle']);
  });

  test('a click is ignored while added (and while adding)', () => {
    machine.start();
    expect(machine.start()).toBe(false);
    machine.succeed();
    vi.advanceTimersByTime(1000);
    expect(machine.state).toBe('added');
    expect(machine.start()).toBe(false);
    expect(machine.state).toBe('added');
    vi.advanceTimersByTime(2000);
    expect(machine.start()).toBe(true);
  });

  test('error: back to idle after 1 s, never added', () => {
    machine.start();
    machine.fail();
    vi.advanceTimersByTime(999);
    expect(machine.state).toBe('adding');
    vi.advanceTimersByTime(1);
    expect(machine.state).toBe('idle');
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual(['adding', 'idle']);
  });

  test('leaving the page (express checkout) skips added', () => {
    machine.start();
    machine.leave();
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual(['adding']);
  });

  test('succeed or fail outside adding changes nothing', () => {
    machine.succeed();
    machine.fail();
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual([]);
  });
});
