/**
 * A move made while a page is sought (`pagetui open <group> <page>`, `:`, the list cache's page
 * beyond its rows) wins, as a move during `G` does: the search ends and says so, the selection
 * stays where the user put it, and the load goes on (Esc stops it). A filter typed meanwhile is a
 * move of the user's own: it ends the search, and the page's arrival no longer clears it.
 */
import { afterEach, expect, it } from 'vitest';
import { closeDemoStore, startDemoStore, until } from './demo-store.js';
import { pageIdOf } from '../../../src/ui/store/list/items.js';
import type { AppStore } from '../../../src/ui/store/app-store.js';

afterEach(closeDemoStore);

const selectedPage = (store: AppStore): string | undefined => {
  const { visible, list } = store.getSnapshot();
  const raw = visible.items.at(list.selected);
  return raw === undefined ? undefined : pageIdOf(raw);
};

/** `pagetui open grp-1 grp-1-p3000` over a group of 4,000 pages, its first rows shown, the page still sought. */
async function seeking(): Promise<AppStore> {
  const { store } = await startDemoStore({ latencyMs: 40, pages: 4000 }, { columns: 100, rows: 30 }, { start: { groupId: 'grp-1', pageId: 'grp-1-p3000' } });
  await until('the search', () => store.getSnapshot().toast?.text === 'Looking for page "grp-1-p3000"…', 10_000);
  await until('rows shown', () => store.getSnapshot().visible.items.length > 0);
  return store;
}

it('j j while `pagetui open grp-1 grp-1-p3000` loads: the row moved to stays, the search ends, the load goes on', async () => {
  const store = await seeking();
  store.command('moveDown');
  store.command('moveDown');
  expect(selectedPage(store)).toBe('grp-1-p3');
  expect(store.getSnapshot().toast?.text).toBe('Stopped looking for page "grp-1-p3000".');
  // Like a move during `G`: the load goes on, and Esc still stops it.
  expect(store.getSnapshot().loadingAll).toBe(true);
  await until('the whole list', () => !store.getSnapshot().loadingAll && !store.getSnapshot().pager.loadingAll && store.getSnapshot().visible.loaded === 4000, 30_000);
  expect(selectedPage(store)).toBe('grp-1-p3');
  expect(store.getSnapshot().list.selected).toBe(2);
}, 40_000);

it('Esc after a move stops the load the search had started, on the row moved to', async () => {
  const store = await seeking();
  store.command('moveDown');
  store.command('back');
  expect(store.getSnapshot().loadingAll).toBe(false);
  expect(store.getSnapshot().pager.loadingAll).toBe(false);
  expect(selectedPage(store)).toBe('grp-1-p2');
}, 20_000);

it('a filter typed while the page is sought wins too: the search ends, the filter is not cleared when the page arrives', async () => {
  const store = await seeking();
  store.command('filter');
  store.setInputText('p7');
  expect(store.getSnapshot().toast?.text).toBe('Stopped looking for page "grp-1-p3000".');
  store.submitInput();
  // The load goes on, as after a move; the query typed stays, and no row is picked for the user.
  await until('the whole list', () => !store.getSnapshot().pager.loadingAll && store.getSnapshot().pager.items.length === 4000, 30_000);
  expect(store.getSnapshot().list.query).toBe('p7');
  expect(selectedPage(store)).not.toBe('grp-1-p3000');
  expect(store.getSnapshot().toast?.text ?? '').not.toMatch(/row/);
}, 40_000);

it('G while a page is sought: going to the end wins, says so as a move does, and "Looking for page" is no longer said beside it', async () => {
  const store = await seeking();
  store.command('bottom');
  expect(store.getSnapshot().following).toBe(true);
  expect(store.getSnapshot().toast?.text).toBe('Stopped looking for page "grp-1-p3000".');
  await until('a page more', () => store.getSnapshot().pager.items.length >= 300, 10_000);
  expect(store.getSnapshot().toast?.text ?? '').not.toMatch(/^Looking for page/);
  store.command('back');
}, 20_000);
