/**
 * A filter keystroke over a long list, through the store and a real demo server: the first
 * screen of matches at the keystroke, "matching… N so far" until the scan ends and then the
 * total, a newer keystroke dropping the older scan, and the selection kept.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { itemArray } from '../../../src/api/pager/packed-items.js';
import type { AppStore } from '../../../src/ui/store/app-store.js';
import { describeStatus } from '../../../src/ui/store/status.js';
import { VisibleListDeriver } from '../../../src/ui/store/list/visible-list.js';
import { closeDemoStore, startDemoStore, until } from './demo-store.js';

afterEach(closeDemoStore);

const PAGES = 20_000;

/** The store on grp-1 with every page loaded, the filter open and its search text built. */
async function loadedStore(): Promise<AppStore> {
  const { store: s } = await startDemoStore({ pages: PAGES, groups: 2 }, { columns: 120, rows: 30 });
  await until('the groups', () => s.getSnapshot().visible.items.length > 0);
  s.command('open');
  await until('the pages', () => s.getSnapshot().route === 'pages' && s.getSnapshot().pager.items.length >= 100);
  s.command('bottom');
  await until('all loaded', () => s.getSnapshot().pager.state === 'done' && !s.getSnapshot().following, 120_000);
  const view = s.getSnapshot().list;
  s.command('filter');
  await until('the search text', () => view.deriver.prepared === PAGES, 60_000);
  return s;
}

const header = (s: AppStore): string => {
  const snap = s.getSnapshot();
  return describeStatus(snap.pager, undefined, Date.now(), { matches: snap.visible.items.length, scanning: snap.visible.scanning === true }).right;
};

const ids = (s: AppStore): string[] => itemArray(s.getSnapshot().visible.items).map((p) => String(p.pageId));
const selectedId = (s: AppStore): string => String(s.getSnapshot().visible.items.at(s.getSnapshot().list.selected)?.pageId);
const scanned = (s: AppStore) => until('the scan', () => s.getSnapshot().visible.scanning !== true, 60_000);

/** The matches of `query` over the loaded pages, by a scan to the end. */
function allMatches(s: AppStore, query: string): string[] {
  const items = s.getSnapshot().pager.items;
  return itemArray(new VisibleListDeriver('pages').derive(items, { query, sort: 'server' }).items).map((p) => String(p.pageId));
}

describe('a filter keystroke over 20,000 loaded pages', () => {
  it('shows the first screen of matches at once, counts "so far" while the scan goes on, then the total', async () => {
    const s = await loadedStore();
    s.command('filter');
    s.setInputText('grp-1-p1');
    const first = s.getSnapshot().visible;
    expect(first.scanning).toBe(true);
    expect(first.items.length).toBeGreaterThanOrEqual(s.getSnapshot().windowRows);
    expect(first.items.length).toBeLessThan(11_111);
    expect(header(s)).toBe(`matching… ${first.items.length.toLocaleString('en-US')} so far`);
    await scanned(s);
    // p1, p10–p19, p100–p199, p1000–p1999, p10000–p19999.
    expect(s.getSnapshot().visible.items.length).toBe(11_111);
    expect(header(s)).toBe(`11,111 of ${PAGES.toLocaleString('en-US')} match`);
  }, 180_000);

  it('drops the older scan at a newer keystroke: no row of the older query is drawn after it', async () => {
    const s = await loadedStore();
    s.command('filter');
    s.setInputText('p1');
    expect(s.getSnapshot().visible.scanning).toBe(true);
    const drawn: string[][] = [];
    const unsubscribe = s.subscribe(() => drawn.push(ids(s)));
    s.setInputText('p2');
    await scanned(s);
    unsubscribe();
    expect(drawn.length).toBeGreaterThan(1);
    for (const rows of drawn) for (const id of rows) expect(id).toContain('p2');
    expect(ids(s)).toEqual(allMatches(s, 'p2'));
  }, 180_000);

  it('keeps the selected page selected: found late by the scan, kept when the filter is cleared, restored after a query with no match', async () => {
    const s = await loadedStore();
    expect(selectedId(s)).toBe(`grp-1-p${PAGES}`);
    s.command('filter');
    s.setInputText('0000');
    // p10000 comes first; the selected p20000 only at the end of the scan, which selects it again.
    await scanned(s);
    expect(selectedId(s)).toBe(`grp-1-p${PAGES}`);
    s.setInputText('');
    expect(selectedId(s)).toBe(`grp-1-p${PAGES}`);
    s.setInputText('no such page');
    await scanned(s);
    expect(s.getSnapshot().visible.items.length).toBe(0);
    s.setInputText('');
    expect(selectedId(s)).toBe(`grp-1-p${PAGES}`);
  }, 180_000);

  it('G in the middle of a scan goes to the last match, and stays there as the scan ends', async () => {
    const s = await loadedStore();
    s.command('top');
    s.command('filter');
    s.setInputText('grp-1-p1');
    s.submitInput();
    expect(s.getSnapshot().visible.scanning).toBe(true);
    s.command('bottom');
    await scanned(s);
    expect(s.getSnapshot().list.selected).toBe(s.getSnapshot().visible.items.length - 1);
    expect(selectedId(s)).toBe('grp-1-p19999');
  }, 180_000);
});
