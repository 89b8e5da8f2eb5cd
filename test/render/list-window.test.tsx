/**
 * Windowed, memoised rows: only the visible rows become elements, and an update that does not
 * change a row (more pages loaded beyond the window, the selection moving elsewhere) does not
 * render it again. Row renders are counted through the table's row formatter.
 */
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawItem } from '../../src/api/types.js';
import { ListScreen } from '../../src/ui/screens/ListScreen.js';

const rowRenders = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../src/ui/components/table/layout.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/ui/components/table/layout.js')>();
  return {
    ...original,
    formatCells: (...args: Parameters<typeof original.formatCells>) => {
      rowRenders.count++;
      return original.formatCells(...args);
    },
  };
});

// Unit files share a thread (test/setup/in-process-only.ts).
afterAll(() => vi.doUnmock('../../src/ui/components/table/layout.js'));

const page = (n: number): RawItem => ({
  pageId: `grp-1-p${n}`,
  pageGroupId: 'grp-1',
  effectiveName: `Page ${n}`,
  updatedAt: '2024-05-01T10:00:00Z',
});
const pages = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => page(from + i));

const props = { kind: 'pages' as const, rows: 10, width: 80, emptyText: '' };

describe('ListScreen windowing', () => {
  let items: RawItem[];
  beforeEach(() => {
    rowRenders.count = 0;
    items = pages(1, 101);
  });
  afterEach(() => vi.clearAllMocks());

  it('renders only the visible rows of a long list', () => {
    const { lastFrame, unmount } = render(<ListScreen {...props} items={pages(1, 100_001)} selected={0} top={0} />);
    expect(rowRenders.count).toBe(10);
    expect(lastFrame()).toContain('grp-1-p10 ');
    expect(lastFrame()).not.toContain('grp-1-p11 ');
    unmount();
  });

  it('does not render rows again when pages are appended beyond the window', () => {
    const { rerender, unmount } = render(<ListScreen {...props} items={items} selected={3} top={0} />);
    const afterFirst = rowRenders.count;
    rerender(<ListScreen {...props} items={items.concat(pages(101, 201))} selected={3} top={0} />);
    expect(rowRenders.count).toBe(afterFirst);
    unmount();
  });

  it('renders just the two rows whose highlight changed on a one-row move', () => {
    const { rerender, unmount } = render(<ListScreen {...props} items={items} selected={3} top={0} />);
    const afterFirst = rowRenders.count;
    rerender(<ListScreen {...props} items={items} selected={4} top={0} />);
    expect(rowRenders.count - afterFirst).toBe(2);
    unmount();
  });

  it('renders only the row that scrolled in when the window moves by one', () => {
    const { rerender, unmount } = render(<ListScreen {...props} items={items} selected={9} top={0} />);
    const afterFirst = rowRenders.count;
    rerender(<ListScreen {...props} items={items} selected={10} top={1} />);
    // The new row 11 (selected) and row 10, which lost the highlight.
    expect(rowRenders.count - afterFirst).toBe(2);
    unmount();
  });
});
