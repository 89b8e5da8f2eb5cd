/**
 * The lowercased search texts of a list's loaded items, packed: the items that arrived together
 * (about one page) share one UTF-8 buffer, with each item's start kept in a typed array. Per item
 * that is its text and 4 bytes, instead of a string of its own (a header, padding and a pointer to
 * it). UTF-8 rather than a JS string: one name in a page outside Latin-1 would make the page's
 * whole string two bytes a character, and the bytes live outside the garbage-collected heap.
 *
 * A query is matched against a whole chunk at once with `indexOf`, each hit mapped to the item it
 * falls in; a hit that runs past its item's end (into the separator) does not count.
 */

import { KeptBytes } from '../../../api/pager/kept-bytes.js';

/** Between two items' texts; a typed query never holds it. */
const SEPARATOR = '\u0000';

const SEPARATOR_BYTE = 0;

const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * `texts` as UTF-8 in one buffer of its own (not a pool slab, which any chunk in it would keep
 * alive), separated, each text's start written to `starts` from `at`. Written text by text: the
 * texts joined first made a string of a megabyte or two per chunk, which V8 puts straight in the
 * old generation, where each stayed until the next full collection.
 */
function packTexts(texts: readonly string[], starts: Int32Array, at: number, arena?: KeptBytes): Buffer {
  let size = 0;
  for (let k = 0; k < texts.length; k++) {
    starts[at + k] = size;
    size += byteLength(texts[k] as string) + SEPARATOR.length;
  }
  const length = Math.max(0, size - SEPARATOR.length);
  const chunk = arena === undefined ? Buffer.allocUnsafeSlow(length) : bufferOf(arena.alloc(length));
  for (let k = 0; k < texts.length; k++) {
    const start = starts[at + k] as number;
    const end = start + chunk.write(texts[k] as string, start, 'utf8');
    if (end < chunk.length) chunk[end] = SEPARATOR_BYTE;
  }
  return chunk;
}

const bufferOf = (view: Uint8Array): Buffer => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

export class SearchTexts {
  /**
   * Where appended chunks live: blocks V8 maps itself (kept-bytes.ts), given back whole when the
   * texts are dropped. Chunks of the C allocator's own stayed with the process after the filter
   * was cleared (RSS 159 MB against 110 after `G` over 100,000 pages of `long`: docs/memory.md).
   * Chunks packed again by `revise` get buffers of their own, so a block never holds dead ones.
   */
  private readonly arena = new KeptBytes();
  private chunks: Buffer[] = [];
  /** Index of the first item of each chunk. */
  private chunkFirst: number[] = [];
  /** Start of each item's text within its chunk. */
  private starts = new Int32Array(256);
  private count = 0;

  /** Items whose text is kept. */
  get length(): number {
    return this.count;
  }

  /** Keeps the texts of the next items (in order) as one chunk. */
  append(texts: readonly string[]): void {
    if (texts.length === 0) return;
    if (this.count + texts.length > this.starts.length) {
      const grown = new Int32Array(Math.max(this.starts.length * 2, this.count + texts.length));
      grown.set(this.starts.subarray(0, this.count));
      this.starts = grown;
    }
    this.chunks.push(packTexts(texts, this.starts, this.count, this.arena));
    this.chunkFirst.push(this.count);
    this.count += texts.length;
  }

  /**
   * Edits in place (a watch read): items at the keys of `replaced` (positions before removal) take
   * the given texts, items at `removed` (ascending) go. Only the chunks holding them are packed
   * again; the others are kept and moved down.
   */
  revise(replaced: ReadonlyMap<number, string>, removed: readonly number[]): void {
    const affected = new Set<number>();
    for (const at of replaced.keys()) if (at >= 0 && at < this.count) affected.add(this.chunkAt(at));
    for (const at of removed) if (at >= 0 && at < this.count) affected.add(this.chunkAt(at));
    if (affected.size === 0) return;
    const gone = new Set(removed);
    const chunks: Buffer[] = [];
    const chunkFirst: number[] = [];
    const starts = new Int32Array(this.starts.length);
    let count = 0;
    for (let c = 0; c < this.chunks.length; c++) {
      const first = this.chunkFirst[c] as number;
      const end = this.chunkFirst[c + 1] ?? this.count;
      if (!affected.has(c)) {
        starts.set(this.starts.subarray(first, end), count);
        chunks.push(this.chunks[c] as Buffer);
        chunkFirst.push(count);
        count += end - first;
        continue;
      }
      const texts: string[] = [];
      for (let i = first; i < end; i++) if (!gone.has(i)) texts.push(replaced.get(i) ?? this.textAt(i));
      if (texts.length === 0) continue;
      chunks.push(packTexts(texts, starts, count));
      chunkFirst.push(count);
      count += texts.length;
    }
    this.chunks = chunks;
    this.chunkFirst = chunkFirst;
    this.starts = starts;
    this.count = count;
  }

  /**
   * Sets `hits[i - base] = 1` for every item i in `[from, to)` whose text contains `query`
   * (lowercase, not empty).
   */
  mark(query: string, from: number, hits: Uint8Array, to = this.count, base = 0): void {
    const end = Math.min(to, this.count);
    if (from >= end) return;
    const needle = Buffer.from(query, 'utf8');
    for (let c = this.chunkAt(from); c < this.chunks.length && (this.chunkFirst[c] as number) < end; c++) this.markChunk(c, needle, from, end, hits, base);
  }

  /** Whether item `i`'s text contains `query`: for checking a few items, where `mark` would read them all. */
  contains(i: number, query: string): boolean {
    return this.textAt(i).includes(query);
  }

  /** The text of item `i`. */
  textAt(i: number): string {
    const c = this.chunkAt(i);
    const chunk = this.chunks[c] as Buffer;
    return chunk.toString('utf8', this.starts[i], this.endOf(c, i));
  }

  private markChunk(c: number, query: Buffer, from: number, to: number, hits: Uint8Array, base: number): void {
    const chunk = this.chunks[c] as Buffer;
    const first = this.chunkFirst[c] as number;
    const last = Math.min(this.chunkFirst[c + 1] ?? this.count, to) - 1;
    let item = Math.max(first, from);
    let pos = chunk.indexOf(query, this.starts[item]);
    while (pos !== -1) {
      // Move to the item the hit starts in (items only move forward, as hits do).
      while (item < last && (this.starts[item + 1] as number) <= pos) item++;
      // Past the last item asked for: the hit belongs to an item after `to`.
      if (item === last && item + 1 < (this.chunkFirst[c + 1] ?? this.count) && (this.starts[item + 1] as number) <= pos) return;
      const end = this.endOf(c, item);
      if (pos + query.length <= end) {
        hits[item - base] = 1;
        if (item === last) return;
        item++;
        pos = chunk.indexOf(query, this.starts[item]);
      } else {
        pos = chunk.indexOf(query, pos + 1);
      }
    }
  }

  /** End (exclusive) of item `i`'s text in chunk `c`. */
  private endOf(c: number, i: number): number {
    const next = this.chunkFirst[c + 1] ?? this.count;
    return i + 1 < next ? (this.starts[i + 1] as number) - SEPARATOR.length : (this.chunks[c] as Buffer).length;
  }

  /** The chunk holding item `i` (binary search over the chunks' first items). */
  private chunkAt(i: number): number {
    let lo = 0;
    let hi = this.chunkFirst.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.chunkFirst[mid] as number) <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
