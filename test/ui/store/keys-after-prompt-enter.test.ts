/**
 * Keys that come in the same read as a prompt's Enter (a fast typist, a slow link that bunches
 * keys) act after the prompt has done what Enter asked, in the order typed: on the filtered rows,
 * on the row a jump went to once it is there.
 */
import { expect, it } from 'vitest';
import { ApiError } from '../../../src/api/http/errors.js';
import type { ListOptions } from '../../../src/api/types.js';
import { routeInput } from '../../../src/ui/screens/route-keys.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { waitFor } from '../../helpers/wait-for.js';
import { groupsOf, pagesOf, scriptedClient, selectedId, settle, shownIds, startStore } from './helpers.js';

const press = (store: AppStore, input: string) => routeInput(store, input, () => {});
const DATA = () => ({ groups: groupsOf(5), pages: { 'g-2': pagesOf('g-2', 1000), 'g-77': pagesOf('g-77', 30) } });

async function inGroup2() {
  const started = await startStore(DATA());
  press(started.store, 'j');
  press(started.store, '\r');
  await settle();
  expect(selectedId(started.store)).toBe('g-2-p1');
  return started;
}

it('/, a query, Enter and five j in one read: the filter is kept and the j move over its rows', async () => {
  const { store } = await inGroup2();
  press(store, '/p1\rjjjjj');
  await settle();
  const snap = store.getSnapshot();
  expect(snap.input).toBeNull();
  expect(snap.list.query).toBe('p1');
  expect(shownIds(store).length).toBeGreaterThan(6);
  expect(selectedId(store)).toBe(shownIds(store)[5]);
});

it(':, a page id not loaded yet, Enter and two j in one read: the j act once the page is selected', async () => {
  const { store } = await inGroup2();
  press(store, ':g-2-p500\rjj');
  await waitFor('the page jumped to, then two rows down', () => selectedId(store) === 'g-2-p502', 5_000);
  expect(store.getSnapshot().input).toBeNull();
});

it(':, a group not in the loaded list, Enter and two j in one read: the j act in the group once it opens', async () => {
  const scripted = scriptedClient(DATA());
  const listPages = (groupId: string, options?: ListOptions) =>
    groupId === 'g-77' ? new Promise<Awaited<ReturnType<typeof scripted.client.listPages>>>((resolve) => setTimeout(() => resolve(scripted.client.listPages(groupId, options)), 30)) : Promise.reject(new ApiError('not-found', 'NOT_FOUND', 'Page group not found.', { status: 404 }));
  const store = new AppStore({ client: { ...scripted.client, listPages }, columns: 80, rows: 24, pageSize: 100 });
  store.start();
  await settle();
  press(store, ':g-77\rjj');
  await waitFor('the group jumped to', () => store.getSnapshot().list.groupId === 'g-77', 5_000);
  await settle();
  expect(selectedId(store)).toBe('g-77-p3');
});

it('V, a name, Enter and two j in one read: the view is saved under the whole name, then the j move', async () => {
  const { store } = await inGroup2();
  press(store, 'Vmine\rjj');
  await settle();
  expect(store.getSnapshot().input).toBeNull();
  expect(store.getSnapshot().toast?.text).toContain('View "mine" saved');
  expect(selectedId(store)).toBe('g-2-p3');
});

it('Esc does not wait behind a jump on its way: it stops the search, and the keys held then act', async () => {
  const { store } = await inGroup2();
  press(store, ':g-2-p900\rjj');
  expect(store.jumpUnderWay()).toBe(true);
  expect(selectedId(store)).toBe('g-2-p1');
  press(store, '\u001b');
  await settle();
  expect(store.jumpUnderWay()).toBe(false);
  expect(store.getSnapshot().toast?.text).toContain('Stopped looking for page "g-2-p900"');
  expect(selectedId(store)).toBe('g-2-p3');
});

it('keys typed in one read while a search started earlier loads on act at once, every one of them', async () => {
  const { store } = await inGroup2();
  press(store, ':g-2-p900');
  press(store, '\r');
  expect(store.jumpUnderWay()).toBe(true);
  press(store, 'jj');
  expect(selectedId(store)).toBe('g-2-p3');
});
