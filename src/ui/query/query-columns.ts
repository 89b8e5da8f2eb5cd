/**
 * The field values a query reads, per loaded item, built the first time a query names the field
 * and then only for items that arrive: text fields lowercased and sanitised, packed as the search
 * texts are (SearchTexts), dates and counts as numbers. Each column is built only as far as a
 * run has read (a filter scans in slices, see filter-scan.ts): the first query naming a field
 * over a long list reads the loaded items once, slice by slice (their pages are parsed again, see
 * packed-items.ts); later keystrokes find the values ready.
 */
import type { ItemSeq, RawItem } from '../../api/types.js';
import { sanitizeString } from '../../text/index.js';
import { SearchTexts } from '../store/list/search-texts.js';
import type { FieldDef } from './fields.js';
import type { QueryData } from './query-run.js';

/** The search text of every item (the list's own, see VisibleListDeriver). */
export interface SearchTextSource {
  /** Builds the text of items not seen yet, up to (not including) `to`. */
  prepare(source: ItemSeq, to: number): void;
  mark(needle: string, from: number, hits: Uint8Array, to: number, base: number): void;
  textAt(i: number): string;
}

export class QueryColumns {
  private readonly texts = new Map<string, SearchTexts>();
  private readonly numbers = new Map<string, { values: Float64Array; length: number }>();

  constructor(private readonly search: SearchTextSource) {}

  /** What a QueryRun reads, over the items of `source` (which only grows while this lives). */
  over(source: ItemSeq): QueryData {
    return {
      length: source.length,
      markText: (needle, from, to, hits) => {
        this.search.prepare(source, to);
        this.search.mark(needle, from, hits, to, from);
      },
      textAt: (i) => {
        this.search.prepare(source, i + 1);
        return this.search.textAt(i);
      },
      markField: (field, needle, from, to, hits) => this.textColumn(field, source, to).mark(needle, from, hits, to, from),
      fieldText: (field, i) => this.textColumn(field, source, i + 1).textAt(i),
      fieldNumber: (field, i) => this.numberColumn(field, source, i + 1).values[i] ?? Number.NaN,
    };
  }

  /** The column of `field`, built at least up to `to`. */
  private textColumn(field: FieldDef, source: ItemSeq, to: number): SearchTexts {
    let column = this.texts.get(field.name);
    if (!column) {
      column = new SearchTexts();
      this.texts.set(field.name, column);
    }
    // About a page at a time, so each chunk packs as the search texts do.
    const upTo = Math.min(source.length, to);
    for (let start = column.length; start < upTo; start += 100) {
      const end = Math.min(source.length, start + 100);
      const batch: string[] = [];
      for (let i = start; i < end; i++) batch.push(sanitizeString(field.read(source.at(i) as RawItem)).toLowerCase());
      column.append(batch);
    }
    return column;
  }

  private numberColumn(field: FieldDef, source: ItemSeq, to: number): { values: Float64Array; length: number } {
    let column = this.numbers.get(field.name);
    if (!column) {
      column = { values: new Float64Array(Math.max(256, source.length)), length: 0 };
      this.numbers.set(field.name, column);
    }
    if (column.length >= Math.min(to, source.length)) return column;
    // A page at a time at least, so reading one item's value does not run the loop per item.
    const upTo = Math.min(source.length, Math.max(to, column.length + 100));
    if (column.values.length < upTo) {
      const grown = new Float64Array(Math.max(upTo, column.values.length * 2));
      grown.set(column.values.subarray(0, column.length));
      column.values = grown;
    }
    const parse = field.type === 'date' ? parseDate : parseCount;
    for (let i = column.length; i < upTo; i++) column.values[i] = parse(field.read(source.at(i) as RawItem));
    column.length = upTo;
    return column;
  }
}

const parseDate = (text: string): number => (text === '' ? Number.NaN : Date.parse(text));
const parseCount = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
