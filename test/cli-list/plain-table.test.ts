import { describe, expect, it } from 'vitest';
import { columnWidths, GROUP_COLUMNS, PAGE_COLUMNS, PlainTable } from '../../src/cli/commands/plain-table.js';
import { displayWidth } from '../../src/text/index.js';

const page = (id: string, name: string): Record<string, unknown> => ({
  pageId: id,
  effectiveName: name,
  updatedAt: '2024-12-14T02:35:55Z',
});

describe('PlainTable', () => {
  it('aligns columns by display width, CJK and emoji included, within the width', () => {
    const table = new PlainTable(PAGE_COLUMNS, 60);
    const items = [page('p-1', 'Hello'), page('p-2', '東京オフィス 春のキャンペーン'), page('p-3', '🚀 Launch day 🎉')];
    const lines = (table.start(items) + table.rows(items)).split('\n').filter(Boolean);
    expect(lines[0]).toMatch(/^ID\s+NAME\s+UPDATED$/);
    expect(lines).toHaveLength(4);
    // UPDATED starts at the same column on every line.
    const starts = lines.slice(1).map((l) => displayWidth(l.slice(0, l.lastIndexOf('2024'))));
    expect(new Set(starts).size).toBe(1);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(60);
  });

  it('cuts long names with an ellipsis, never ids, and keeps later columns aligned', () => {
    const table = new PlainTable(PAGE_COLUMNS, 70);
    const first = [page('p-1', 'x'.repeat(100))];
    const header = table.start(first);
    const rows = table.rows([...first, page('a-much-longer-page-id-than-the-first', 'short name')]).split('\n');
    expect(rows[0]).toContain('…');
    expect(rows[1]).toContain('a-much-longer-page-id-than-the-first');
    const updatedAt = (l: string): number => displayWidth(l.slice(0, l.lastIndexOf('2024')));
    expect(updatedAt(rows[1] ?? '')).toBe(updatedAt(rows[0] ?? ''));
    for (const l of [header, ...rows]) expect(displayWidth(l.trimEnd())).toBeLessThanOrEqual(70);
  });

  it('removes escape sequences and control characters from cells', () => {
    const table = new PlainTable(GROUP_COLUMNS, 80);
    const item = { pageGroupId: 'g\u009b1', title: 'Evil \u001b]0;pwned\u0007title\u001b[2J\u0085', status: 'draft' };
    const out = table.start([item]) + table.rows([item]);
    expect(out.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(out).toContain('Evil title');
  });

  it('fits a narrow terminal by shrinking the flex column first', () => {
    const widths = columnWidths(GROUP_COLUMNS, [{ pageGroupId: 'grp-1', title: 'A fairly long title here', status: 'published' }], 40);
    expect(widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1)).toBeLessThanOrEqual(40);
    expect(widths[0]).toBe(6); // "grp-1" padded to the ID column's minimum
  });

  it('renders missing fields as empty cells, never "undefined"', () => {
    const table = new PlainTable(GROUP_COLUMNS, 80);
    const out = table.start([{}]) + table.rows([{}, { id: 'only-id' }]);
    expect(out).not.toContain('undefined');
    expect(out).toContain('only-id');
  });
});
