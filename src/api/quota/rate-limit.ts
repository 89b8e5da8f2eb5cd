/**
 * The rate limit as a client meets it, held in one object: until when the service said to wait
 * (the retry time of its last 429), how many 429s came in a row (for the backoff when the server
 * names no time), and the automatic waits taken. The client records each 429 here and sends
 * nothing before that time; every pager over the client counts down to it and takes each automatic
 * wait from the same budget: at most `maxWaits` in a row, then a person decides (`r` in the app;
 * the commands stop with exit 4). A pager without a client's rate limit keeps one of its own.
 */
import { DeadlineTimer, type TimerHooks } from '../http/deadline-timer.js';
import { ApiError } from '../http/errors.js';
import { durationText } from '../../text/duration.js';

export const DEFAULT_MAX_RATE_LIMIT_WAITS = 5;

/** Whole seconds from `now` until `at`, rounded up, never negative: every rate-limit countdown. */
export const secondsUntil = (at: number, now: number): number => Math.max(0, Math.ceil((at - now) / 1000));

/**
 * A rate limit in words, wherever it is said: the status bar shows RATE_LIMITED and, apart (it is
 * never cut), the countdown; the client's refusal says both in one sentence (rateLimitedRefusal).
 */
export const RATE_LIMITED = 'Rate limited';

/** A rate limit's countdown in words: 'retry in 12s', 'retry in 4m 05s', 'retry in 23h 59m'. */
export const retryInText = (seconds: number): string => `retry in ${durationText(seconds)}`;

/** A wait longer than this may be cut short by a person, once (`r`: try now). */
export const LONG_WAIT_MS = 60_000;

/** What a request sent during a rate limit is refused with: 'Rate limited by the server; retry in 12s.' */
const rateLimitedRefusal = (seconds: number): string => `${RATE_LIMITED} by the server; ${retryInText(seconds)}.`;

export class RateLimit {
  readonly maxWaits: number;
  #inARow = 0;
  #waits = 0;
  #until: number | undefined;
  /** The current wait was cut short once already. */
  #triedEarly = false;
  /** A person cut a wait short: the next request of theirs goes even where the quota says none are left. */
  #pass = false;

  constructor(maxWaits: number = DEFAULT_MAX_RATE_LIMIT_WAITS) {
    this.maxWaits = maxWaits;
  }

  /** Epoch ms the last 429 said to wait until (kept once past: compare it with the time). */
  get until(): number | undefined {
    return this.#until;
  }

  /** The time to wait until, while it lasts. */
  limitedUntil(now: number): number | undefined {
    return this.#until !== undefined && now < this.#until ? this.#until : undefined;
  }

  /** A 429 arrived; returns how many came in a row, this one included. */
  limited(): number {
    return ++this.#inARow;
  }

  /** The retry time of the 429 just counted: nothing is sent before it. */
  holdUntil(at: number | undefined): void {
    this.#until = at;
    this.#triedEarly = false;
  }

  /** Whether the wait now running is long and was not cut short yet: a person may try once now. */
  mayTryNow(now: number): boolean {
    const until = this.limitedUntil(now);
    return until !== undefined && until - now > LONG_WAIT_MS && !this.#triedEarly;
  }

  /** A person cuts a long wait short (once per wait; see mayTryNow): the next request may go now. */
  tryNow(now: number): boolean {
    if (!this.mayTryNow(now)) return false;
    this.#until = undefined;
    this.#triedEarly = true;
    this.#waits = 0;
    this.#pass = true;
    return true;
  }

  /** Whether a request the user asked for goes now past the quota's pacing (once per wait cut short). */
  takePass(): boolean {
    const pass = this.#pass;
    this.#pass = false;
    return pass;
  }

  /** Throws the rate-limit error a request gets while the wait lasts (nothing is sent then). */
  check(now: number): void {
    const until = this.limitedUntil(now);
    if (until === undefined) return;
    throw new ApiError('rate-limit', 'RATE_LIMITED', rateLimitedRefusal(secondsUntil(until, now)), { retryAt: until });
  }

  /** Anything but a 429 arrived: the run of rate limits is over, the budget full again. */
  answered(): void {
    this.#inARow = 0;
    this.#waits = 0;
  }

  /** Takes one automatic wait; false when `maxWaits` were already taken in a row. */
  takeWait(): boolean {
    if (this.#waits >= this.maxWaits) return false;
    this.#waits++;
    return true;
  }

  /** Automatic waits taken in the current run (1 after the first). */
  get waitsTaken(): number {
    return this.#waits;
  }

  /** A person asked to retry: the automatic waits start afresh (the backoff does not). */
  userRetry(): void {
    this.#waits = 0;
  }
}

/**
 * One pager's automatic wait after a rate limit: whether the budget allows one more, and the timer
 * that wakes the pager at the rate limit's time.
 */
export class RateLimitRetry {
  /** The rate limit waited from (the client's, when the pager was given it). */
  readonly rateLimit: RateLimit;
  readonly #timer: DeadlineTimer;
  #waiting = false;

  constructor(rateLimit: RateLimit, hooks: TimerHooks) {
    this.rateLimit = rateLimit;
    this.#timer = new DeadlineTimer(hooks);
  }

  /** Epoch ms at which the pager retries by itself, while it waits. */
  get until(): number | undefined {
    return this.#waiting ? this.rateLimit.until : undefined;
  }

  /** A failure: the time to retry at, when it is a rate limit the budget still lets the pager wait out. */
  begin(err: ApiError): number | undefined {
    this.#waiting = err.kind === 'rate-limit' && this.rateLimit.takeWait();
    if (this.#waiting) this.rateLimit.holdUntil(err.retryAt ?? this.#timer.now() + 1000);
    return this.until;
  }

  /** Runs `retry` at `at` (or later), replacing a wake-up still pending. */
  start(at: number, retry: () => void): void {
    this.#timer.start(at, retry);
  }

  /** The wait is over: the pager retries now. */
  over(): void {
    this.#waiting = false;
  }

  /** A page arrived: the run of rate limits ended. */
  answered(): void {
    this.rateLimit.answered();
    this.#waiting = false;
  }

  /** The user dropped the wait: no wake-up, and the automatic waits start afresh. */
  drop(): void {
    this.#timer.cancel();
    this.#waiting = false;
    this.rateLimit.userRetry();
  }

  cancel(): void {
    this.#timer.cancel();
  }
}
