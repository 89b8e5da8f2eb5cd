/** `pagetui groups` as a table has the app's PAGES column when the service sends page counts, and none when it does not. */
import { describe, expect, it } from 'vitest';
import { GROUP_COLUMNS, PlainTable } from '../../src/cli/commands/plain-table.js';
import { columnMeasure, columnsFor } from '../../src/ui/table-model/index.js';

const group = (id: string, pageCount?: unknown): Record<string, unknown> => ({
  pageGroupId: id,
  title: `Group ${id}`,
  status: 'published',
  updatedAt: '2024-10-04T22:04:00Z',
  ...(pageCount === undefined ? {} : { pageCount }),
});

const tableOf = (items: Record<string, unknown>[], width = 100): string[] => {
  const table = new PlainTable(GROUP_COLUMNS, width);
  return (table.start(items) + table.rows(items)).split('\n').filter(Boolean);
};

describe('the PAGES column of pagetui groups', () => {
  it('is there, right-aligned with separators, when the groups carry pageCount', () => {
    const lines = tableOf([group('grp-1', 10_000), group('grp-2', 7), group('grp-3')]);
    expect(lines[0]).toMatch(/^ID\s+TITLE\s+STATUS\s+PAGES  UPDATED$/);
    const end = (l: string, text: string): number => l.indexOf(text) + text.length;
    expect(end(lines[1] ?? '', '10,000')).toBe(end(lines[0] ?? '', 'PAGES'));
    expect(end(lines[2] ?? '', ' 7 ')).toBe(end(lines[0] ?? '', 'PAGES') + 1);
    // A group without a count has an empty cell, not "undefined" or 0.
    expect(lines[3]).not.toMatch(/undefined|\b0\b/);
  });

  it('is left out when no group of the first page has a count, as the app leaves it out', () => {
    const items = [group('grp-1'), group('grp-2', 'many')];
    expect(tableOf(items)[0]).toMatch(/^ID\s+TITLE\s+STATUS\s+UPDATED$/);
    const appColumns = columnsFor('groups', 100, columnMeasure('groups').measure(items)).columns;
    expect(appColumns).not.toContain('pages');
  });
});
