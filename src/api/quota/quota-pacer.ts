/**
 * Spends the quota the server announces (rate-limit-fields.ts) wisely. Background work (loading
 * a whole list, prefetching, the `groups`/`pages` commands, watching) never spends the last
 * reserve of the window — 10% of the quota, at least one request — and waits for the reset
 * instead, so what the user does by hand still goes through at once. A request the user asked for
 * waits only when the quota is used up, and a minute at most. Without fields from the server nothing
 * is assumed and nothing waits.
 */
import { DeadlineTimer, type TimerHooks } from '../http/deadline-timer.js';
import type { QuotaReading } from './rate-limit-fields.js';
import { LONG_WAIT_MS } from './rate-limit.js';

/** The share of the quota kept for the user's own actions. */
const RESERVE_SHARE = 0.1;

export interface QuotaSnapshot {
  /** The last fields the server sent, while their window lasts. */
  readonly reading?: QuotaReading;
  /** Requests left by our count: the reading less the requests sent since and not yet answered. */
  readonly left?: number;
  /** While a request waits for the window to reset: when it resets. */
  readonly pacingUntil?: number;
  /** Bumped on every change. */
  readonly version: number;
}

/** One admitted request: say how it ended so the count stays right. */
export interface QuotaTicket {
  /** The response arrived; `reading` is what it said about the quota (undefined: nothing). */
  answered(reading: QuotaReading | undefined): void;
  /** No response (a transport error or a cancel). */
  failed(): void;
}

export class QuotaPacer {
  readonly #hooks: TimerHooks;
  readonly #now: () => number;
  readonly #listeners = new Set<() => void>();
  /** Requests waiting for a reset, woken early when a response says something new. */
  readonly #wakers = new Set<() => void>();
  #reading: QuotaReading | undefined;
  #inFlight = 0;
  #waiting = 0;
  #pacingUntil: number | undefined;
  #snapshot: QuotaSnapshot = { version: 0 };

  constructor(hooks: TimerHooks = {}) {
    this.#hooks = hooks;
    this.#now = hooks.now ?? Date.now;
  }

  getSnapshot = (): QuotaSnapshot => this.#snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** The requests kept back from background work in a window of `limit` (or of what remained). */
  static reserveOf(reading: QuotaReading): number {
    return Math.max(1, Math.ceil((reading.limit ?? reading.remaining) * RESERVE_SHARE));
  }

  /**
   * Resolves when a request may go out: at once, unless the quota is used up (or, for
   * `background` work, down to the reserve) before a known reset, then at the reset (`pass`: at
   * once all the same). Rejects with
   * the signal's reason when it is aborted while waiting.
   */
  admit(background: boolean, signal?: AbortSignal, pass = false): QuotaTicket | Promise<QuotaTicket> {
    // Synchronous when nothing holds the request: the caller can put it on the wire in the same
    // turn (the pager sends the next page's request before its listeners draw a frame). `pass`:
    // a person cut a rate-limit wait short, and this one request of theirs goes whatever is left.
    if (pass || this.#holdUntil(background) === undefined) return this.#ticket();
    return this.#admitLater(background, signal);
  }

  async #admitLater(background: boolean, signal?: AbortSignal): Promise<QuotaTicket> {
    for (;;) {
      const until = this.#holdUntil(background);
      if (until === undefined) break;
      await this.#waitUntil(until, signal);
    }
    return this.#ticket();
  }

  #ticket(): QuotaTicket {
    this.#inFlight++;
    this.#publish();
    let settled = false;
    const settle = (reading: QuotaReading | undefined, answered: boolean) => {
      if (settled) return;
      settled = true;
      this.#inFlight--;
      if (answered) this.#observe(reading);
      this.#publish();
      if (answered) for (const wake of [...this.#wakers]) wake();
    };
    return { answered: (reading) => settle(reading, true), failed: () => settle(undefined, false) };
  }

  /** When a request of this kind must wait until, or undefined when it may go now. */
  #holdUntil(background: boolean): number | undefined {
    const reading = this.#current();
    if (reading?.resetAt === undefined) return undefined;
    const left = reading.remaining - this.#inFlight;
    const keep = background ? QuotaPacer.reserveOf(reading) : 0;
    if (left > keep) return undefined;
    // What the user asks for waits a minute at most on the fields' word (the wait a person may cut
    // short): past that the server answers it (a 429 has its own wait), where a far-off reset would lock the app.
    if (!background && reading.resetAt - this.#now() > LONG_WAIT_MS) return undefined;
    return reading.resetAt;
  }

  /** The reading, unless its window has reset (then nothing is known until the next response). */
  #current(): QuotaReading | undefined {
    const reading = this.#reading;
    if (reading?.resetAt !== undefined && this.#now() >= reading.resetAt) this.#reading = undefined;
    return this.#reading;
  }

  #observe(reading: QuotaReading | undefined): void {
    const previous = this.#current();
    if (reading === undefined || previous === undefined) {
      this.#reading = reading;
      return;
    }
    // Resets come in whole seconds, each an upper bound of the true one: within one window (the
    // count still falling) the earliest bound is the closest.
    const sameWindow =
      reading.remaining <= previous.remaining &&
      reading.resetAt !== undefined &&
      previous.resetAt !== undefined &&
      Math.abs(reading.resetAt - previous.resetAt) < 1000;
    this.#reading = sameWindow ? { ...reading, resetAt: Math.min(reading.resetAt ?? Infinity, previous.resetAt ?? Infinity) } : reading;
  }

  async #waitUntil(at: number, signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    this.#waiting++;
    this.#pacingUntil = Math.max(this.#pacingUntil ?? 0, at);
    this.#publish();
    const timer = new DeadlineTimer(this.#hooks);
    try {
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          timer.cancel();
          this.#wakers.delete(done);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          done();
          reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        // A listener told of this wait (the publish above) may have aborted it already.
        if (signal?.aborted === true) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        this.#wakers.add(done);
        timer.start(at, done);
      });
    } finally {
      this.#waiting--;
      if (this.#waiting === 0) this.#pacingUntil = undefined;
      this.#current();
      this.#publish();
    }
  }

  #publish(): void {
    const reading = this.#reading;
    this.#snapshot = {
      version: this.#snapshot.version + 1,
      ...(reading === undefined ? {} : { reading, left: Math.max(0, reading.remaining - this.#inFlight) }),
      ...(this.#pacingUntil === undefined ? {} : { pacingUntil: this.#pacingUntil }),
    };
    for (const listener of [...this.#listeners]) listener();
  }
}
