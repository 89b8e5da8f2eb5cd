/**
 * What measuring the columns of a whole listing costs: `G` over 100,000 pages measures every item,
 * and a name of 150–200 characters outside ASCII took string-width some 70 µs, so long, wide
 * names made the load several times the network's time. A value that cannot change a column's
 * width (the column is at its cap, or the value is too short to be wider) is not measured; the
 * columns stay those of measuring everything.
 */
import { describe, expect, it, vi } from 'vitest';
import type { RawItem } from '../../../src/api/types.js';

const measured = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/text/index.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/text/index.js')>();
  return {
    ...original,
    displayWidth: (s: string) => {
      measured.count++;
      return original.displayWidth(s);
    },
  };
});

const { ColumnMeasure, columnMeasure, columnsFor, widthCellsFor } = await import('../../../src/ui/table-model/index.js');

const WIDE = ['春季促销活动页面', 'ウェビナー登録', '무료 체험판', 'Cafe\u0301', '🚀', '👨‍👩‍👧', 'Ελληνικά', 'spring sale'];

/** A name of `length` UTF-16 units or so, from the pieces above, different for each `seed`. */
function wideName(seed: number, length: number): string {
  let name = `#${seed} `;
  for (let k = 0; name.length < length; k++) name += `${WIDE[(seed * 7 + k * 3) % WIDE.length]} `;
  return name.trimEnd();
}

const page = (i: number, name: string): RawItem => ({ pageId: `grp-1-p${i}`, effectiveName: name, updatedAt: '2024-05-23T19:10:00.123Z' });

describe('measuring the columns of a long load', () => {
  it('measures a column no further once it is at its widest shown width', () => {
    const items = Array.from({ length: 500 }, (_, i) => page(i + 1, wideName(i, 150 + (i % 50))));
    measured.count = 0;
    const widths = columnMeasure('pages').measure(items);
    // The first name is past the name column's cap; the ids are plain ASCII.
    expect(measured.count).toBeLessThan(10);
    expect(columnsFor('pages', 200, widths)).toEqual(columnsFor('pages', 200, new ColumnMeasure(widthCellsFor('pages')).measure(items)));
  });

  it('does not measure a value too short to be wider than the widest so far', () => {
    const items = [page(1, '春季促销活动页面春季促销活动页面'), ...Array.from({ length: 1000 }, (_, i) => page(i + 2, wideName(i, 12).slice(0, 16)))];
    measured.count = 0;
    columnMeasure('pages').measure(items);
    expect(measured.count).toBeLessThan(10);
  });

  it('gives the columns measuring every value gives, for names of every length and kind', () => {
    const items = Array.from({ length: 600 }, (_, i) => page(i + 1, i % 5 === 0 ? `plain name ${'x'.repeat(i % 97)}` : wideName(i * 13, (i * 37) % 130)));
    const all = new ColumnMeasure(widthCellsFor('pages'));
    const capped = columnMeasure('pages');
    for (let n = 1; n <= items.length; n += 23) {
      const shown = items.slice(0, n);
      for (const width of [30, 60, 120, 250]) expect(columnsFor('pages', width, capped.measure(shown))).toEqual(columnsFor('pages', width, all.measure(shown)));
    }
  });
});
