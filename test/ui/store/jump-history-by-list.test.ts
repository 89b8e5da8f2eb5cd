/** `:` keeps one history on the group list (group ids) and another on page lists (page ids): ↑ never offers an id of the other kind. */
import { expect, it } from 'vitest';
import { routeInput } from '../../../src/ui/screens/route-keys.js';
import type { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, pagesOf, settle, startStore } from './helpers.js';

const press = (store: AppStore, input: string) => routeInput(store, input, () => {});

it('keeps group ids and page ids apart', async () => {
  const { store } = await startStore({ groups: groupsOf(5), pages: { 'g-2': pagesOf('g-2', 30), 'g-3': pagesOf('g-3', 30) } });
  press(store, ':g-2\r');
  await settle();
  expect(store.getSnapshot().route).toBe('pages');
  press(store, ':g-2-p7\r');
  await settle();
  expect(store.historyOf(store.getSnapshot().route === 'pages' ? 'jump-page' : 'jump')).toEqual(['g-2-p7']);
  press(store, '\u001b');
  await settle();
  expect(store.getSnapshot().route).toBe('groups');
  press(store, ':g-3\r');
  await settle();
  expect(store.historyOf('jump')).toEqual(['g-2', 'g-3']);
  expect(store.historyOf('jump-page')).toEqual(['g-2-p7']);
  store.dispose();
});
