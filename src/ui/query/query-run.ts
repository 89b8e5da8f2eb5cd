/**
 * Runs a parsed query over a list's loaded items: one byte per item, 1 where it matches, kept
 * while the query stays and extended as far as asked (a filter scans in slices, filter-scan.ts)
 * and as items arrive (only the new ones are looked at). Each term is one pass over a range of
 * the items' values as packed columns (query-columns.ts); `and`, `or` and `not` combine those
 * bytes. /regex/ terms share a time budget per run, counted over all its slices: past it the
 * rest is not checked, and `stoppedAt` says from where.
 */
import type { QueryNode } from './parser.js';
import type { FieldDef } from './fields.js';
import { regexMatches, regexMatchesAnyField } from './safe-regex.js';
import { inRange } from './values.js';

/** What a run reads: the items' search text and field values, by position. */
export interface QueryData {
  readonly length: number;
  /** hits[i - from] = 1 for i in [from, to) whose search text contains `needle`. */
  markText(needle: string, from: number, to: number, hits: Uint8Array): void;
  /** The search text: the row's names, ids and slugs, lowercased, separated by FIELD_BREAK. */
  textAt(i: number): string;
  /** hits[i - from] = 1 for i in [from, to) whose field value contains `needle`. */
  markField(field: FieldDef, needle: string, from: number, to: number, hits: Uint8Array): void;
  fieldText(field: FieldDef, i: number): string;
  /** The field as a number (epoch ms for dates); NaN when missing or unreadable. */
  fieldNumber(field: FieldDef, i: number): number;
}

/**
 * How long /regex/ terms may take, all together, over one run (every slice of its scan). Each
 * item's match is bounded (safe-regex.ts) and a scan yields to keys between slices, so this only
 * stops a slow pattern from keeping a core busy over a million items.
 */
const REGEX_BUDGET_MS = 5000;

export class QueryRun {
  private marks = new Uint8Array(0);
  private covered = 0;
  /** Set when the regex budget ran out: items from here on were not checked (they do not match). */
  stoppedAt: number | undefined;
  /** Time spent in /regex/ terms so far. */
  private regexMs = 0;

  constructor(
    readonly node: QueryNode,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Items evaluated so far (from the first). */
  get evaluated(): number {
    return this.covered;
  }

  /**
   * One byte per item of `data`, 1 where the query matches, right for the items before `to` (only
   * those not evaluated yet are).
   */
  update(data: QueryData, to = data.length): Uint8Array {
    const n = Math.min(to, data.length);
    if (this.covered >= n) return this.marks;
    if (this.marks.length < n) {
      // Doubling, so a filter kept open while pages arrive copies O(n) bytes in all.
      const grown = new Uint8Array(Math.max(n, this.marks.length * 2));
      grown.set(this.marks.subarray(0, this.covered));
      this.marks = grown;
    }
    if (this.stoppedAt === undefined) {
      this.marks.set(this.evaluate(this.node, data, this.covered, n), this.covered);
      // Items past the stop were not checked: none of them is shown, whatever `-` says.
      if (this.stoppedAt !== undefined) this.marks.fill(0, this.stoppedAt, n);
    }
    this.covered = n;
    return this.marks;
  }

  /** The bytes of `node` for items [from, n), indexed from `from`. */
  private evaluate(node: QueryNode, data: QueryData, from: number, n: number): Uint8Array {
    switch (node.kind) {
      case 'and':
      case 'or': {
        const [first, ...rest] = node.items.map((item) => this.evaluate(item, data, from, n));
        const out = first as Uint8Array;
        for (const other of rest) for (let k = 0; k < out.length; k++) out[k] = node.kind === 'and' ? out[k]! & other[k]! : out[k]! | other[k]!;
        return out;
      }
      case 'not': {
        const out = this.evaluate(node.item, data, from, n);
        for (let k = 0; k < out.length; k++) out[k] = out[k]! ^ 1;
        return out;
      }
      case 'text': {
        const hits = new Uint8Array(n - from);
        data.markText(node.needle, from, n, hits);
        return hits;
      }
      case 'field':
        return this.field(node.field, node.needle, node.exact, data, from, n);
      case 'regex':
        return this.regex(node.regex, node.field, data, from, n);
      case 'range': {
        const out = new Uint8Array(n - from);
        for (let i = from; i < n; i++) {
          const v = data.fieldNumber(node.field, i);
          if (!Number.isNaN(v) && inRange(node.range, v)) out[i - from] = 1;
        }
        return out;
      }
    }
  }

  private field(field: FieldDef, needle: string, exact: boolean, data: QueryData, from: number, n: number): Uint8Array {
    if (exact && needle === '') {
      const out = new Uint8Array(n - from);
      for (let i = from; i < n; i++) if (data.fieldText(field, i) === '') out[i - from] = 1;
      return out;
    }
    const hits = new Uint8Array(n - from);
    data.markField(field, needle, from, n, hits);
    if (exact) for (let i = from; i < n; i++) if (hits[i - from] === 1 && data.fieldText(field, i) !== needle) hits[i - from] = 0;
    return hits;
  }

  private regex(regex: RegExp, field: FieldDef | undefined, data: QueryData, from: number, n: number): Uint8Array {
    const out = new Uint8Array(n - from);
    const started = this.now();
    const deadline = started + REGEX_BUDGET_MS - this.regexMs;
    for (let i = from; i < n; i++) {
      // The clock is read every 64 items: cheap, and one item's match is bounded (safe-regex.ts).
      if ((i & 63) === 0 && this.now() > deadline) {
        this.stoppedAt = i;
        return out;
      }
      const hit = field ? regexMatches(regex, data.fieldText(field, i)) : regexMatchesAnyField(regex, data.textAt(i));
      if (hit) out[i - from] = 1;
    }
    this.regexMs += this.now() - started;
    return out;
  }
}
