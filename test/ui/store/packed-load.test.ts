/**
 * `G` over the demo server with the items kept packed: the column widths are taken from each page
 * while it is still parsed, so the load parses no page body a second time; the search text is
 * built once the filter opens, each page parsed once more for it, and let go when the filter
 * closes; moving through the list afterwards parses only the pages it shows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LoadedItems } from '../../../src/api/pager/packed-items.js';
import { closeDemoStore, startDemoStore, until } from './demo-store.js';

afterEach(closeDemoStore);

describe('G with packed items', () => {
  it('loads 6,000 pages parsing no page twice; the filter builds the search text, one more parse a page, and closing it lets the text go; g parses only what it shows', async () => {
    const { store: s } = await startDemoStore({ pages: 6000, groups: 2 }, { columns: 120, rows: 30 });
    await until('the groups', () => s.getSnapshot().visible.items.length > 0);
    s.command('open');
    await until('the pages', () => s.getSnapshot().route === 'pages' && s.getSnapshot().pager.items.length >= 100);
    const view = s.getSnapshot().list;
    let parsedByLoad: number | undefined;
    const unsubscribe = view.pager.subscribe(() => {
      const snap = view.pager.getSnapshot();
      if (snap.state === 'done') parsedByLoad ??= (snap.items as LoadedItems).parsedAgain();
    });
    s.command('bottom');
    await until('all loaded', () => s.getSnapshot().pager.state === 'done' && !s.getSnapshot().following);
    unsubscribe();
    expect(parsedByLoad).toBe(0);
    // The widest name is measured: every item was seen by the column measure.
    expect(view.columns.measure(view.pager.getSnapshot().items).name).toBeGreaterThan(10);
    s.command('filter');
    await until('the search text', () => view.deriver.prepared === 6000);
    const items = s.getSnapshot().pager.items;
    expect(items).toBeInstanceOf(LoadedItems);
    expect(items.length).toBe(6000);
    const afterWarmup = (items as LoadedItems).parsedAgain();
    expect(afterWarmup).toBeLessThanOrEqual(60);

    s.setInputText('grp-1-p5999');
    await until('the filter scanned', () => s.getSnapshot().visible.scanning !== true);
    expect(s.getSnapshot().visible.items.length).toBe(1);
    expect((items as LoadedItems).parsedAgain()).toBe(afterWarmup);
    s.setInputText('');
    // Esc (the screen sends it as `back`) closes the filter.
    s.command('back');
    expect(s.getSnapshot().input).toBeNull();
    expect(view.deriver.prepared).toBe(0);

    s.command('top');
    expect(s.getSnapshot().visible.items.at(0)?.pageId).toBe('grp-1-p1');
    expect((items as LoadedItems).parsedAgain()).toBeLessThanOrEqual(afterWarmup + 2);
  });
});
