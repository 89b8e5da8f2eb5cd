/**
 * The one count of rate limits. The client records every answer (a 429 or anything else) to
 * know how many 429s came in a row, for the backoff when the server names no time; whoever waits
 * (the pager, for the app and the commands alike) takes each automatic wait from the same
 * budget: at most `maxWaits` in a row, then a person decides (`r` in the app; the commands stop
 * with exit 4).
 */
export const DEFAULT_MAX_RATE_LIMIT_WAITS = 5;

export class RateLimitBudget {
  readonly maxWaits: number;
  #inARow = 0;
  #waits = 0;

  constructor(maxWaits: number = DEFAULT_MAX_RATE_LIMIT_WAITS) {
    this.maxWaits = maxWaits;
  }

  /** A 429 arrived; returns how many came in a row, this one included. */
  limited(): number {
    return ++this.#inARow;
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
