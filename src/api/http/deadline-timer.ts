/** One pending call at a time that never runs before its deadline (timers may fire a little early). */
export interface TimerHooks {
  readonly now?: () => number;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

/** The longest wait Node's timers take (a longer one fires after 1 ms): a later deadline is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export class DeadlineTimer {
  readonly now: () => number;
  readonly #setTimer: (fn: () => void, ms: number) => unknown;
  readonly #clearTimer: (handle: unknown) => void;
  #handle: unknown;

  constructor(hooks: TimerHooks = {}) {
    this.now = hooks.now ?? Date.now;
    this.#setTimer = hooks.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.#clearTimer = hooks.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  /** Runs `fn` once, at `at` (epoch ms) or later; replaces a call still pending. */
  start(at: number, fn: () => void): void {
    this.cancel();
    this.#handle = this.#setTimer(() => {
      this.#handle = undefined;
      if (this.now() < at) this.start(at, fn);
      else fn();
    }, Math.min(LONGEST_TIMER_MS, Math.max(0, at - this.now())));
  }

  cancel(): void {
    if (this.#handle === undefined) return;
    this.#clearTimer(this.#handle);
    this.#handle = undefined;
  }
}
