/** What one watch read fetches: a new listing while the window is near the top, else its page(s) only. */
import { describe, expect, it } from 'vitest';
import { PageLedger } from '../../../src/api/pager/page-ledger.js';
import type { Pager } from '../../../src/api/pager/pager.js';
import type { RawItem } from '../../../src/api/types.js';
import type { ListView } from '../../../src/ui/store/list/list-view.js';
import type { VisibleList } from '../../../src/ui/store/list/visible-list.js';
import { planRead } from '../../../src/ui/store/reload/watch-reads.js';

/** `loaded` items (2,000 unless said) in pages of 100; the window at `top`, `selected`, over `indices` when filtered or sorted. */
function plan(top: number, selected: number, rows: number, indices?: number[], loaded = 2000, fetched = loaded / 100) {
  const pages = new PageLedger();
  for (let p = 0; p < loaded / 100; p++) pages.record(p === 0 ? undefined : `c${p * 100}`, p * 100, 100);
  const view = { top, selected, pager: { pages, getSnapshot: () => ({ pagesFetched: fetched }) } as unknown as Pager } as ListView;
  const items: RawItem[] = (indices ?? Array.from({ length: loaded }, (_, i) => i)).map((i) => ({ pageId: `p${i}` }));
  const visible: VisibleList = { items, loaded, filtered: indices !== undefined, ...(indices ? { indices } : {}) };
  return planRead(view, visible, rows);
}

describe('planRead', () => {
  it('near the top of a list loaded no deeper than its first pages: a new listing loaded until it covers the window\u2019s last row', () => {
    expect(plan(0, 3, 20, undefined, 300)).toEqual({ kind: 'top', need: 20 });
    expect(plan(280, 285, 20, undefined, 300)).toEqual({ kind: 'top', need: 300 });
  });

  it('near the top of a list loaded deeper (`G`, scrolling): the page(s) on screen in place, so no loaded row is dropped', () => {
    expect(plan(0, 3, 20)).toEqual({ kind: 'pages', pages: [0] });
    expect(plan(280, 285, 20)).toEqual({ kind: 'pages', pages: [2] });
    expect(plan(90, 95, 20)).toEqual({ kind: 'pages', pages: [0, 1] });
  });

  it('near the top of a list whose server sent many pages of nothing new (a loop guard stopped it): the page(s) on screen, not its empty pages again', () => {
    expect(plan(280, 299, 20, undefined, 300, 53)).toEqual({ kind: 'pages', pages: [2] });
  });

  it('deeper: the page(s) holding the rows on screen, by ledger index', () => {
    expect(plan(300, 305, 20)).toEqual({ kind: 'pages', pages: [3] });
    expect(plan(1490, 1500, 20)).toEqual({ kind: 'pages', pages: [14, 15] });
  });

  it('a sorted window gathering rows from many pages reads at most three, those nearest the selected row', () => {
    // Rows on screen from pages 5, 9, 12, 15 and 19; the selected one from page 12.
    const indices = [550, 950, 1250, 1550, 1950, ...Array.from({ length: 1995 }, (_, i) => i)];
    expect(plan(0, 2, 5, indices)).toEqual({ kind: 'pages', pages: [9, 12, 15] });
  });

  it('an empty list reads from the top as a refresh does', () => {
    expect(plan(0, 0, 20, [])).toEqual({ kind: 'top' });
  });
});
