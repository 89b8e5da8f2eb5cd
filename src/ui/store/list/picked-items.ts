/** Rows picked out of a listing's items by position: a filtered, sorted or reversed list. */
import type { ItemSeq, RawItem } from '../../../api/types.js';

/**
 * Rows kept as read, the last this many: a frame reads every row it shows, and in a sorted list
 * of a big listing each lies on another page, which the pager keeps packed and would parse again
 * for each row of each frame (j in a sorted list of 100,000 `long` items: 16 ms a key, against 5
 * unsorted). More than a tall screen's rows.
 */
const RECENT_ROWS = 256;

export class PickedItems implements ItemSeq {
  /** Positions in the source of the rows kept, and the rows, in a fixed ring. */
  readonly #recentAt = new Int32Array(RECENT_ROWS).fill(-1);
  readonly #recent = new Array<RawItem | undefined>(RECENT_ROWS);
  #next = 0;

  constructor(
    private readonly source: ItemSeq,
    private readonly positions: readonly number[],
  ) {}

  get length(): number {
    return this.positions.length;
  }

  at(index: number): RawItem | undefined {
    const position = this.positions.at(index);
    if (position === undefined) return undefined;
    const kept = this.#recentAt.indexOf(position);
    if (kept >= 0) return this.#recent[kept];
    const item = this.source.at(position);
    if (item !== undefined) {
      this.#recentAt[this.#next] = position;
      this.#recent[this.#next] = item;
      this.#next = (this.#next + 1) % RECENT_ROWS;
    }
    return item;
  }

  /** Reads rows `from` to `to` into the rows kept, in the listing's order (each page parsed once). */
  warm(from: number, to: number): void {
    const start = Math.max(0, from);
    const end = Math.min(this.positions.length, to, start + RECENT_ROWS / 4);
    const missing: number[] = [];
    for (let index = start; index < end; index++) if (this.#recentAt.indexOf(this.positions[index] as number) < 0) missing.push(index);
    missing.sort((a, b) => (this.positions[a] as number) - (this.positions[b] as number));
    for (const index of missing) this.at(index);
  }

  readRange(from: number, to: number): (RawItem | undefined)[] {
    const positions = this.positions.slice(Math.max(0, from), Math.max(0, to));
    const order = Array.from(positions.keys()).sort((a, b) => (positions[a] as number) - (positions[b] as number));
    const items = new Array<RawItem | undefined>(positions.length);
    for (const i of order) items[i] = this.source.at(positions[i] as number);
    return items;
  }
}
