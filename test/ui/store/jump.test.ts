/** `:` (jump to an id), `pagetui open`'s start target, `n`/`N` and `S`, at the store level. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/http/errors.js';
import type { ListOptions } from '../../../src/api/types.js';
import { routeInput } from '../../../src/ui/screens/route-keys.js';
import type { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, pagesOf, scriptedClient, selectedId, settle, shownIds, startStore } from './helpers.js';
import { AppStore as Store } from '../../../src/ui/store/app-store.js';
import { spokenStatus } from '../../../src/ui/presentation/spoken-status.js';

const press = (store: AppStore, input: string) => routeInput(store, input, () => {});
const enter = (store: AppStore) => press(store, '\r');
const esc = (store: AppStore) => press(store, '\u001b');

/** Like scriptedClient, but an unknown group answers 404 as the service does. */
function clientWith404(data: Parameters<typeof scriptedClient>[0]) {
  const scripted = scriptedClient(data);
  const listPages = (groupId: string, options?: ListOptions) =>
    data.pages?.[groupId]
      ? scripted.client.listPages(groupId, options)
      : Promise.reject(new ApiError('not-found', 'NOT_FOUND', 'Page group not found.', { status: 404, requestId: 'req-000003', fieldErrors: [{ field: 'path', reason: `/v0/page_groups/${groupId}/pages` }] }));
  return { ...scripted, client: { ...scripted.client, listPages } };
}

const DATA = () => ({ groups: groupsOf(5), pages: { 'g-2': pagesOf('g-2', 1000), 'g-77': pagesOf('g-77', 30) } });

describe(': jump to a page group', () => {
  it('opens a group loaded in the list by its id', async () => {
    const { store } = await startStore(DATA());
    press(store, ':');
    expect(store.getSnapshot().input).toEqual({ kind: 'jump', text: '' });
    store.setInputText('g-2');
    enter(store);
    await settle();
    const snap = store.getSnapshot();
    expect(snap.input).toBeNull();
    expect(snap.route).toBe('pages');
    expect(snap.list.groupId).toBe('g-2');
    expect(snap.list.title).toBe('Group 2');
    expect(selectedId(store)).toBe('g-2-p1');
  });

  it('a group the group list filter hides: Esc back clears that filter, says so, and selects the group', async () => {
    const { store } = await startStore(DATA());
    press(store, '/Group 3');
    enter(store);
    await settle();
    expect(shownIds(store)).toEqual(['g-3']);
    press(store, ':g-2');
    enter(store);
    await settle();
    expect(store.getSnapshot().list.groupId).toBe('g-2');
    esc(store);
    await settle();
    expect(store.getSnapshot().route).toBe('groups');
    expect(store.getSnapshot().list.query).toBe('');
    expect(selectedId(store)).toBe('g-2');
    expect(store.getSnapshot().toast?.text).toBe('Filter "Group 3" cleared: it hid the group you came back from.');
  });

  it('opens a group that is not in the loaded list, reusing its first page (no cursor fetched twice)', async () => {
    const scripted = clientWith404(DATA());
    const store = new Store({ client: scripted.client, columns: 80, rows: 24, pageSize: 100 });
    store.start();
    await settle();
    press(store, ':g-77');
    enter(store);
    await settle();
    expect(store.getSnapshot().route).toBe('pages');
    expect(store.getSnapshot().list.groupId).toBe('g-77');
    expect(shownIds(store)).toHaveLength(30);
    expect(scripted.calls.filter((c) => c.listing === 'g-77')).toEqual([{ listing: 'g-77', cursor: undefined }]);
  });

  it('says a 404 in the status bar and keeps the group list and its selection', async () => {
    const scripted = clientWith404(DATA());
    const store = new Store({ client: scripted.client, columns: 80, rows: 24, pageSize: 100 });
    store.start();
    await settle();
    press(store, 'jj');
    press(store, ':');
    store.setInputText('nope');
    enter(store);
    await settle();
    const snap = store.getSnapshot();
    expect(snap.route).toBe('groups');
    expect(selectedId(store)).toBe('g-3');
    expect(snap.toast).toMatchObject({ tone: 'error' });
    expect(snap.toast?.text).toContain('No page group "nope"');
    expect(snap.toast?.hint).toBeUndefined();
    // What matters first, so a 40-column row keeps it; the code, path and request id are E's.
    const row = spokenStatus(snap.toast, '', '', 40).first.trimEnd();
    expect(row).toBe('Error: No page group "nope".');
    expect(snap.lastError?.error?.code).toBe('NOT_FOUND');
  });

  it("refuses '', '.' and '..' as the client does, without a request", async () => {
    const { store, calls } = await startStore(DATA());
    const before = calls.length;
    for (const id of ['', '.', '..']) {
      press(store, ':');
      store.setInputText(id);
      enter(store);
      await settle();
      expect(store.getSnapshot().route).toBe('groups');
      expect(store.getSnapshot().toast?.tone).toBe('error');
    }
    expect(calls.length).toBe(before);
  });

  it('Esc closes the prompt and does nothing else', async () => {
    const { store } = await startStore(DATA());
    press(store, ':');
    store.setInputText('g-2');
    esc(store);
    await settle();
    expect(store.getSnapshot().input).toBeNull();
    expect(store.getSnapshot().route).toBe('groups');
  });

  it('letters typed into the prompt never act as keys', async () => {
    const { store } = await startStore(DATA());
    press(store, ':');
    for (const letters of ['q', 'j', 'G', 'S', 'n']) press(store, letters);
    expect(store.getSnapshot().quitting).toBe(false);
    expect(store.getSnapshot().list.selected).toBe(0);
    expect(store.getSnapshot().input?.kind).toBe('jump');
  });
});

/** Group g-2 open with all of its 60,000 pages loaded by `G`: enough rows that a filter's scan and an order are made in slices. */
async function manyLoaded(): Promise<AppStore> {
  const { store } = await startStore({ groups: groupsOf(5), pages: { 'g-2': pagesOf('g-2', 60_000) } });
  press(store, 'j\r');
  await settle();
  press(store, 'G');
  for (let i = 0; i < 500 && store.getSnapshot().visible.loaded < 60_000; i++) await new Promise((r) => setTimeout(r, 20));
  expect(store.getSnapshot().visible.loaded).toBe(60_000);
  return store;
}

describe(': jump to a page inside a group', () => {
  it('selects a loaded page at once, without a request', async () => {
    const { store, calls } = await startStore(DATA());
    press(store, 'j\r');
    await settle();
    const before = calls.length;
    press(store, ':g-2-p40');
    enter(store);
    expect(selectedId(store)).toBe('g-2-p40');
    expect(store.getSnapshot().loadingAll).toBe(false);
    await settle();
    expect(calls.length).toBe(before);
  });

  it('says so when the whole group is loaded without the page', async () => {
    const { store } = await startStore(DATA());
    press(store, '\r');
    await settle();
    press(store, ':');
    store.setInputText('g-1-p1');
    enter(store);
    await settle();
    // g-1 has no pages in this data: the list ends without it.
    expect(store.getSnapshot().toast?.text).toContain('No page "g-1-p1" in this group');
  });

  it('loads on until the page arrives, selects it and stops loading', async () => {
    const { store, calls } = await startStore(DATA());
    press(store, 'j\r');
    await settle();
    press(store, ':');
    store.setInputText('g-2-p777');
    enter(store);
    for (let i = 0; i < 20 && selectedId(store) !== 'g-2-p777'; i++) await settle();
    expect(selectedId(store)).toBe('g-2-p777');
    const snap = store.getSnapshot();
    expect(snap.loadingAll).toBe(false);
    expect(snap.pager.loadingAll).toBe(false);
    // The page's name first (a cut at 40 columns keeps it), then its row and id.
    expect(snap.toast?.text).toBe('Page 777, row 777 (g-2-p777).');
    const cursors = calls.filter((c) => c.listing === 'g-2').map((c) => c.cursor);
    expect(new Set(cursors).size).toBe(cursors.length);
    expect(cursors.length).toBeLessThan(10); // stopped before the end (1,000 pages, 100 a request)
  });

  it('G while a page is sought: going to the end wins', async () => {
    const { store, calls } = await startStore(DATA());
    press(store, 'j\r');
    await settle();
    press(store, ':g-2-p950');
    enter(store);
    press(store, 'G');
    // While the whole list loads, frames (and so the store's view of the rows) come every 100 ms.
    for (let i = 0; i < 100 && selectedId(store) !== 'g-2-p1000'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(selectedId(store)).toBe('g-2-p1000');
    expect(store.getSnapshot().following).toBe(false);
    const cursors = calls.filter((c) => c.listing === 'g-2').map((c) => c.cursor);
    expect(new Set(cursors).size).toBe(cursors.length);
    expect(cursors).toHaveLength(10);
  });

  it('a move or a click while a page is sought: the place moved to wins, the load goes on', async () => {
    for (const move of [(s: AppStore) => press(s, 'jj'), (s: AppStore) => s.selectRow(2)]) {
      const { store } = await startStore(DATA());
      press(store, 'j\r');
      await settle();
      press(store, ':g-2-p950');
      enter(store);
      move(store);
      expect(store.getSnapshot().toast?.text).toBe('Stopped looking for page "g-2-p950".');
      for (let i = 0; i < 100 && store.getSnapshot().loadingAll; i++) await new Promise((r) => setTimeout(r, 20));
      expect(store.getSnapshot().visible.loaded).toBe(1000);
      expect(selectedId(store)).toBe('g-2-p3');
    }
  });

  /** Group g-2 open, filtered by "p1", then `:` to `pageId`. */
  async function jumpInFilteredGroup(pageId: string): Promise<AppStore> {
    const { store } = await startStore(DATA());
    press(store, 'j\r');
    await settle();
    press(store, '/p1');
    enter(store);
    press(store, ':');
    store.setInputText(pageId);
    enter(store);
    await settle();
    return store;
  }

  it('finds a page hidden by the filter by clearing the filter', async () => {
    const store = await jumpInFilteredGroup('g-2-p2');
    expect(store.getSnapshot().list.query).toBe('');
    expect(selectedId(store)).toBe('g-2-p2');
    // The filter the user typed did not vanish unsaid.
    expect(store.getSnapshot().toast?.text).toMatch(/\(g-2-p2\)\. Filter "p1" cleared: it hid the page\.$/);
  });

  it('the message of where the jump landed goes with the next action: a move does not leave it saying another row', async () => {
    const store = await jumpInFilteredGroup('g-2-p2');
    expect(store.getSnapshot().toast?.text).toContain('row 2');
    press(store, 'j');
    expect(store.getSnapshot().toast).toBeUndefined();
    const again = await jumpInFilteredGroup('g-2-p2');
    press(again, '/');
    expect(again.getSnapshot().toast).toBeUndefined();
  });

  it('a page the filter shows keeps the filter, and the message says nothing of it', async () => {
    const store = await jumpInFilteredGroup('g-2-p10');
    expect(store.getSnapshot().list.query).toBe('p1');
    expect(selectedId(store)).toBe('g-2-p10');
    expect(store.getSnapshot().toast?.text).not.toMatch(/[Ff]ilter/);
  });

  it('finds a page hidden by the filter of a sorted list: the filter goes, the order stays, the page is the one selected', async () => {
    const store = await manyLoaded();
    press(store, '/p1');
    enter(store);
    press(store, 's'); // name A→Z
    for (let i = 0; i < 200 && store.getSnapshot().visible.scanning === true; i++) await new Promise((r) => setTimeout(r, 10));
    const sorted = store.getSnapshot().list.sort;
    press(store, ':');
    store.setInputText('g-2-p50002');
    enter(store);
    await settle();
    const snap = store.getSnapshot();
    expect(snap.list.query).toBe('');
    expect(snap.list.sort).toEqual(sorted);
    expect(selectedId(store)).toBe('g-2-p50002');
    expect(snap.toast?.text).toMatch(/\(g-2-p50002\)\. Filter "p1" cleared: it hid the page\.$/);
    expect(snap.toast?.text).not.toMatch(/row 1 /);
  });

  it('in a sorted list whose order is still being made, says the row the page has once it is made', async () => {
    const store = await manyLoaded();
    press(store, 's'); // name A→Z, ordered in slices
    press(store, ':');
    store.setInputText('g-2-p50');
    enter(store);
    for (let i = 0; i < 200 && store.getSnapshot().visible.scanning === true; i++) await new Promise((r) => setTimeout(r, 10));
    await settle();
    const snap = store.getSnapshot();
    expect(selectedId(store)).toBe('g-2-p50');
    expect(snap.toast?.text).toContain(`row ${(snap.list.selected + 1).toLocaleString('en-US')} (g-2-p50)`);
  });

  it('start target: opens the group then the page (pagetui open)', async () => {
    const scripted = clientWith404(DATA());
    const store = new Store({ client: scripted.client, columns: 80, rows: 24, pageSize: 100, start: { groupId: 'g-2', pageId: 'g-2-p450' } });
    store.start();
    for (let i = 0; i < 20 && selectedId(store) !== 'g-2-p450'; i++) await settle();
    expect(store.getSnapshot().list.groupId).toBe('g-2');
    expect(selectedId(store)).toBe('g-2-p450');
  });

  it('start target: Esc back to the groups selects the group that was opened, not the first row', async () => {
    const scripted = clientWith404(DATA());
    const store = new Store({ client: scripted.client, columns: 80, rows: 24, pageSize: 100, start: { groupId: 'g-2' } });
    store.start();
    for (let i = 0; i < 20 && store.getSnapshot().list.groupId !== 'g-2'; i++) await settle();
    expect(store.getSnapshot().route).toBe('pages');
    await settle();
    esc(store);
    expect(store.getSnapshot().route).toBe('groups');
    expect(selectedId(store)).toBe('g-2');
  });

  it('start target without a key: waits for the key typed into the login form', async () => {
    const scripted = clientWith404(DATA());
    const store = new Store({ client: scripted.client, columns: 80, rows: 24, pageSize: 100, needsApiKey: true, start: { groupId: 'g-2' } });
    store.start();
    await settle();
    expect(store.getSnapshot().overlay).toBe('login');
    expect(scripted.calls.filter((c) => c.listing === 'g-2')).toEqual([]);
    store.submitApiKey('some-key');
    for (let i = 0; i < 5 && store.getSnapshot().route !== 'pages'; i++) await settle();
    expect(store.getSnapshot().list.groupId).toBe('g-2');
  });
});

describe('n / N', () => {
  it('steps through the rows matching the query cleared last, wrapping, and says when none is loaded', async () => {
    const { store } = await startStore({ groups: groupsOf(30) });
    press(store, 'n');
    expect(store.getSnapshot().toast?.text).toContain('No filter query yet');
    press(store, '/');
    store.setInputText('"group 2"');
    esc(store); // clears the filter (the selected item stays selected); its query is remembered
    expect(store.getSnapshot().list.query).toBe('');
    expect(shownIds(store)).toHaveLength(30);
    expect(selectedId(store)).toBe('g-2');
    press(store, 'n');
    expect(selectedId(store)).toBe('g-20');
    press(store, 'N');
    expect(selectedId(store)).toBe('g-2');
    press(store, 'N'); // wraps to the bottom
    expect(selectedId(store)).toBe('g-29');
    expect(store.getSnapshot().toast?.text).toContain('wrapped to the bottom');
    press(store, 'n'); // and back over the top
    expect(selectedId(store)).toBe('g-2');
    press(store, '/');
    store.setInputText('zzz');
    esc(store);
    const before = selectedId(store);
    press(store, 'n');
    expect(selectedId(store)).toBe(before);
    expect(store.getSnapshot().toast?.text).toBe('No loaded row matches "zzz", the filter cleared last.');
  });

  it('while a filter is kept, every row shown matches: n / N step one row', async () => {
    const { store } = await startStore({ groups: groupsOf(30) });
    press(store, '/');
    store.setInputText('"group 1"');
    enter(store);
    expect(shownIds(store)[0]).toBe('g-1');
    press(store, 'n');
    expect(selectedId(store)).toBe('g-10');
    press(store, 'N');
    expect(selectedId(store)).toBe('g-1');
  });
});

describe('S', () => {
  it('reverses the server order, the name order and the updated order; s resets it', async () => {
    const { store } = await startStore({ groups: groupsOf(12) });
    press(store, 'S');
    expect(shownIds(store).slice(0, 3)).toEqual(['g-12', 'g-11', 'g-10']);
    expect(selectedId(store)).toBe('g-1'); // the selected item stays selected
    press(store, 'S');
    expect(shownIds(store).slice(0, 3)).toEqual(['g-1', 'g-2', 'g-3']);
    press(store, 's'); // name A→Z
    const byName = shownIds(store);
    press(store, 'S');
    expect(shownIds(store)).toEqual([...byName].reverse());
    expect(store.getSnapshot().list.reversed).toBe(true);
    press(store, 's'); // updated, newest first: not reversed
    expect(store.getSnapshot().list.reversed).toBe(false);
    const byUpdated = shownIds(store);
    press(store, 'S');
    expect(shownIds(store)).toEqual([...byUpdated].reverse());
  });

  it('keeps a filter applied to the reversed rows', async () => {
    const { store } = await startStore({ groups: groupsOf(30) });
    press(store, '/');
    store.setInputText('"group 1"');
    enter(store);
    press(store, 'S');
    expect(shownIds(store)).toEqual(['g-19', 'g-18', 'g-17', 'g-16', 'g-15', 'g-14', 'g-13', 'g-12', 'g-11', 'g-10', 'g-1']);
  });
});
