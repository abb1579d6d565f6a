/**
 * The add-to-cart button's states (spec sections 4 and 9): idle -> adding (`Adding…`) -> added
 * (`Added!`, shown 1000 ms after success) -> idle after 2000 ms; on error back to idle after
 * 1000 ms; a click is ignored unless idle. Express checkout and subscriptions leave the page from
 * `adding` (`leave()`), skipping `added`.
 */
export type ButtonState = 'idle' | 'adding' | 'added';

export const BUTTON_TIMING = {
  /** Delay before added appears after success. */
  addedDelayMs: 1000,
  /** How long added stays. */
  addedMs: 2000,
  /** Error: back to idle after. */
  errorResetMs: 1000,
} as const;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

export class ButtonMachine {
  private current: ButtonState = 'idle';
  private timer: unknown = null;

  constructor(
    private readonly onChange: (state: ButtonState) => void,
    private readonly timers: Timers = defaultTimers,
  ) {}

  get state(): ButtonState {
    return this.current;
  }

  private go(state: ButtonState) {
    if (state === this.current) return;
    this.current = state;
    this.onChange(state);
  }

  private later(ms: number, fn: () => void) {
    this.cancel();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      fn();
    }, ms);
  }

  private cancel() {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** A click or key press: true when it starts an add (idle only), false when ignored. */
  start(): boolean {
    if (this.current !== 'idle') return false;
    this.go('adding');
    return true;
  }

  /** The add succeeded: added after 1 s, idle 2 s later. */
  succeed() {
    if (this.current !== 'adding') return;
    this.later(BUTTON_TIMING.addedDelayMs, () => {
      this.go('added');
      this.later(BUTTON_TIMING.addedMs, () => this.go('idle'));
    });
  }

  /** The add failed: idle after 1 s. */
  fail() {
    if (this.current !== 'adding') return;
    this.later(BUTTON_TIMING.errorResetMs, () => this.go('idle'));
  }

  /** The page is about to be left (express checkout, subscription): stay in adding. */
  leave() {
    this.cancel();
  }

  dispose() {
    this.cancel();
  }
}
