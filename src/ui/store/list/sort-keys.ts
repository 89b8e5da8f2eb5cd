/**
 * The client-side orders of a list (`s`): each item's sort key computed once (indexed by pager
 * position; a pager only appends) and compared with ties in the server's order, so every sort is
 * stable and deterministic.
 */
import { removePositions } from '../../../api/pager/page-ledger.js';
import type { ItemSeq, RawItem } from '../../../api/types.js';
import type { ListKind } from '../../../api/pager/list-pager.js';
import { nameSortField, updatedSortField, type SortOrder } from './item-keys.js';
import type { FilterScan } from './filter-scan.js';

/** The filter being scanned and its rows in a client-side order, merged in as they are found. */
export interface Scanned {
  readonly scan: FilterScan;
  readonly sort: SortOrder;
  ordered: number[];
  /** How many of `scan.found` are in `ordered`. */
  orderedCount: number;
}


export class SortKeys {
  private names: (string | undefined)[] = [];
  private times: (number | undefined)[] = [];

  constructor(private readonly kind: ListKind) {}

  /** Items at the keys of `replaced` are keyed again when needed; those at `removed` (ascending) go. */
  revise(replaced: Iterable<number>, removed: readonly number[]): void {
    const keys: (string | number | undefined)[][] = [this.names, this.times];
    for (const at of replaced) for (const array of keys) if (at < array.length) array[at] = undefined;
    for (const array of keys) removePositions(array, removed);
  }

  /** `indices` put in `sort`'s order (in place). */
  sorted(source: ItemSeq, indices: number[], sort: SortOrder): number[] {
    this.fillKeys(source, indices, sort);
    return indices.sort(this.comparator(sort));
  }

  /** Merges two index lists already in `sort`'s order, in O(n). */
  merge(source: ItemSeq, a: readonly number[], b: readonly number[], sort: SortOrder): number[] {
    this.fillKeys(source, a, sort);
    this.fillKeys(source, b, sort);
    const compare = this.comparator(sort);
    const out: number[] = new Array<number>(a.length + b.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < a.length && j < b.length) {
      const x = a[i] as number;
      const y = b[j] as number;
      if (compare(x, y) <= 0) {
        out[k++] = x;
        i++;
      } else {
        out[k++] = y;
        j++;
      }
    }
    while (i < a.length) out[k++] = a[i++] as number;
    while (j < b.length) out[k++] = b[j++] as number;
    return out;
  }

  private fillKeys(source: ItemSeq, indices: readonly number[], sort: SortOrder): void {
    for (const i of indices) {
      if (sort === 'name' && this.names[i] === undefined) this.names[i] = nameSortField(this.kind, source.at(i) as RawItem);
      if (sort === 'updated' && this.times[i] === undefined) this.times[i] = updatedSortField(source.at(i) as RawItem);
    }
  }

  private comparator(sort: SortOrder): (a: number, b: number) => number {
    if (sort === 'name') {
      const names = this.names;
      return (a, b) => {
        const x = names[a] as string;
        const y = names[b] as string;
        return x < y ? -1 : x > y ? 1 : a - b;
      };
    }
    const times = this.times;
    return (a, b) => {
      const x = times[a] as number;
      const y = times[b] as number;
      return x > y ? -1 : x < y ? 1 : a - b;
    };
  }
}

/** The matches a scan found so far, in the list's order (new ones sorted and merged in). */
export function orderedRows(keys: SortKeys, source: ItemSeq, scanned: Scanned): number[] {
  const found = scanned.scan.found;
  if (scanned.sort === 'server') return found.slice();
  if (scanned.orderedCount < found.length) {
    const added = keys.sorted(source, found.slice(scanned.orderedCount), scanned.sort);
    scanned.ordered = scanned.orderedCount === 0 ? added : keys.merge(source, scanned.ordered, added, scanned.sort);
    scanned.orderedCount = found.length;
  }
  return scanned.ordered.slice();
}
