/**
 * The rows a list shows: the pager's loaded items, narrowed by a text query and a status and put
 * in a client-side order. Built incrementally, because a keystroke over 100,000 loaded items
 * must stay fast: a query that grows filters the previous result, items that arrive are
 * filtered on their own and merged in, and the lowercased search text and sort keys of each
 * item are computed once (indexed by pager position; a pager only appends). The search texts are
 * packed (see SearchTexts); a query's hits are one byte per item, kept while the query stays.
 */
import { itemsExtend } from '../../../api/pager/packed-items.js';
import type { ListKind } from '../../../api/pager/list-pager.js';
import { removePositions } from '../../../api/pager/page-ledger.js';
import type { ItemSeq, RawItem } from '../../../api/types.js';
import { nameSortField, searchText, statusMatches, updatedSortField, type SortOrder, type StatusFilter } from './item-keys.js';
import { PickedItems } from './picked-items.js';
import { SearchTexts } from './search-texts.js';
import { parseQuery, plainWords, queryNarrows, QueryColumns, QueryRun } from '../../query/index.js';

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
  private texts = new SearchTexts();
  /** Which items match `query`, for the first `covered` items. */
  private hits: { query: string; marks: Uint8Array; covered: number } | undefined;
  private names: string[] = [];
  private times: number[] = [];
  private last: Derived | undefined;
  /** The last reversed result and the forward one it was made from. */
  private lastReversed: { readonly from: VisibleList; readonly result: VisibleList } | undefined;
  /** Field values and the run of the last query that is more than plain words (docs/queries.md). */
  private columns = this.newColumns();
  private run: { readonly query: string; readonly run: QueryRun | undefined } | undefined;

  constructor(private readonly kind: ListKind) {}

  /** Items whose search text is built. */
  get prepared(): number {
    return this.texts.length;
  }

  /** Forgets every cached key (the listing was reloaded). */
  reset(): void {
    this.texts = new SearchTexts();
    this.hits = undefined;
    this.names = [];
    this.times = [];
    this.last = undefined;
    this.lastReversed = undefined;
    this.columns = this.newColumns();
    this.run = undefined;
  }

  /**
   * The listing's items were edited in place (a watch read pages again): the keys of the items
   * at `replaced` are built again when needed, those at `removed` (ascending) are taken out. The
   * rest keep their keys, so a big list is not keyed all over again.
   */
  revise(replaced: ReadonlyMap<number, RawItem>, removed: readonly number[]): void {
    const texts = new Map<number, string>();
    for (const [at, raw] of replaced) if (at < this.texts.length) texts.set(at, searchText(this.kind, raw));
    this.texts.revise(texts, removed);
    this.hits = undefined;
    const keys: (string | number | undefined)[][] = [this.names, this.times];
    for (const at of replaced.keys()) for (const array of keys) if (at < array.length) array[at] = undefined;
    for (const array of keys) removePositions(array, removed);
    this.last = undefined;
    this.lastReversed = undefined;
    this.columns = this.newColumns();
    this.run = undefined;
  }

  /**
   * Builds the search text of items not seen yet, at most `most` of them; true once every item
   * has it. Called as pages arrive and, after a bulk load, in slices (SearchWarmup), so the first
   * keystroke of a filter over 100,000 loaded items finds the work done.
   */
  prepare(source: ItemSeq, most = Number.POSITIVE_INFINITY): boolean {
    if (this.last && !itemsExtend(this.last.source, source)) this.reset();
    const end = Math.min(source.length, this.texts.length + most);
    if (this.texts.length >= end) return this.texts.length >= source.length;
    const batch: string[] = [];
    for (let i = this.texts.length; i < end; i++) batch.push(searchText(this.kind, source.at(i) as RawItem));
    this.texts.append(batch);
    return end >= source.length;
  }

  derive(source: ItemSeq, spec: ViewSpec): VisibleList {
    const forward = this.deriveForward(source, spec);
    if (spec.reversed !== true) return forward;
    // Reversal is a last step over the forward rows, so the incremental work above stays as it is.
    if (this.lastReversed?.from === forward) return this.lastReversed.result;
    const indices = forward.indices ? [...forward.indices].reverse() : Array.from({ length: source.length }, (_, i) => source.length - 1 - i);
    const result: VisibleList = { items: new PickedItems(source, indices), indices, loaded: forward.loaded, filtered: forward.filtered };
    this.lastReversed = { from: forward, result };
    return result;
  }

  private deriveForward(source: ItemSeq, spec: ViewSpec): VisibleList {
    const query = spec.query.trim();
    const { status, sort } = spec;
    const prev = this.last;
    if (prev && prev.source === source && prev.query === query && prev.status === status && prev.sort === sort) {
      return prev.result;
    }
    if (prev && !itemsExtend(prev.source, source)) this.reset();
    const filtered = query !== '' || status !== undefined;
    let result: VisibleList;
    if (!filtered && sort === 'server') {
      result = { items: source, loaded: source.length, filtered: false };
    } else {
      const indices = this.indicesFor(source, query, status, sort, this.last);
      result = { items: new PickedItems(source, indices), indices, loaded: source.length, filtered };
    }
    this.last = { source, query, status, sort, result };
    return result;
  }

  private indicesFor(
    source: ItemSeq,
    query: string,
    status: StatusFilter | undefined,
    sort: SortOrder,
    prev: Derived | undefined,
  ): number[] {
    const prevIndices = prev?.result.indices;
    // Reuse the previous rows when they are a superset of the new ones: same status and order,
    // and the query only narrowed (every row matching "abc" also matched "ab"; see plain-words.ts).
    const narrowing = prev !== undefined && prevIndices !== undefined && prev.status === status && prev.sort === sort && (query === prev.query || queryNarrows(prev.query, query));
    const toCheck = narrowing ? prevIndices.length + source.length - prev.source.length : source.length;
    const textMatch = this.textMatcher(source, query, toCheck * 8 < source.length);
    const match = (i: number): boolean => (status === undefined || statusMatches(source.at(i) as RawItem, status)) && textMatch(i);
    if (narrowing) {
      const kept = query === prev.query ? prevIndices : prevIndices.filter(match);
      const added: number[] = [];
      for (let i = prev.source.length; i < source.length; i++) if (match(i)) added.push(i);
      if (added.length === 0) return kept as number[];
      if (sort === 'server') return kept.concat(added);
      return this.merge(source, kept, this.sorted(source, added, sort), sort);
    }
    const all: number[] = [];
    for (let i = 0; i < source.length; i++) if (match(i)) all.push(i);
    return sort === 'server' ? all : this.sorted(source, all, sort);
  }

  /**
   * Whether item i's search text holds `query`: for a few rows, each row's text on its own; for
   * many, one pass over all the packed texts (see hitsFor).
   */
  private textMatcher(source: ItemSeq, query: string, few: boolean): (i: number) => boolean {
    if (query === '') return () => true;
    const words = plainWords(query);
    if (words?.length !== 1) return this.queryMatcher(source, query);
    const word = words[0] as string;
    if (few) {
      this.prepare(source);
      return (i) => this.texts.contains(i, word);
    }
    const hits = this.hitsFor(source, word);
    return (i) => hits[i] === 1;
  }

  /**
   * Whether the item at pager position i matches `query` (any query of the language). A query
   * that does not parse matches every item: the store only derives with queries that do.
   */
  queryMatcher(source: ItemSeq, query: string): (i: number) => boolean {
    if (this.last && !itemsExtend(this.last.source, source)) this.reset();
    if (this.run?.query !== query) {
      const parsed = parseQuery(query, this.kind, Date.now());
      const node = 'node' in parsed ? parsed.node : null;
      this.run = { query, run: node ? new QueryRun(node) : undefined };
    }
    const run = this.run.run;
    if (!run) return () => true;
    const marks = run.update(this.columns.over(source));
    return (i) => marks[i] === 1;
  }

  /** Where the last query stopped checking items (its /regex/ ran out of time), if it did. */
  get queryStoppedAt(): number | undefined {
    return this.run?.run?.stoppedAt;
  }

  private newColumns(): QueryColumns {
    return new QueryColumns({
      prepare: (source) => this.prepare(source),
      mark: (needle, from, hits) => this.texts.mark(needle, from, hits),
      textAt: (i) => this.texts.textAt(i),
    });
  }

  /** One byte per loaded item: 1 where its search text contains `query`. */
  private hitsFor(source: ItemSeq, query: string): Uint8Array {
    this.prepare(source);
    const n = source.length;
    let hits = this.hits;
    if (hits === undefined || hits.query !== query) {
      hits = { query, marks: new Uint8Array(n), covered: 0 };
      this.hits = hits;
    } else if (hits.marks.length < n) {
      // Doubling, so a filter kept open while pages arrive copies O(n) bytes in all.
      const grown = new Uint8Array(Math.max(n, hits.marks.length * 2));
      grown.set(hits.marks);
      hits.marks = grown;
    }
    if (hits.covered < n) {
      this.texts.mark(query, hits.covered, hits.marks);
      hits.covered = n;
    }
    return hits.marks;
  }

  private sorted(source: ItemSeq, indices: number[], sort: SortOrder): number[] {
    this.fillKeys(source, indices, sort);
    return indices.sort(this.comparator(sort));
  }

  /** Merges two sorted index lists (both already keyed) in O(n). */
  private merge(source: ItemSeq, a: readonly number[], b: readonly number[], sort: SortOrder): number[] {
    this.fillKeys(source, a, sort);
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
      const raw = source.at(i) as RawItem;
      if (sort === 'name' && this.names[i] === undefined) this.names[i] = nameSortField(this.kind, raw);
      if (sort === 'updated' && this.times[i] === undefined) this.times[i] = updatedSortField(raw);
    }
  }

  /** Ties keep the server's order, so every sort is stable and deterministic. */
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
