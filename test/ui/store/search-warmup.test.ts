/** The search text of a list is built after a whole-list load, never in its frames. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemSeq } from '../../../src/api/types.js';
import { VisibleListDeriver } from '../../../src/ui/store/visible-list.js';
import { groupsOf, pagesOf, settle, shownIds, startStore } from './helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('search text warm-up', () => {
  it('G builds no search text while it loads; the whole list gets it once the load has ended', async () => {
    const { store } = await startStore({ groups: groupsOf(3), pages: { 'g-1': pagesOf('g-1', 1000) } });
    store.command('open');
    await settle();
    const prepared: { items: number; bulk: boolean }[] = [];
    const prepare = VisibleListDeriver.prototype.prepare;
    vi.spyOn(VisibleListDeriver.prototype, 'prepare').mockImplementation(function (this: VisibleListDeriver, source: ItemSeq, most?: number) {
      const snap = store.getSnapshot();
      prepared.push({ items: source.length, bulk: snap.following || snap.loadingAll });
      return prepare.call(this, source, most);
    });

    store.command('bottom');
    for (let i = 0; i < 200 && (store.getSnapshot().loadingAll || store.getSnapshot().following); i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await settle();
    expect(store.getSnapshot().pager.items).toHaveLength(1000);
    expect(prepared.filter((p) => p.bulk)).toEqual([]);
    expect(prepared.at(-1)?.items).toBe(1000);

    // A filter typed afterwards finds every match (what it needs is built either way).
    store.command('filter');
    store.setInputText('Page 99');
    expect(shownIds(store)).toEqual(['g-1-p99', ...Array.from({ length: 10 }, (_, i) => `g-1-p${990 + i}`)]);
    store.dispose();
  });
});
