/** The PAGES column never cuts a count: one too long for the column is written compactly. */
import { describe, expect, it } from 'vitest';
import { columnSpecs, rowFor } from '../../../src/ui/table-model/list-columns.js';

const widest = columnSpecs('groups').find((s) => s.key === 'pages')?.max ?? 0;
const pages = (pageCount: unknown): string => rowFor('groups')({ pageGroupId: 'g', pageCount })['pages'] ?? '';

describe('page counts', () => {
  it('are grouped while they fit the column, compact beyond, and never longer than it', () => {
    expect(pages(123_456_789_012)).toBe('123,456,789,012');
    expect(pages(1e21)).toBe('1.00e21');
    expect(pages(1.234e300)).toBe('1.23e300');
    for (const n of [9_007_199_254_740_991, 1e16, 1e21, 1e300, Number.MAX_VALUE]) expect(pages(n).length).toBeLessThanOrEqual(widest);
  });
});
