/**
 * The rows a list shows: the pager's loaded items, narrowed by a text query and a status and put
 * in a client-side order. Built incrementally, because a keystroke over 1,000,000 loaded items
 * must stay fast: a filter is a scan from the top (filter-scan.ts) that may stop part way (the
 * first screen found, or a slice's time up) and go on when derived again; a query that grows
 * re-checks the previous matches only; items that arrive are checked on their own. The lowercased
 * search text and sort keys of each item are computed once (indexed by pager position; a pager
 * only appends). The search texts and a query's hits are kept by ItemMatching (item-matching.ts).
 */
import { itemsExtend } from '../../../api/pager/packed-items.js';
import type { ListKind } from '../../../api/pager/list-pager.js';
import type { ItemSeq, RawItem } from '../../../api/types.js';
import { statusMatches, type SortOrder, type StatusFilter } from './item-keys.js';
import { ItemMatching } from './item-matching.js';
import { PickedItems } from './picked-items.js';
import { orderedRows, SortKeys, type Scanned } from './sort-keys.js';
import { allMarks, FilterScan, SCAN_CHUNK, type ScanBudget, type ScanCheck } from './filter-scan.js';
import { hasOtherForm, plainWords, queryNarrows } from '../../query/index.js';

export type { ScanBudget } from './filter-scan.js';

/** A budget that checks no item: `derive` makes the rows of what a scan found so far. */
export const NO_SCAN: ScanBudget = { until: Number.NEGATIVE_INFINITY, rows: 0 };

/** What narrows and orders a list. */
export interface ViewSpec {
  readonly query: string;
  readonly status?: StatusFilter;
  readonly sort: SortOrder;
  /** `S`: the order turned around (server order included). */
  readonly reversed?: boolean;
}

/** The rows of a list as drawn. */
export interface VisibleList {
  /** The rows in order: the pager's own items when nothing is filtered or sorted. */
  readonly items: ItemSeq;
  /** Pager position of each row; absent when `items` is the pager's array as it is. */
  readonly indices?: readonly number[];
  /** How many items are loaded (before filtering). */
  readonly loaded: number;
  /** True when a query or a status narrows the rows. */
  readonly filtered: boolean;
  /** True while the filter's scan has not reached the last loaded item: the rows are those found so far. */
  readonly scanning?: boolean;
}

interface Derived {
  readonly source: ItemSeq;
  readonly query: string;
  readonly status?: StatusFilter;
  readonly sort: SortOrder;
  readonly result: VisibleList;
}

/** Derives `VisibleList`s for one listing (one pager); `reset()` when the pager is replaced. */
export class VisibleListDeriver {
  private readonly matching: ItemMatching;
  private keys: SortKeys;
  private last: Derived | undefined;
  private scanned: Scanned | undefined;
  /** The last reversed result and the forward one it was made from. */
  private lastReversed: { readonly from: VisibleList; readonly result: VisibleList } | undefined;

  /** @param scanChunk items a filter's scan checks between two looks at its budget */
  constructor(
    private readonly kind: ListKind,
    private readonly scanChunk = SCAN_CHUNK,
  ) {
    this.keys = new SortKeys(kind);
    this.matching = new ItemMatching(kind, (source) => {
      if (this.last && !itemsExtend(this.last.source, source)) this.reset();
    });
  }

  /** True while the last filter's scan has not reached the last loaded item. */
  get scanning(): boolean {
    return this.scanned !== undefined && !this.scanned.scan.done;
  }

  /** Items whose search text is built. */
  get prepared(): number {
    return this.matching.prepared;
  }

  /** Forgets every cached key (the listing was reloaded). */
  reset(): void {
    this.matching.release();
    this.keys = new SortKeys(this.kind);
    this.last = undefined;
    this.scanned = undefined;
    this.lastReversed = undefined;
  }

  /**
   * The filter closed: the search texts, a query's hits and the query's field columns go (over
   * 100,000 long names in many scripts they are some 50 MB). The next filter builds them again,
   * from the first item it checks.
   */
  releaseSearch(): void {
    this.matching.release();
  }

  /**
   * Builds the search text of items that just arrived, at most `most`, only while the text is in
   * use (a filter has built it this far): otherwise the next filter builds it.
   */
  prepareArrived(source: ItemSeq, most: number): void {
    if (this.matching.prepared > 0) this.prepare(source, most);
  }

  /**
   * The listing's items were edited in place (a watch read pages again): the keys of the items
   * at `replaced` are built again when needed, those at `removed` (ascending) are taken out. The
   * rest keep their keys, so a big list is not keyed all over again.
   */
  revise(replaced: ReadonlyMap<number, RawItem>, removed: readonly number[]): void {
    this.matching.revise(replaced, removed);
    this.keys.revise(replaced.keys(), removed);
    this.last = undefined;
    this.scanned = undefined;
    this.lastReversed = undefined;
  }

  /**
   * Builds the search text of items not seen yet, at most `most` of them; true once every item
   * has it. Called as pages arrive while a filter uses the text, and in slices once the filter
   * opens (SearchWarmup), so the keystrokes of a filter over 100,000 loaded items find the work
   * done; a scan builds what it reaches before that itself.
   */
  prepare(source: ItemSeq, most = Number.POSITIVE_INFINITY): boolean {
    return this.matching.prepareTo(source, this.matching.prepared + most);
  }

  /**
   * The rows for `spec`. Without a budget the filter's scan is taken to the end; with one it stops
   * where the budget says, and the rows are those found so far (`scanning`): deriving again with
   * the same spec goes on from there.
   */
  derive(source: ItemSeq, spec: ViewSpec, budget?: ScanBudget): VisibleList {
    const forward = this.deriveForward(source, spec, budget);
    if (spec.reversed !== true) return forward;
    // Reversal is a last step over the forward rows, so the incremental work above stays as it is.
    if (this.lastReversed?.from === forward) return this.lastReversed.result;
    const indices = forward.indices ? [...forward.indices].reverse() : Array.from({ length: source.length }, (_, i) => source.length - 1 - i);
    const result: VisibleList = { items: new PickedItems(source, indices), indices, loaded: forward.loaded, filtered: forward.filtered, ...(forward.scanning === true ? { scanning: true } : {}) };
    this.lastReversed = { from: forward, result };
    return result;
  }

  /**
   * Takes the scan under way for `spec` on within `budget` without making rows of it (they are
   * made when a frame shows them: `derive` with NO_SCAN); the matches found so far, or undefined
   * when no scan for `spec` over `source` is under way.
   */
  advance(source: ItemSeq, spec: ViewSpec, budget: ScanBudget): number | undefined {
    const scanned = this.scanned;
    const query = spec.query.trim();
    if (!scanned || !this.last || !itemsExtend(this.last.source, source)) return undefined;
    if (scanned.scan.query !== query || scanned.scan.status !== spec.status || scanned.sort !== spec.sort) return undefined;
    scanned.scan.extend(source.length);
    scanned.scan.run(this.checkFor(source, query, spec.status, scanned.scan), budget);
    return scanned.scan.found.length;
  }

  private deriveForward(source: ItemSeq, spec: ViewSpec, budget: ScanBudget | undefined): VisibleList {
    const query = spec.query.trim();
    const { status, sort } = spec;
    const prev = this.last;
    if (prev && prev.source === source && prev.query === query && prev.status === status && prev.sort === sort && prev.result.scanning !== true) {
      return prev.result;
    }
    if (prev && !itemsExtend(prev.source, source)) this.reset();
    const filtered = query !== '' || status !== undefined;
    let result: VisibleList;
    if (!filtered && sort === 'server') {
      this.scanned = undefined;
      result = { items: source, loaded: source.length, filtered: false };
    } else {
      // An order alone is a scan that keeps every item: its rows are sorted as they are found.
      const scanned = this.scanFor(source, query, status, sort);
      scanned.scan.run(this.checkFor(source, query, status, scanned.scan), budget ?? { until: Number.POSITIVE_INFINITY });
      const indices = orderedRows(this.keys, source, scanned);
      result = { items: new PickedItems(source, indices), indices, loaded: source.length, filtered, ...(scanned.scan.done ? {} : { scanning: true }) };
    }
    this.last = { source, query, status, sort, result };
    return result;
  }

  /**
   * The scan for this filter: the one under way when it is the same, one over the previous
   * matches when the query only narrowed (every row matching "abc" also matched "ab"; see
   * plain-words.ts), a scan of every item otherwise.
   */
  private scanFor(source: ItemSeq, query: string, status: StatusFilter | undefined, sort: SortOrder): Scanned {
    const was = this.scanned;
    if (was && was.scan.status === status && was.scan.query === query) {
      was.scan.extend(source.length);
      if (was.sort === sort) return was;
      this.scanned = { scan: was.scan, sort, ordered: [], orderedCount: 0 };
      return this.scanned;
    }
    const narrowing = was !== undefined && was.scan.status === status && queryNarrows(was.scan.query, query);
    const scan = narrowing ? was.scan.narrowed(query, source.length) : FilterScan.full(query, status, source.length, this.scanChunk);
    this.scanned = { scan, sort, ordered: [], orderedCount: 0 };
    return this.scanned;
  }

  /** How `scan` tells a match: the packed texts for plain words, the query language otherwise. */
  private checkFor(source: ItemSeq, query: string, status: StatusFilter | undefined, scan: FilterScan): ScanCheck {
    const keep = status === undefined ? undefined : (i: number) => statusMatches(source.at(i) as RawItem, status);
    const words = query === '' ? [] : plainWords(query);
    const cheapTo = (): number => this.matching.prepared;
    // Accented letters are matched composed and decomposed by the query language (parser.ts eitherForm).
    if (words === undefined || words.length > 1 || words.some(hasOtherForm)) {
      return { upTo: (to) => this.matching.queryMarks(source, query, to), cheapTo, ...(keep ? { keep } : {}) };
    }
    const word = words[0];
    if (word === undefined) return { upTo: (to) => allMarks(to), ...(keep ? { keep } : {}) };
    // A few survivors of a narrowing query are checked one by one; many, in one pass over the texts.
    const few = scan.reChecks * 8 < source.length;
    const one = (i: number): boolean => this.matching.contains(source, i, word);
    return { upTo: (to) => this.matching.hitsFor(source, word, to), cheapTo, ...(few ? { one } : {}), ...(keep ? { keep } : {}) };
  }

  /**
   * Whether the item at pager position i matches `query` (any query of the language). A query
   * that does not parse matches every item: the store only derives with queries that do.
   */
  queryMatcher(source: ItemSeq, query: string): (i: number) => boolean {
    const marks = this.matching.queryMarks(source, query, source.length);
    return (i) => marks[i] === 1;
  }

  /** Where the last query stopped checking items (its /regex/ ran out of time), if it did. */
  get queryStoppedAt(): number | undefined {
    return this.matching.queryStoppedAt;
  }
}
