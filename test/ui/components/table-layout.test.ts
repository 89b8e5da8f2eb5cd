import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { displayWidth } from '../../../src/text/index.js';
import { formatHeader, formatRow, layoutColumns, measureColumns } from '../../../src/ui/components/table/index.js';
import { cellText } from '../../../src/ui/table-model/index.js';

const rows = [
  { id: 'g1', title: 'Spring sale', status: 'draft' },
  { id: 'g22', title: '春のセール 🌸', status: 'published' },
];

describe('layoutColumns', () => {
  it('defaults to the keys of the first row and sizes columns from header and data', () => {
    const layout = layoutColumns({ data: rows });
    expect(layout.columns.map((c) => [c.key, c.width])).toEqual([
      ['id', 3],
      ['title', 13], // '春のセール 🌸' = 5×2 + 1 + 2
      ['status', 9],
    ]);
    expect(layout.totalWidth).toBe(3 + 13 + 9 + 6);
  });

  it('uses given columns, headers and fixed widths', () => {
    const layout = layoutColumns({ data: rows, columns: ['title', 'id'], headers: { title: 'Title', id: 'ID' }, widths: { title: 20 } });
    expect(layout.columns).toEqual([
      { key: 'title', header: 'Title', width: 20 },
      { key: 'id', header: 'ID', width: 3 },
    ]);
  });

  it('shrinks the widest flexible column first to fit maxWidth', () => {
    const data = [{ a: 'x'.repeat(10), b: 'y'.repeat(30), c: 'z'.repeat(8) }];
    const layout = layoutColumns({ data, maxWidth: 40, widths: { c: 8 } });
    expect(layout.totalWidth).toBeLessThanOrEqual(40);
    expect(layout.columns.map((col) => col.width)).toEqual([10, 16, 8]);
  });

  it('drops trailing columns when even minimum widths do not fit', () => {
    const data = [{ a: 'aaaa', b: 'bbbb', c: 'cccc', d: 'dddd' }];
    const layout = layoutColumns({ data, maxWidth: 12 });
    expect(layout.columns.map((c) => c.key)).toEqual(['a', 'b']);
    expect(layout.totalWidth).toBeLessThanOrEqual(12);
  });

  it('never exceeds maxWidth for tables of several columns (property)', () => {
    const cell = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 25 }), fc.integer(), fc.constant(null));
    fc.assert(
      fc.property(fc.array(fc.record({ a: cell, b: cell, c: cell }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 12, max: 120 }), (data, max) => {
        const layout = layoutColumns({ data, maxWidth: max, gutter: 1 });
        expect(layout.totalWidth).toBeLessThanOrEqual(max);
        for (const row of data) expect(displayWidth(formatRow(row, layout))).toBe(layout.totalWidth);
      }),
      { seed: 31337, numRuns: 500 },
    );
  });
});

describe('formatRow', () => {
  it('pads each cell and cuts long text with an ellipsis by display width', () => {
    const layout = layoutColumns({ data: rows, widths: { id: 3, title: 8, status: 6 } });
    expect(formatRow(rows[1] ?? {}, layout)).toBe(' g22  春のセ…   publi… ');
    expect(formatHeader(layout)).toBe(' id   title     status ');
  });

  it('renders missing values as empty cells and objects as JSON', () => {
    const layout = layoutColumns({ data: [{ a: 1 }], columns: ['a', 'b', 'c'], widths: { a: 2, b: 2, c: 9 } });
    expect(formatRow({ a: null, c: { x: 1 } }, layout)).toBe(`${' '.repeat(9)}{"x":1}   `);
    expect(cellText(undefined)).toBe('');
    expect(cellText(true)).toBe('true');
  });

  it('strips escape sequences from cell text', () => {
    const layout = layoutColumns({ data: [{ t: '\u001b[2J\u001b]0;pwned\u0007ok' }] });
    expect(formatRow({ t: '\u001b[2J\u001b]0;pwned\u0007ok' }, layout)).toBe(' ok ');
  });

  it('draws the marker gutter for the selected row', () => {
    const layout = layoutColumns({ data: [{ a: 'x' }], gutter: 1 });
    expect(formatRow({ a: 'x' }, layout, '>', true)).toBe('> x ');
    expect(formatRow({ a: 'x' }, layout, '>', false)).toBe('  x ');
  });

  it('measures natural widths over all data for steady columns', () => {
    expect(measureColumns(rows, ['id', 'title'], { id: 'Identifier' })).toEqual({ id: 10, title: 13 });
  });
});
