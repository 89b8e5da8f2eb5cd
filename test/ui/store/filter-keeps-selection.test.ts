/**
 * Typing a filter over a long loaded list with the last row selected: while the scan has not yet
 * reached that row, the selection stays on it (it matches), instead of jumping to the first row and
 * back once the scan finds it. A query it does not match moves the selection to the first match.
 */
import { expect, it } from 'vitest';
import type { RawItem } from '../../../src/api/types.js';
import { selectedId, settle, startStore } from './helpers.js';
import { waitFor } from '../../helpers/wait-for.js';

const PAGES = 60_000;
const pages: RawItem[] = Array.from({ length: PAGES }, (_, i) => ({ pageId: `p-${i + 1}`, effectiveName: `Crème brûlée ${i + 1}`, status: i % 2 === 0 ? 'draft' : 'published' }));

async function loadedAtEnd() {
  const { store } = await startStore({ groups: [{ pageGroupId: 'g-1', title: 'Long' }], pages: { 'g-1': pages } }, { columns: 120, rows: 30 });
  store.command('open');
  await waitFor('the pages', () => store.getSnapshot().route === 'pages' && store.getSnapshot().pager.items.length >= 100);
  store.command('bottom');
  await waitFor('all loaded', () => store.getSnapshot().pager.state === 'done' && !store.getSnapshot().following, 60_000);
  await settle();
  expect(selectedId(store)).toBe(`p-${PAGES}`);
  return store;
}

it('the selected row stays selected while the filter is still matching', async () => {
  const store = await loadedAtEnd();
  const seen = new Set<string | undefined>();
  const unsubscribe = store.subscribe(() => seen.add(selectedId(store)));
  store.command('filter');
  let typed = '';
  for (const ch of 'crème brûlée') {
    typed += ch;
    store.setInputText(typed);
    seen.add(selectedId(store));
  }
  expect(store.getSnapshot().visible.scanning).toBe(true);
  await waitFor('the scan', () => store.getSnapshot().visible.scanning !== true, 60_000);
  unsubscribe();
  expect([...seen]).toEqual([`p-${PAGES}`]);
  expect(store.getSnapshot().visible.items.length).toBe(PAGES);
  store.dispose();
}, 120_000);

it('a query the selected row does not match moves the selection to the first match', async () => {
  const store = await loadedAtEnd();
  store.command('filter');
  store.setInputText('brûlée 1');
  expect(selectedId(store)).toBe('p-1');
  await waitFor('the scan', () => store.getSnapshot().visible.scanning !== true, 60_000);
  expect(selectedId(store)).toBe('p-1');
  store.dispose();
}, 120_000);
