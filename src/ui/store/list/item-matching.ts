/**
 * What a filter checks one listing's items against: the packed search text of each item (built
 * once, as far as a filter reached; see SearchTexts), the hits of the last plain word (one byte per
 * item, kept while the word stays), and the field columns and run of the last query that is more
 * than plain words (docs/queries.md). VisibleListDeriver owns one and decides when it is reset.
 */
import type { ListKind } from '../../../api/pager/list-pager.js';
import type { ItemSeq, RawItem } from '../../../api/types.js';
import { parseQuery, QueryColumns, QueryRun } from '../../query/index.js';
import { allMarks } from './filter-scan.js';
import { searchText } from './item-keys.js';
import { SearchTexts } from './search-texts.js';

export class ItemMatching {
  private texts = new SearchTexts();
  /** Which items match `query`, for the first `covered` items. */
  private hits: { query: string; marks: Uint8Array; covered: number } | undefined;
  private columns = this.newColumns();
  private run: { readonly query: string; readonly run: QueryRun | undefined } | undefined;

  /** @param checkSource called first with each source: resets the deriver when it is another listing's items */
  constructor(
    private readonly kind: ListKind,
    private readonly checkSource: (source: ItemSeq) => void,
  ) {}

  /** Items whose search text is built. */
  get prepared(): number {
    return this.texts.length;
  }

  /** Forgets the search texts, the hits and the query's columns. */
  release(): void {
    this.texts = new SearchTexts();
    this.hits = undefined;
    this.columns = this.newColumns();
    this.run = undefined;
  }

  /** Items at `replaced` get their text again, those at `removed` (ascending) are taken out. */
  revise(replaced: ReadonlyMap<number, RawItem>, removed: readonly number[]): void {
    const texts = new Map<number, string>();
    for (const [at, raw] of replaced) if (at < this.texts.length) texts.set(at, searchText(this.kind, raw));
    this.texts.revise(texts, removed);
    this.hits = undefined;
    this.columns = this.newColumns();
    this.run = undefined;
  }

  /** Builds the search text of items up to (not including) `to`; true once every item has it. */
  prepareTo(source: ItemSeq, to: number): boolean {
    this.checkSource(source);
    const end = Math.min(source.length, to);
    if (this.texts.length >= end) return this.texts.length >= source.length;
    const batch: string[] = [];
    for (let i = this.texts.length; i < end; i++) batch.push(searchText(this.kind, source.at(i) as RawItem));
    this.texts.append(batch);
    return end >= source.length;
  }

  /** Whether the search text of the item at `i` holds `word` (built first when it is not yet). */
  contains(source: ItemSeq, i: number, word: string): boolean {
    this.prepareTo(source, i + 1);
    return this.texts.contains(i, word);
  }

  /** One byte per item, right for those before `to`: 1 where the item matches `query`. */
  queryMarks(source: ItemSeq, query: string, to: number): Uint8Array {
    this.checkSource(source);
    if (this.run?.query !== query) {
      const parsed = parseQuery(query, this.kind, Date.now());
      const node = 'node' in parsed ? parsed.node : null;
      this.run = { query, run: node ? new QueryRun(node) : undefined };
    }
    const run = this.run.run;
    if (!run) return allMarks(to);
    return run.update(this.columns.over(source), to);
  }

  /** Where the last query stopped checking items (its /regex/ ran out of time), if it did. */
  get queryStoppedAt(): number | undefined {
    return this.run?.run?.stoppedAt;
  }

  /** One byte per loaded item, right for those before `to`: 1 where its search text contains `query`. */
  hitsFor(source: ItemSeq, query: string, to: number): Uint8Array {
    const n = Math.min(source.length, to);
    this.prepareTo(source, n);
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
      this.texts.mark(query, hits.covered, hits.marks, n);
      hits.covered = n;
    }
    return hits.marks;
  }

  private newColumns(): QueryColumns {
    return new QueryColumns({
      prepare: (source, to) => this.prepareTo(source, to),
      mark: (needle, from, hits, to, base) => this.texts.mark(needle, from, hits, to, base),
      textAt: (i) => this.texts.textAt(i),
    });
  }
}
