/**
 * The field values a query reads, per loaded item, built the first time a query names the field
 * and then only for items that arrive: text fields lowercased and sanitised, packed as the search
 * texts are (SearchTexts), dates and counts as numbers. The first query naming a field over a
 * long list reads every loaded item once (their pages are parsed again, see packed-items.ts);
 * later keystrokes find the values ready.
 */
import type { ItemSeq, RawItem } from '../../api/types.js';
import { sanitizeString } from '../../text/index.js';
import { SearchTexts } from '../store/list/search-texts.js';
import type { FieldDef } from './fields.js';
import type { QueryData } from './query-run.js';

/** The search text of every item (the list's own, see VisibleListDeriver). */
export interface SearchTextSource {
  /** Builds the text of items not seen yet. */
  prepare(source: ItemSeq): void;
  mark(needle: string, from: number, hits: Uint8Array): void;
  textAt(i: number): string;
}

export class QueryColumns {
  private readonly texts = new Map<string, SearchTexts>();
  private readonly numbers = new Map<string, { values: Float64Array; length: number }>();

  constructor(private readonly search: SearchTextSource) {}

  /** What a QueryRun reads, over the items of `source` (which only grows while this lives). */
  over(source: ItemSeq): QueryData {
    this.search.prepare(source);
    return {
      length: source.length,
      markText: (needle, from, hits) => this.search.mark(needle, from, hits),
      textAt: (i) => this.search.textAt(i),
      markField: (field, needle, from, hits) => this.textColumn(field, source).mark(needle, from, hits),
      fieldText: (field, i) => this.textColumn(field, source).textAt(i),
      fieldNumber: (field, i) => this.numberColumn(field, source).values[i] ?? Number.NaN,
    };
  }

  private textColumn(field: FieldDef, source: ItemSeq): SearchTexts {
    let column = this.texts.get(field.name);
    if (!column) {
      column = new SearchTexts();
      this.texts.set(field.name, column);
    }
    // About a page at a time, so each chunk packs as the search texts do.
    for (let start = column.length; start < source.length; start += 100) {
      const end = Math.min(source.length, start + 100);
      const batch: string[] = [];
      for (let i = start; i < end; i++) batch.push(sanitizeString(field.read(source.at(i) as RawItem)).toLowerCase());
      column.append(batch);
    }
    return column;
  }

  private numberColumn(field: FieldDef, source: ItemSeq): { values: Float64Array; length: number } {
    let column = this.numbers.get(field.name);
    if (!column) {
      column = { values: new Float64Array(Math.max(256, source.length)), length: 0 };
      this.numbers.set(field.name, column);
    }
    if (column.length >= source.length) return column;
    if (column.values.length < source.length) {
      const grown = new Float64Array(Math.max(source.length, column.values.length * 2));
      grown.set(column.values.subarray(0, column.length));
      column.values = grown;
    }
    const parse = field.type === 'date' ? parseDate : parseCount;
    for (let i = column.length; i < source.length; i++) column.values[i] = parse(field.read(source.at(i) as RawItem));
    column.length = source.length;
    return column;
  }
}

const parseDate = (text: string): number => (text === '' ? Number.NaN : Date.parse(text));
const parseCount = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
