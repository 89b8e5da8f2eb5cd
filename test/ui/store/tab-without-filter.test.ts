/** Tab on a list with no filter loads nothing (G does), and says so rather than nothing. */
import { expect, it } from 'vitest';
import { groupsOf, settle, startStore } from './helpers.js';

it('Tab without a filter says what it is for and what loads the whole list, and sends nothing', async () => {
  const { store, calls } = await startStore({ groups: groupsOf(250) });
  const before = calls.length;
  store.loadAll();
  await settle();
  expect(calls.length).toBe(before);
  expect(store.getSnapshot().loadingAll).toBe(false);
  expect(store.getSnapshot().toast?.text).toBe('Tab loads the rest of a filtered list (/ filters); G loads the whole list');
});
