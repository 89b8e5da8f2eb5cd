/**
 * Keys pressed right after `s`, while the new order of a big list is still being made in slices:
 * the rows shown meanwhile are in the order made so far, not the final one. A move then counts
 * from the item that was selected, in the final order (`s j j j` from a page: three rows below
 * it), not from whatever row of the partial order the keys landed on.
 */
import { expect, it } from 'vitest';
import { routeInput } from '../../../src/ui/screens/route-keys.js';
import type { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, pagesOf, selectedId, settle, startStore } from './helpers.js';

const press = (store: AppStore, input: string) => routeInput(store, input, () => {});

it('s then j j j at once: three rows below the page selected, in the order once it is made', async () => {
  const { store } = await startStore({ groups: groupsOf(5), pages: { 'g-2': pagesOf('g-2', 60_000) } });
  press(store, 'j\r');
  await settle();
  press(store, 'G');
  for (let i = 0; i < 500 && store.getSnapshot().visible.loaded < 60_000; i++) await new Promise((r) => setTimeout(r, 20));
  press(store, 'g');
  await settle();
  // Row 1: g-2-p1 ("Page 1"); by name A→Z (numbers by value) "Page 1", "Page 2", "Page 3", "Page 4"…
  expect(selectedId(store)).toBe('g-2-p1');
  press(store, 's');
  expect(store.getSnapshot().visible.scanning).toBe(true);
  press(store, 'jjj');
  for (let i = 0; i < 300 && store.getSnapshot().visible.scanning === true; i++) await new Promise((r) => setTimeout(r, 10));
  await settle();
  const { indices } = store.getSnapshot().visible;
  const rowOfP1 = indices?.indexOf(0) ?? -1;
  expect(rowOfP1).toBeGreaterThanOrEqual(0);
  expect(store.getSnapshot().list.selected).toBe(rowOfP1 + 3);
  expect(selectedId(store)).toBe('g-2-p4');
});
