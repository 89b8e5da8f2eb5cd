/** Moving in the details: fields selected and kept in view, long values scrolled by page. */
import { describe, expect, it } from 'vitest';
import { detailLayout } from '../../../src/ui/store/details/detail-lines.js';
import { detailMove } from '../../../src/ui/store/details/detail-nav.js';

// Field 1 is a long value of many lines; fields 0, 2, 3 take one line each.
const record = { id: 'pg-1', notes: 'word '.repeat(120), status: 'draft', slug: 'x' };
const layout = detailLayout(record, 40);
const BODY = 5;
const start = (field: number) => layout.starts[field] ?? 0;

describe('detailMove', () => {
  it('has the long value on many lines', () => {
    expect(start(2) - start(1)).toBeGreaterThan(BODY * 2);
  });

  it('selects the next field with j, scrolling so it shows from its first line', () => {
    let at = { field: 0, scroll: 0 };
    at = detailMove('moveDown', at, layout, BODY) ?? at;
    expect(at).toEqual({ field: 1, scroll: 0 });
    at = detailMove('moveDown', at, layout, BODY) ?? at;
    expect(at.field).toBe(2);
    expect(at.scroll).toBeGreaterThan(0);
    expect(at.scroll).toBeLessThanOrEqual(start(2));
    expect(start(2)).toBeLessThan(at.scroll + BODY);
    at = detailMove('moveUp', at, layout, BODY) ?? at;
    expect(at).toEqual({ field: 1, scroll: start(1) });
  });

  it('scrolls a long value by pages with PgDn/PgUp, and reaches the end and the start', () => {
    let at = { field: 1, scroll: 0 };
    at = detailMove('pageDown', at, layout, BODY) ?? at;
    expect(at.scroll).toBe(BODY);
    expect(at.field).toBe(1); // still inside the long value
    const max = layout.lines.length - BODY;
    for (let i = 0; i < 50; i++) at = detailMove('pageDown', at, layout, BODY) ?? at;
    expect(at).toEqual({ field: 3, scroll: max });
    at = detailMove('pageUp', at, layout, BODY) ?? at;
    expect(at.scroll).toBe(max - BODY);
    expect(detailMove('top', at, layout, BODY)).toEqual({ field: 0, scroll: 0 });
    expect(detailMove('bottom', at, layout, BODY)).toEqual({ field: 3, scroll: max });
  });

  it('stays within the fields and ignores what is no move', () => {
    expect(detailMove('moveUp', { field: 0, scroll: 0 }, layout, BODY)).toEqual({ field: 0, scroll: 0 });
    expect(detailMove('filter', { field: 0, scroll: 0 }, layout, BODY)).toBeUndefined();
    const empty = detailLayout({}, 40);
    expect(detailMove('moveDown', { field: 0, scroll: 0 }, empty, BODY)).toEqual({ field: 0, scroll: 0 });
  });
});
