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

  readRange(from: number, to: number): (RawItem | undefined)[] {
    const positions = this.positions.slice(Math.max(0, from), Math.max(0, to));
    const order = Array.from(positions.keys()).sort((a, b) => (positions[a] as number) - (positions[b] as number));
    const items = new Array<RawItem | undefined>(positions.length);
    for (const i of order) items[i] = this.source.at(positions[i] as number);
    return items;
  }
}
