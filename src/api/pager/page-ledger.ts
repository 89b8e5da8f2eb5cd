/**
 * Where each fetched page of a listing put its items: the cursor the page was requested with and
 * the positions of the items it added. A watch can then read again only the page(s) holding the
 * rows on screen, each from the cursor that first fetched it, without touching the listing's own
 * cursor chain. One small record per page that added items (the cursor strings are the ones the
 * chain keeps anyway).
 */
/** One fetched page: its request cursor (undefined for the first page) and the positions it added. */
export interface LedgerPage {
  readonly cursor: string | undefined;
  readonly start: number;
  readonly count: number;
}

export class PageLedger {
  readonly #cursors: (string | undefined)[] = [];
  readonly #starts: number[] = [];
  readonly #counts: number[] = [];

  /** Pages recorded (those that added at least one item). */
  get size(): number {
    return this.#starts.length;
  }

  /** The page fetched from `cursor` added `count` items from position `start`. */
  record(cursor: string | undefined, start: number, count: number): void {
    if (count <= 0) return;
    this.#cursors.push(cursor);
    this.#starts.push(start);
    this.#counts.push(count);
  }

  /** The page at ledger index `index`. */
  page(index: number): LedgerPage | undefined {
    const start = this.#starts[index];
    if (start === undefined) return undefined;
    return { cursor: this.#cursors[index], start, count: this.#counts[index] ?? 0 };
  }

  /** The ledger index of the page holding item position `position`, or -1. */
  indexOf(position: number): number {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const start = this.#starts[mid] as number;
      if (position < start) hi = mid - 1;
      else if (position >= start + (this.#counts[mid] as number)) lo = mid + 1;
      else return mid;
    }
    return -1;
  }

  /** The items at `positions` (ascending) were taken out: the pages holding them and those after shift. */
  removed(positions: readonly number[]): void {
    if (positions.length === 0) return;
    let taken = 0;
    for (let i = 0; i < this.#starts.length; i++) {
      const start = this.#starts[i] as number;
      const end = start + (this.#counts[i] as number);
      let inside = 0;
      while (taken + inside < positions.length && (positions[taken + inside] as number) < end) inside++;
      this.#starts[i] = start - taken;
      this.#counts[i] = (this.#counts[i] as number) - inside;
      taken += inside;
    }
  }
}

/** Takes the entries at `removed` (ascending positions) out of `array` in one pass, keeping the order of the rest. */
export function removePositions<T>(array: T[], removed: readonly number[]): void {
  if (removed.length === 0) return;
  let write = 0;
  let next = 0;
  const length = array.length;
  for (let read = 0; read < length; read++) {
    if (next < removed.length && removed[next] === read) {
      next++;
      continue;
    }
    array[write++] = array[read] as T;
  }
  array.length = write;
}
