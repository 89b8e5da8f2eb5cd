import { itemArray } from '../../../src/api/pager/packed-items.js';
import { describe, expect, it } from 'vitest';
import type { RawItem } from '../../../src/api/types.js';
import type { Command } from '../../../src/ui/keys/index.js';
import type { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, pagesOf, selectedId, settle, shownIds, startStore } from './helpers.js';

const press = (store: AppStore, ...commands: Command[]) => commands.forEach((c) => store.command(c));
const repeat = (n: number, command: Command): Command[] => Array.from({ length: n }, () => command);

describe('filter in the store', () => {
  it('filters the loaded rows, moves within them, keeps the filter on Enter and clears it on Esc', async () => {
    const { store } = await startStore({ groups: groupsOf(40) });
    press(store, 'filter');
    expect(store.getSnapshot().input).toEqual({ kind: 'filter' });
    expect(store.getSnapshot().windowRows).toBe(18); // one row less: the filter field

    store.setInputText('"Group 1"'); // a phrase: words side by side would each match anywhere
    expect(shownIds(store)).toEqual(['g-1', ...Array.from({ length: 10 }, (_, i) => `g-${10 + i}`)]);
    // Commands reach the store as if from keys: letters never do while typing (the key router
    // sends only arrows), and arrows move in the filtered rows.
    press(store, 'moveDown', 'moveDown');
    expect(selectedId(store)).toBe('g-11');
    store.setInputText('"Group 11"');
    expect(shownIds(store)).toEqual(['g-11']);
    expect(selectedId(store)).toBe('g-11'); // the selected item still matches: it stays selected

    store.submitInput();
    expect(store.getSnapshot().input).toBeNull();
    expect(store.getSnapshot().list.query).toBe('"Group 11"');

    press(store, 'back');
    expect(store.getSnapshot().list.query).toBe('');
    expect(shownIds(store)).toHaveLength(40);
    expect(selectedId(store)).toBe('g-11'); // Esc keeps the item selected in the full list
  });

  it('Return typed together with the query submits it after the key is handled', async () => {
    const { store } = await startStore({ groups: groupsOf(5) });
    press(store, 'filter');
    store.setInputText('Group 4x\u007f\r');
    expect(store.getSnapshot().list.query).toBe('Group 4');
    await Promise.resolve();
    expect(store.getSnapshot().input).toBeNull();
    expect(shownIds(store)).toEqual(['g-4']);
  });

  it('Esc undoes the innermost thing first: a running G, then the open filter, then goes back', async () => {
    const pages = { 'g-1': pagesOf('g-1', 1000) };
    const { store } = await startStore({ groups: groupsOf(3), pages });
    press(store, 'open');
    await settle();
    press(store, 'filter');
    store.setInputText('"Page 9"');
    store.submitInput();
    store.command('bottom');
    expect(store.getSnapshot().following).toBe(true);

    press(store, 'back');
    expect(store.getSnapshot().following).toBe(false);
    expect(store.getSnapshot().list.query).toBe('"Page 9"');

    press(store, 'filter');
    press(store, 'back');
    expect(store.getSnapshot().input).toBeNull();
    expect(store.getSnapshot().list.query).toBe('');
    expect(store.getSnapshot().route).toBe('pages');

    press(store, 'back');
    expect(store.getSnapshot().route).toBe('groups');
    store.dispose();
  });

  it('prefetch follows loaded positions: a window of far-back matches fetches nothing more; Tab loads the rest', async () => {
    const pages = { 'g-1': pagesOf('g-1', 1000) };
    const { store, calls } = await startStore({ groups: groupsOf(3), pages });
    press(store, 'open');
    await settle();
    const before = calls.filter((c) => c.listing === 'g-1').length;
    expect(before).toBe(1);
    press(store, 'filter');
    store.setInputText('"Page 2"'); // Page 2 and 20–29 match: far from the loaded end (100)
    await settle();
    expect(calls.filter((c) => c.listing === 'g-1').length).toBe(1);
    store.setInputText('"Page 9"'); // Page 9 and 90–99: the window's last row is the loaded end
    await settle();
    expect(calls.filter((c) => c.listing === 'g-1').length).toBe(2);

    store.loadAll();
    expect(store.getSnapshot().loadingAll).toBe(true);
    // While everything loads, the store draws at most every 100 ms.
    for (let i = 0; i < 100 && store.getSnapshot().loadingAll; i++) await new Promise((r) => setTimeout(r, 10));
    // The filter checks the rows that came in slices between frames: wait for its scan to end.
    for (let i = 0; i < 300 && store.getSnapshot().visible.scanning === true; i++) await new Promise((r) => setTimeout(r, 10));
    const snap = store.getSnapshot();
    expect(snap.pager.items).toHaveLength(1000);
    expect(snap.loadingAll).toBe(false);
    expect(snap.visible.scanning).not.toBe(true);
    expect(snap.visible.items).toHaveLength(1 + 10 + 100); // Page 9, 90–99, 900–999
    const cursors = calls.filter((c) => c.listing === 'g-1').map((c) => c.cursor ?? '');
    expect(new Set(cursors).size).toBe(cursors.length);
    store.dispose();
  });

  it('a move past the last filtered row stops there instead of waiting for rows', async () => {
    const pages = { 'g-1': pagesOf('g-1', 500) };
    const { store } = await startStore({ groups: groupsOf(3), pages });
    press(store, 'open');
    await settle();
    press(store, 'filter');
    store.setInputText('Page 5');
    press(store, ...repeat(50, 'moveDown'));
    const snap = store.getSnapshot();
    expect(snap.list.selected).toBe(snap.visible.items.length - 1);
    expect(snap.following).toBe(false);
    store.dispose();
  });
});

describe('status filter and sort', () => {
  it('1/2/3 narrow the group list to a status, the same key or 0 shows all; not on page lists', async () => {
    const { store } = await startStore({ groups: groupsOf(30), pages: { 'g-1': pagesOf('g-1', 3) } });
    const statuses = () => new Set(itemArray(store.getSnapshot().visible.items).map((i) => i.status));
    press(store, 'statusDraft');
    expect(statuses()).toEqual(new Set(['draft']));
    expect(store.getSnapshot().list.status).toBe('draft');
    press(store, 'statusPublished');
    expect(statuses()).toEqual(new Set(['published']));
    press(store, 'statusPublished');
    expect(store.getSnapshot().list.status).toBeUndefined();
    expect(shownIds(store)).toHaveLength(30);
    press(store, 'statusArchived', 'statusAll');
    expect(shownIds(store)).toHaveLength(30);

    press(store, 'top', 'open');
    await settle();
    press(store, 'statusDraft');
    expect(store.getSnapshot().list.status).toBeUndefined();
    expect(store.getSnapshot().toast?.text).toContain('page group list');
    store.dispose();
  });

  it('s cycles server → name → updated → server and keeps the selected item', async () => {
    const groups = groupsOf(12);
    const { store } = await startStore({ groups });
    press(store, 'moveDown', 'moveDown', 'moveDown');
    expect(selectedId(store)).toBe('g-4');
    press(store, 'sort');
    expect(store.getSnapshot().list.sort).toBe('name');
    // Numbers by value: Group 1, Group 2, … Group 12.
    expect(shownIds(store).slice(0, 4)).toEqual(['g-1', 'g-2', 'g-3', 'g-4']);
    expect(selectedId(store)).toBe('g-4');
    press(store, 'sort');
    const times = itemArray(store.getSnapshot().visible.items).map((i) => Date.parse(String(i.updatedAt)));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(selectedId(store)).toBe('g-4');
    press(store, 'sort');
    expect(store.getSnapshot().visible.items).toBe(store.getSnapshot().pager.items);
    store.dispose();
  });
});

describe('refresh', () => {
  it('reloads from the first page only as far as the selected id and keeps it selected', async () => {
    const pages = { 'g-1': pagesOf('g-1', 1000) };
    const { store, calls } = await startStore({ groups: groupsOf(3), pages });
    press(store, 'open');
    await settle();
    press(store, ...repeat(5, 'pageDown'), ...repeat(3, 'pageDown'));
    await settle();
    press(store, ...repeat(100, 'moveDown'));
    await settle();
    const loaded = store.getSnapshot().pager.items.length;
    const wanted = selectedId(store);
    expect(loaded).toBeGreaterThanOrEqual(300);
    expect(wanted).toBe(`g-1-p${store.getSnapshot().list.selected + 1}`);

    const mark = calls.length;
    press(store, 'refresh');
    await settle();
    await settle();
    expect(selectedId(store)).toBe(wanted);
    const reload = calls.slice(mark).map((c) => c.cursor ?? 'first');
    expect(reload[0]).toBe('first');
    expect(new Set(reload).size).toBe(reload.length);
    // The selected page is on the third page of 100: three requests, then only the look-ahead.
    expect(reload.length).toBe(Math.max(3, Math.ceil((store.getSnapshot().list.top + 2 * 18) / 100)));
    expect(store.getSnapshot().pager.items.length).toBeLessThanOrEqual(loaded);
    store.dispose();
  });

  it('keeps the row when the selected id is gone, and never loads more than before', async () => {
    const groups = groupsOf(250);
    const { store, calls, data } = await startStore({ groups });
    press(store, ...repeat(150, 'moveDown'));
    await settle();
    expect(selectedId(store)).toBe('g-151');
    const loaded = store.getSnapshot().pager.items.length;
    data.groups = groups.filter((g: RawItem) => g.pageGroupId !== 'g-151');
    const mark = calls.length;
    press(store, 'refresh');
    await settle();
    await settle();
    expect(store.getSnapshot().list.selected).toBe(150);
    expect(selectedId(store)).toBe('g-152');
    expect(calls.length - mark).toBeLessThanOrEqual(Math.ceil(loaded / 100));
    store.dispose();
  });
});
