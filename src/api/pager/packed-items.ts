/**
 * A listing's loaded items, kept packed: each page as the body it came in (see page-source.ts),
 * parsed again when one of its items is read. The pages just loaded and the pages read lately stay
 * parsed, each in a ring of its own, so the rows on screen, the pages just loaded and a pass in
 * order parse each page once; a load appending page after page never pushes the screen's page out
 * (each progress frame of `G` would parse it again and give its rows new objects to draw). Past
 * those, an item is a body's share of bytes rather than a heap object with a string per field,
 * which a million of makes the difference between a few hundred megabytes and a few dozen, and
 * between garbage collections that walk every item and ones that walk none.
 *
 * Items are read through views (`LoadedItems`), one per change: a view never changes, and an
 * edit (a watch read) makes a new list of pages so older views stay as they were.
 */
import { BodyKeeper, itemsOfSource, type KeptSource } from './page-source.js';
import type { ItemSeq, PageSource, RawItem } from '../types.js';

interface Slot {
  /** Position of the slot's first item. */
  readonly start: number;
  readonly count: number;
  readonly source?: KeptSource;
  readonly picks?: readonly number[];
  /** Kept as objects: a page with no body to parse again, or one a watch edited. */
  readonly items?: readonly RawItem[];
}

/** How many pages stay parsed: of those just loaded, and as many again of those read. */
const PARSED_PAGES = 4;

export class PackedItems {
  #slots: Slot[] = [];
  #count = 0;
  /** The pages just appended, parsed as they came. */
  readonly #parsed = new RecentPages();
  /** The pages read again from their bodies. */
  readonly #read = new RecentPages();
  readonly #bodies = new BodyKeeper();
  /** The slot found last, where the next read most likely is. */
  #hint = 0;
  #parsedAgain = 0;

  /** Pages parsed again from their bodies so far (each parse costs about as much as the first). */
  get parsedAgain(): number {
    return this.#parsedAgain;
  }

  get count(): number {
    return this.#count;
  }

  /**
   * The next page's items; `source` is the body they were parsed from, `picks` their positions in
   * it. The store takes the body (page-source.ts lets its buffer go once kept).
   */
  append(items: readonly RawItem[], source?: PageSource, picks?: readonly number[]): void {
    if (items.length === 0) return;
    const base = { start: this.#count, count: items.length };
    const kept = (): KeptSource => this.#bodies.keep(source as PageSource);
    // A body already let go (handed over twice) holds nothing to read again: the items are kept as they are.
    const body = source !== undefined && source.bytes.byteLength > 0 ? source : undefined;
    const slot: Slot = body === undefined ? { ...base, items } : picks === undefined ? { ...base, source: kept() } : { ...base, source: kept(), picks };
    this.#slots.push(slot);
    this.#count += items.length;
    if (slot.source !== undefined) this.#parsed.set(slot, items);
  }

  /** The items as they are now; stays as it is when items are added or edited later. */
  view(): LoadedItems {
    return new LoadedItems(this, this.#slots, this.#count);
  }

  /** Items at the keys of `replaced` changed, those at `removed` (ascending positions) went. */
  revise(replaced: ReadonlyMap<number, RawItem>, removed: readonly number[]): void {
    const gone = new Set(removed);
    const touched = new Set<Slot | undefined>();
    for (const at of replaced.keys()) touched.add(this.#slotOf(this.#slots, at));
    for (const at of removed) touched.add(this.#slotOf(this.#slots, at));
    const slots: Slot[] = [];
    let count = 0;
    for (const slot of this.#slots) {
      if (!touched.has(slot)) {
        const moved = slot.start === count ? slot : { ...slot, start: count };
        const parsed = this.#parsedItems(slot);
        if (moved !== slot && parsed !== undefined) this.#read.set(moved, parsed);
        slots.push(moved);
        count += slot.count;
        continue;
      }
      const items: RawItem[] = [];
      const old = this.slotItems(slot);
      for (let k = 0; k < slot.count; k++) {
        const at = slot.start + k;
        if (!gone.has(at)) items.push(replaced.get(at) ?? (old[k] as RawItem));
      }
      if (items.length > 0) slots.push({ start: count, count: items.length, items });
      count += items.length;
    }
    this.#slots = slots;
    this.#count = count;
    this.#hint = 0;
  }

  /** Item `index` of `slots` (a view's pages), or undefined past their end. */
  itemAt(slots: readonly Slot[], index: number): RawItem | undefined {
    const found = this.#slotOf(slots, index);
    if (found === undefined) return undefined;
    return this.slotItems(found)[index - found.start];
  }

  slotItems(slot: Slot): readonly RawItem[] {
    if (slot.items !== undefined) return slot.items;
    const parsed = this.#parsedItems(slot);
    if (parsed !== undefined) return parsed;
    const items = itemsOfSource(slot.source as KeptSource, slot.picks);
    this.#parsedAgain++;
    this.#read.set(slot, items);
    return items;
  }

  #parsedItems(slot: Slot): readonly RawItem[] | undefined {
    return this.#parsed.get(slot) ?? this.#read.get(slot);
  }

  #slotOf(slots: readonly Slot[], index: number): Slot | undefined {
    const hinted = slots[this.#hint];
    if (hinted !== undefined && index >= hinted.start && index < hinted.start + hinted.count) return hinted;
    const following = slots[this.#hint + 1];
    if (following !== undefined && index >= following.start && index < following.start + following.count) {
      this.#hint++;
      return following;
    }
    let lo = 0;
    let hi = slots.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const slot = slots[mid] as Slot;
      if (index < slot.start) hi = mid - 1;
      else if (index >= slot.start + slot.count) lo = mid + 1;
      else {
        this.#hint = mid;
        return slot;
      }
    }
    return undefined;
  }
}

/**
 * The last PARSED_PAGES pages parsed, in a fixed ring (a new one pushes the oldest out). Not a Map:
 * a Map that keeps dropping and adding entries moves to a new table every few pages, and V8 links
 * each old table to its successor. Once a table is in the old generation (after any full
 * collection), every successor, with the pages it held, outlives the young-generation collections
 * (the dead old table still points at it): each page parsed was copied twice and promoted, which
 * over 1,000,000 items made those collections take 2.5 times as long.
 */
class RecentPages {
  readonly #slots: (Slot | undefined)[] = new Array<Slot | undefined>(PARSED_PAGES).fill(undefined);
  readonly #items: (readonly RawItem[] | undefined)[] = new Array<readonly RawItem[] | undefined>(PARSED_PAGES).fill(undefined);
  #next = 0;

  get(slot: Slot): readonly RawItem[] | undefined {
    const at = this.#slots.indexOf(slot);
    return at < 0 ? undefined : this.#items[at];
  }

  set(slot: Slot, items: readonly RawItem[]): void {
    let at = this.#slots.indexOf(slot);
    if (at < 0) {
      at = this.#next;
      this.#next = (this.#next + 1) % PARSED_PAGES;
      this.#slots[at] = slot;
    }
    this.#items[at] = items;
  }
}

/** A pager's loaded items at one moment. */
export class LoadedItems implements ItemSeq {
  constructor(
    private readonly store: PackedItems,
    private readonly slots: readonly Slot[],
    readonly length: number,
  ) {}

  at(index: number): RawItem | undefined {
    const i = index < 0 ? index + this.length : index;
    if (i < 0 || i >= this.length) return undefined;
    return this.store.itemAt(this.slots, i);
  }

  /** Pages of the listing parsed again from their bodies so far. */
  parsedAgain(): number {
    return this.store.parsedAgain;
  }

  /** True when this is `prev` with items appended (the same listing, not edited since). */
  grewFrom(prev: ItemSeq): boolean {
    return prev instanceof LoadedItems && prev.store === this.store && prev.slots === this.slots && prev.length <= this.length;
  }
}

/** True when `next` is `prev` with items appended (how a pager's items grow). */
export function itemsExtend(prev: ItemSeq, next: ItemSeq): boolean {
  if (prev === next || prev.length === 0) return true;
  if (next instanceof LoadedItems) return next.grewFrom(prev);
  if (next.length < prev.length) return false;
  return prev.length === 0 || (prev.at(0) === next.at(0) && prev.at(prev.length - 1) === next.at(prev.length - 1));
}

/** Every item of `items`, in order, as an array. */
export function itemArray(items: ItemSeq): RawItem[] {
  if (Array.isArray(items)) return items.slice() as RawItem[];
  const out = new Array<RawItem>(items.length);
  for (let i = 0; i < items.length; i++) out[i] = items.at(i) as RawItem;
  return out;
}

/** Items `start` up to (not including) `end` of `items`, as an array (Array.prototype.slice for an ItemSeq). */
export function itemSlice(items: ItemSeq, start: number, end = items.length): RawItem[] {
  const out: RawItem[] = [];
  for (let i = Math.max(0, start); i < Math.min(end, items.length); i++) out.push(items.at(i) as RawItem);
  return out;
}

/** Item `index` of `items`, or undefined for a negative index (as `array[index]`, unlike `at`). */
export function itemAt(items: ItemSeq, index: number): RawItem | undefined {
  return index >= 0 ? items.at(index) : undefined;
}

/** The first item of `items` for which `test` holds (Array.prototype.find for an ItemSeq). */
export function findItem(items: ItemSeq, test: (raw: RawItem) => boolean): RawItem | undefined {
  for (let i = 0; i < items.length; i++) {
    const raw = items.at(i) as RawItem;
    if (test(raw)) return raw;
  }
  return undefined;
}
