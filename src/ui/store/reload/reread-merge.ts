/**
 * How a watch's re-read of some loaded page(s) applies to the loaded rows, in place: a loaded item
 * the re-read found with other fields takes the new fields at its position; a loaded item it did
 * not find went only if it sat between two items it found, or before the first of them on the
 * listing's first page (pages shift when something is inserted or removed above them, so items at
 * the edges may just have moved to a neighbouring page; none comes before the first page); items
 * it found that are not loaded there are never inserted, only counted.
 */
import type { ItemSeq, RawItem } from '../../../api/types.js';

/** An item that went, and the id of the loaded row before it ('' when it was the first). */
export interface GoneItem {
  readonly raw: RawItem;
  readonly anchor: string;
}

export interface RereadMerge {
  /** New values by position. */
  readonly replaced: Map<number, RawItem>;
  /** Positions of the items that went, ascending. */
  readonly removed: number[];
  readonly changed: string[];
  readonly gone: GoneItem[];
  /** Ids the re-read found that are not among the loaded items of its range. */
  readonly unplaced: Set<string>;
}

export function emptyMerge(): RereadMerge {
  return { replaced: new Map(), removed: [], changed: [], gone: [], unplaced: new Set() };
}

/** Applies `reread` (what the pages holding positions [from, to) of `loaded` hold now) into `into`. */
export function mergeReread(
  loaded: ItemSeq,
  from: number,
  to: number,
  reread: readonly RawItem[],
  idOf: (raw: RawItem) => string,
  into: RereadMerge = emptyMerge(),
): RereadMerge {
  const found = new Map<string, RawItem>();
  for (const raw of reread) {
    const id = idOf(raw);
    if (id !== '' && !found.has(id)) found.set(id, raw);
  }
  const end = Math.min(to, loaded.length);
  const inRange = new Set<string>();
  let first = -1;
  let last = -1;
  for (let at = from; at < end; at++) {
    const id = idOf(loaded.at(at) as RawItem);
    inRange.add(id);
    if (!found.has(id)) continue;
    if (first < 0) first = at;
    last = at;
  }
  let anchor = from > 0 ? idOf(loaded.at(from - 1) as RawItem) : '';
  for (let at = from; at < end; at++) {
    const raw = loaded.at(at) as RawItem;
    const id = idOf(raw);
    const now = id === '' ? undefined : found.get(id);
    if (now !== undefined) {
      if (JSON.stringify(now) !== JSON.stringify(raw)) {
        into.replaced.set(at, now);
        into.changed.push(id);
      }
    } else if (id !== '' && (at > first || from === 0) && at < last) {
      into.removed.push(at);
      into.gone.push({ raw, anchor });
      continue;
    }
    anchor = id;
  }
  for (const id of found.keys()) if (!inRange.has(id)) into.unplaced.add(id);
  return into;
}
