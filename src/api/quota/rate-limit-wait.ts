/**
 * A pager's automatic waits after a rate limit: whether its budget allows one more, the time it
 * tries again at, and the timer that wakes it then.
 */
import { DeadlineTimer, type TimerHooks } from '../http/deadline-timer.js';
import type { ApiError } from '../http/errors.js';
import type { RateLimitBudget } from './rate-limit-budget.js';

export class RateLimitWait {
  /** The budget of automatic waits in a row (shared with the client when it gave one). */
  readonly budget: RateLimitBudget;
  readonly #timer: DeadlineTimer;
  #until: number | undefined;

  constructor(budget: RateLimitBudget, hooks: TimerHooks) {
    this.budget = budget;
    this.#timer = new DeadlineTimer(hooks);
  }

  /** Epoch ms at which the pager retries by itself, while it waits. */
  get until(): number | undefined {
    return this.#until;
  }

  /** A failure: the time to retry at, when it is a rate limit the budget still lets the pager wait out. */
  begin(err: ApiError): number | undefined {
    this.#until = err.kind === 'rate-limit' && this.budget.takeWait() ? (err.retryAt ?? this.#timer.now() + 1000) : undefined;
    return this.#until;
  }

  /** Runs `retry` at `at` (or later), replacing a wake-up still pending. */
  start(at: number, retry: () => void): void {
    this.#timer.start(at, retry);
  }

  /** The wait is over: the pager retries now. */
  over(): void {
    this.#until = undefined;
  }

  /** A page arrived: the run of rate limits ended. */
  answered(): void {
    this.budget.answered();
    this.#until = undefined;
  }

  /** The user dropped the wait: no wake-up, and the automatic waits start afresh. */
  drop(): void {
    this.#timer.cancel();
    this.#until = undefined;
    this.budget.userRetry();
  }

  cancel(): void {
    this.#timer.cancel();
  }
}
