/** Rows picked out of a listing's items by position: a filtered, sorted or reversed list. */
import type { ItemSeq, RawItem } from '../../../api/types.js';

export class PickedItems implements ItemSeq {
  constructor(
    private readonly source: ItemSeq,
    private readonly positions: readonly number[],
  ) {}

  get length(): number {
    return this.positions.length;
  }

  at(index: number): RawItem | undefined {
    const position = this.positions.at(index);
    return position === undefined ? undefined : this.source.at(position);
  }
}
