/**
 * Esc in the filter while Tab loads the rest: the filter is cleared and the load goes on; every
 * status line from then on says how to stop it ("Esc to stop"), the first frame included.
 */
import { afterEach, expect, it } from 'vitest';
import { statusLineParts } from '../../../src/ui/components/status-format.js';
import type { AppStore } from '../../../src/ui/store/app-store.js';
import { closeDemoStore, startDemoStore, until } from './demo-store.js';

afterEach(closeDemoStore);

const statusOf = (store: AppStore): string => {
  const s = store.getSnapshot();
  const view = s.visible.filtered ? { matches: s.visible.items.length, loadingAll: s.loadingAll } : undefined;
  return statusLineParts({ width: 120, pager: s.pager, following: s.following, hint: '', ...(view ? { view } : {}) }, Date.now()).progress;
};

it('says "Esc to stop" in every frame after the filter is cleared while the rest loads', async () => {
  const { store } = await startDemoStore({ latencyMs: 150 }, { columns: 100, rows: 30 });
  await until('groups', () => store.getSnapshot().pager.items.length > 0);
  store.command('open');
  await until('pages', () => store.getSnapshot().route === 'pages' && store.getSnapshot().pager.state === 'idle' && store.getSnapshot().pager.items.length > 0);
  store.command('filter');
  store.setInputText('p99');
  await until('a filtered list', () => store.getSnapshot().visible.filtered);
  store.loadAll();
  await until('the load under way', () => statusOf(store).includes('Esc to stop'));
  const said: string[] = [];
  const unsubscribe = store.subscribe(() => said.push(statusOf(store)));
  store.command('back');
  said.push(statusOf(store));
  await until('two pages more', () => said.length > 4, 10_000);
  unsubscribe();
  expect(store.getSnapshot().visible.filtered).toBe(false);
  expect(said.filter((line) => !line.includes('Esc to stop')), said.join('\n')).toEqual([]);
}, 20_000);
