/**
 * Counts and dates are never cut: at every width from the smallest terminal up, under UTF-8 and
 * ASCII glyphs alike, a column of page counts or times is shown whole or not at all; text
 * columns shrink or go first. The list screen's rows and the plain table of `pagetui groups`.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainTable, GROUP_COLUMNS } from '../../../src/cli/commands/plain-table.js';
import { setAsciiOnly } from '../../../src/text/charset.js';
import { countText } from '../../../src/text/count.js';
import { displayWidth } from '../../../src/text/index.js';
import { formatCells, layoutColumns } from '../../../src/ui/components/table/layout.js';
import { ColumnMeasure, columnsFor, rowFor, widthCellsFor } from '../../../src/ui/table-model/index.js';

afterEach(() => setAsciiOnly(false));

const group = fc.record({
  id: fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  title: fc.string({ maxLength: 70 }),
  status: fc.constantFrom('draft', 'published', 'archived', 'retired-for-good'),
  slug: fc.string({ maxLength: 30 }),
  pageCount: fc.integer({ min: 0, max: 9_007_199_254_740 }),
  updatedAt: fc.constant('2024-05-23T19:10:00Z'),
});

describe('numbers are never cut', () => {
  it('10,000 pages at 80 and 100 columns, UTF-8 and ASCII (what the README screenshot showed)', () => {
    const items = [{ id: 'grp-1', title: 'Evergreen guides for the whole support organisation', status: 'published', slug: 'evergreen-guides-support', pageCount: 10_000, updatedAt: '2024-05-23T19:10:00Z' }];
    for (const ascii of [false, true]) {
      setAsciiOnly(ascii);
      for (const width of [80, 100]) {
        const set = columnsFor('groups', width, new ColumnMeasure(widthCellsFor('groups')).measure(items));
        const layout = layoutColumns({ data: [rowFor('groups')(items[0]!)], columns: set.columns, headers: set.headers, widths: set.widths, maxWidth: width, padding: 1, gutter: 1 });
        const cells = formatCells(rowFor('groups')(items[0]!), layout).join('');
        expect(cells, `${width} ascii=${ascii}`).toContain('10,000');
      }
    }
  });

  it('the list screen: a count or time cell is whole or its column is gone, at every width (property)', () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 5 }), fc.integer({ min: 40, max: 200 }), fc.boolean(), (items, width, ascii) => {
        setAsciiOnly(ascii);
        const set = columnsFor('groups', width, new ColumnMeasure(widthCellsFor('groups')).measure(items));
        const rows = items.map(rowFor('groups'));
        const layout = layoutColumns({ data: rows, columns: set.columns, headers: set.headers, widths: set.widths, maxWidth: width, padding: 1, gutter: 1 });
        rows.forEach((row) => {
          const cells = formatCells(row, layout);
          layout.columns.forEach((col, i) => {
            if (col.key === 'pages' || col.key === 'updated') expect(cells[i]?.trim(), `${col.key} at ${width}`).toBe(row[col.key]);
          });
        });
        expect(set.columns).toContain('id');
      }),
      { seed: 77, numRuns: 400 },
    );
  });

  it('the plain table: the time is whole or gone, and no line is wider than the terminal (property)', () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 5 }), fc.integer({ min: 20, max: 200 }), fc.boolean(), (items, width, ascii) => {
        setAsciiOnly(ascii);
        const table = new PlainTable(GROUP_COLUMNS, width);
        const header = table.start(items);
        const lines = table.rows(items).split('\n').filter((l) => l !== '');
        for (const line of [header, ...lines]) expect(displayWidth(line.trimEnd())).toBeLessThanOrEqual(width);
        if (header.includes('UPDATED')) for (const line of lines) expect(line).toContain('2024-05-23');
      }),
      { seed: 78, numRuns: 300 },
    );
  });

  it('counts keep their separators (sanity of the fixture)', () => {
    expect(countText(10_000)).toBe('10,000');
  });
});
