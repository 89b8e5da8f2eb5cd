/**
 * The rows of a sorted list of a big listing each lie on another packed page: a frame reads every
 * row it shows, so the rows read lately are kept, and a move reads only the rows it brings in.
 */
import { expect, it } from 'vitest';
import type { ItemSeq, RawItem } from '../../../src/api/types.js';
import { PickedItems } from '../../../src/ui/store/list/picked-items.js';

function countingSource(length: number): ItemSeq & { reads: number } {
  const source = {
    reads: 0,
    length,
    at(index: number): RawItem | undefined {
      if (index < 0 || index >= length) return undefined;
      source.reads++;
      return { pageId: `p${index}` };
    },
  };
  return source;
}

it('a frame drawn again after a one-row move reads only the row it brings in', () => {
  const source = countingSource(10_000);
  // Sorted: neighbouring rows lie far apart in the listing.
  const positions = Array.from({ length: 10_000 }, (_, i) => (i * 7_919) % 10_000);
  const rows = new PickedItems(source, positions);
  const frame = (top: number) => Array.from({ length: 40 }, (_, i) => rows.at(top + i)?.pageId);
  expect(frame(0)).toEqual(positions.slice(0, 40).map((p) => `p${p}`));
  expect(source.reads).toBe(40);
  expect(frame(1)).toEqual(positions.slice(1, 41).map((p) => `p${p}`));
  expect(source.reads).toBe(41);
  expect(rows.at(-1)?.pageId).toBe(`p${positions[9_999]}`);
  expect(rows.at(10_000)).toBeUndefined();
});

it('a range is read in the listing order and given in the list order', () => {
  const read: number[] = [];
  const source: ItemSeq = { length: 100, at: (i) => (read.push(i), { pageId: `p${i}` }) };
  const rows = new PickedItems(source, [50, 3, 99, 10]);
  expect(rows.readRange(0, 4).map((r) => r?.pageId)).toEqual(['p50', 'p3', 'p99', 'p10']);
  expect(read).toEqual([3, 10, 50, 99]);
});

it('the screen below, read ahead, is then read without the source', () => {
  const source = countingSource(10_000);
  const positions = Array.from({ length: 10_000 }, (_, i) => (i * 7_919) % 10_000);
  const rows = new PickedItems(source, positions);
  rows.warm(40, 80);
  expect(source.reads).toBe(40);
  for (let i = 40; i < 80; i++) expect(rows.at(i)?.pageId).toBe(`p${positions[i]}`);
  expect(source.reads).toBe(40);
  // Read again, nothing is read twice.
  rows.warm(40, 80);
  expect(source.reads).toBe(40);
});
