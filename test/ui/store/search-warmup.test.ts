/** The search text of a list is taken from each page as it arrives, so a filter after a load finds it built. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemSeq } from '../../../src/api/types.js';
import { VisibleListDeriver } from '../../../src/ui/store/visible-list.js';
import { groupsOf, pagesOf, settle, shownIds, startStore } from './helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('search text warm-up', () => {
  it('G takes the search text of each page as it arrives; the whole list has it once the load has ended', async () => {
    const { store } = await startStore({ groups: groupsOf(3), pages: { 'g-1': pagesOf('g-1', 1000) } });
    store.command('open');
    await settle();
    const prepared: { items: number; bulk: boolean }[] = [];
    const prepare = VisibleListDeriver.prototype.prepare;
    vi.spyOn(VisibleListDeriver.prototype, 'prepare').mockImplementation(function (this: VisibleListDeriver, source: ItemSeq) {
      const snap = store.getSnapshot();
      prepared.push({ items: source.length, bulk: snap.following || snap.loadingAll });
      prepare.call(this, source);
    });

    store.command('bottom');
    for (let i = 0; i < 200 && (store.getSnapshot().loadingAll || store.getSnapshot().following); i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await settle();
    expect(store.getSnapshot().pager.items).toHaveLength(1000);
    // Page by page during the load (the pages are still parsed then), never all at once at its end.
    const during = prepared.filter((p) => p.bulk).map((p) => p.items);
    expect(during.length).toBeGreaterThanOrEqual(9);
    expect(during).toEqual([...during].sort((a, b) => a - b));
    expect(prepared.at(-1)?.items).toBe(1000);

    // A filter typed afterwards finds every match (what it needs is built either way).
    store.command('filter');
    store.setInputText('Page 99');
    expect(shownIds(store)).toEqual(['g-1-p99', ...Array.from({ length: 10 }, (_, i) => `g-1-p${990 + i}`)]);
    store.dispose();
  });
});
