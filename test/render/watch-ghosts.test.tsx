/**
 * Rows a watch found gone are drawn as ghost lines after the row before them, marked ('-' in the
 * gutter without colours, the theme's gone colour with them), never selected, and the selected
 * row stays on screen however many ghosts come before it.
 */
import { describe, expect, it } from 'vitest';

import { render } from 'ink-testing-library';
import type { RawItem } from '../../src/api/types.js';
import { ListScreen } from '../../src/ui/screens/ListScreen.js';
import { rowOnLine, windowLines } from '../../src/ui/store/reload/watch-ghosts.js';
import { darkTheme, noColorTheme, ThemeContext } from '../../src/ui/theme/index.js';
import type { Theme } from '../../src/ui/theme/tokens.js';
import { forceColor } from '../helpers/force-color.js';

forceColor(1);

const page = (n: number | string): RawItem => ({ pageId: `grp-1-p${n}`, pageGroupId: 'grp-1', effectiveName: `Page ${n}`, updatedAt: '2024-05-01T10:00:00Z' });
const items = Array.from({ length: 30 }, (_, i) => page(i + 1));
const strip = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

function frame(theme: Theme, ghosts: ReadonlyMap<string, readonly RawItem[]>, selected = 0, top = 0): string[] {
  const { lastFrame, unmount } = render(
    <ThemeContext.Provider value={theme}>
      <ListScreen kind="pages" items={items} selected={selected} top={top} rows={6} width={80} emptyText="" ghosts={ghosts} />
    </ThemeContext.Provider>,
  );
  const lines = (lastFrame() ?? '').split('\n');
  unmount();
  return lines;
}

describe('ghost rows of a watched list', () => {
  it('draws a gone row after the row before it, with the - marker under NO_COLOR, and keeps the selection on its row', () => {
    const lines = frame(noColorTheme, new Map([['grp-1-p2', [page('gone')]]]), 2).map(strip);
    // The header, then p1, p2, the ghost, p3 (selected), p4, p5.
    expect(lines.slice(1).map((l) => l.slice(0, 12).trimEnd())).toEqual(['  Page 1', '  Page 2', '- Page gone', '> Page 3', '  Page 4', '  Page 5']);
    expect(lines.join('')).not.toMatch(/\u001b\[(3|4)\dm/);
  });

  it('colours a ghost with the theme\u2019s gone colour', () => {
    const { lastFrame, unmount } = render(
      <ThemeContext.Provider value={darkTheme}>
        <ListScreen kind="pages" items={items} selected={0} top={0} rows={6} width={80} emptyText="" ghosts={new Map([['', [page('gone')]]])} />
      </ThemeContext.Provider>,
    );
    const lines = (lastFrame() ?? '').split('\n');
    unmount();
    expect(strip(lines[1] ?? '')).toContain('Page gone');
    expect(lines[1]).toContain('\u001b[91m'); // redBright
    expect(strip(lines[2] ?? '')).toContain('Page 1 ');
  });
});

describe('windowLines', () => {
  it('keeps the selected row on screen when ghosts push it down, and maps lines back to rows', () => {
    const ghosts = new Map([['grp-1-p1', [page('a'), page('b'), page('c')]]]);
    const lines = windowLines('pages', items, 0, 4, 3, ghosts);
    expect(lines.map((l) => ('row' in l ? l.row : `ghost ${String(l.ghost.pageId)}`))).toEqual(['ghost grp-1-pc', 1, 2, 3]);
    expect([0, 1, 2, 3].map((line) => rowOnLine(lines, line))).toEqual([undefined, 1, 2, 3]);
  });

  it('draws a ghost that went after another ghost right after it', () => {
    const ghosts = new Map([['grp-1-p1', [page('x')]], ['grp-1-px', [page('y')]]]);
    const lines = windowLines('pages', items, 0, 5, 0, ghosts);
    expect(lines.map((l) => ('row' in l ? l.row : String(l.ghost.pageId)))).toEqual([0, 'grp-1-px', 'grp-1-py', 1, 2]);
  });
});
