/**
 * One filter's scan over a list's loaded items, resumable: it checks items in order from the
 * top, a chunk at a time, and stops when its budget says (enough rows for the first screen, or a
 * slice's time is up), so a keystroke over a million items draws the first matches at once and
 * the rest arrive in slices between keys (FilterScanFlow). The matches found so far are in server
 * order. A scan for a query that only narrows the previous one re-checks that one's survivors
 * (its matches and what it had not checked yet) instead of every item.
 */
import type { StatusFilter } from './item-keys.js';

/** How a scan tells matches; `upTo(to)` holds one byte per item, right for every item before `to`. */
export interface ScanCheck {
  upTo(to: number): Uint8Array;
  /** One item on its own: for re-checking a few survivors, where `upTo` would read every item. */
  readonly one?: (i: number) => boolean;
  /** Whether item i passes what the bytes do not say (the status filter). */
  readonly keep?: (i: number) => boolean;
  /**
   * Items before this are cheap to check (their search text is built); past it `upTo` parses their
   * pages first, so the scan goes BUILD_STEP items at a time there, to look at its budget as often.
   */
  readonly cheapTo?: () => number;
}

/** Items checked between two looks at the budget where their text is still to build: a page. */
const BUILD_STEP = 100;

/** When a slice of the scan stops. */
export interface ScanBudget {
  /** performance.now() past which no new chunk is started. */
  readonly until: number;
  /** Stop once this many matches are found (the first screen), even with time left; 0: check nothing. */
  readonly rows?: number;
}

/** Items checked per chunk (between two looks at the clock). */
export const SCAN_CHUNK = 512;

export class FilterScan {
  /** Matches found so far, in server order. */
  readonly found: number[] = [];
  /** Next survivor to re-check. */
  private next = 0;
  /** Next item to check after the survivors. */
  private pos: number;

  /**
   * @param survivors earlier matches to re-check (ascending, all before `tailFrom`)
   * @param tailFrom every item from here on is checked
   * @param end the items loaded (grows with `extend`)
   * @param chunk items checked between two looks at the budget
   */
  constructor(
    readonly query: string,
    readonly status: StatusFilter | undefined,
    private readonly survivors: readonly number[],
    private readonly tailFrom: number,
    private end: number,
    private readonly chunk = SCAN_CHUNK,
  ) {
    this.pos = tailFrom;
  }

  /** A scan that checks every item. */
  static full(query: string, status: StatusFilter | undefined, end: number, chunk = SCAN_CHUNK): FilterScan {
    return new FilterScan(query, status, [], 0, end, chunk);
  }

  /** A scan for a narrower query: only what this one has not ruled out is checked. */
  narrowed(query: string, end: number): FilterScan {
    const reChecking = this.next < this.survivors.length;
    const survivors = reChecking ? this.found.concat(this.survivors.slice(this.next)) : this.found.slice();
    return new FilterScan(query, this.status, survivors, reChecking ? this.tailFrom : this.pos, end, this.chunk);
  }

  /** Survivors still to re-check. */
  get reChecks(): number {
    return this.survivors.length - this.next;
  }

  get done(): boolean {
    return this.next >= this.survivors.length && this.pos >= this.end;
  }

  /** More items were loaded (appended): they are checked too. */
  extend(end: number): void {
    this.end = Math.max(this.end, end);
  }

  /** Checks items until the budget stops it or the scan is done; true when any item was checked. */
  run(check: ScanCheck, budget: ScanBudget, now: () => number = () => performance.now()): boolean {
    if (this.done || (budget.rows !== undefined && this.found.length >= budget.rows)) return false;
    for (;;) {
      if (this.next < this.survivors.length) this.reCheck(check);
      else this.checkTail(check);
      if (this.done) return true;
      if (budget.rows !== undefined && this.found.length >= budget.rows) return true;
      if (now() >= budget.until) return true;
    }
  }

  private reCheck(check: ScanCheck): void {
    const stop = Math.min(this.survivors.length, this.next + this.chunk);
    const survivors = this.survivors;
    if (check.one) {
      for (let k = this.next; k < stop; k++) {
        const i = survivors[k] as number;
        if (check.one(i) && (check.keep === undefined || check.keep(i))) this.found.push(i);
      }
    } else {
      const marks = check.upTo((survivors[stop - 1] as number) + 1);
      for (let k = this.next; k < stop; k++) {
        const i = survivors[k] as number;
        if (marks[i] === 1 && (check.keep === undefined || check.keep(i))) this.found.push(i);
      }
    }
    this.next = stop;
  }

  private checkTail(check: ScanCheck): void {
    let stop = Math.min(this.end, this.pos + this.chunk);
    const cheap = check.cheapTo?.();
    if (cheap !== undefined && stop > cheap) stop = Math.min(stop, Math.max(cheap, this.pos) + BUILD_STEP);
    const marks = check.upTo(stop);
    for (let i = this.pos; i < stop; i++) if (marks[i] === 1 && (check.keep === undefined || check.keep(i))) this.found.push(i);
    this.pos = stop;
  }
}

let everything = new Uint8Array(0);

/** Bytes of 1 for `to` items: a query that matches every item. */
export function allMarks(to: number): Uint8Array {
  if (everything.length < to) everything = new Uint8Array(Math.max(to, everything.length * 2)).fill(1);
  return everything;
}
