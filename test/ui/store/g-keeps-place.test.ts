/**
 * `G` leaves the rows and the selection where they were while the rest of the list loads, then
 * shows and selects the last row; Esc during that load leaves the selection where the user was.
 * The same in every mode; a screen reader also hears where the end is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Command } from '../../../src/ui/keys/index.js';
import type { AppStore } from '../../../src/ui/store/app-store.js';
import type { AppStoreOptions } from '../../../src/ui/store/store-types.js';
import type { DemoServer } from '../../../src/demo-server/index.js';
import { closeDemoStore, startDemoStore, until } from './demo-store.js';
import { selectedId } from './helpers.js';

afterEach(closeDemoStore);

const MODES: Record<string, Partial<AppStoreOptions>> = {
  normal: {},
  'reduce-motion': { messagesUntilKey: true },
  'screen-reader': { messagesUntilKey: true, lineCursor: true },
};

/** Every selected id and top row the store published from now on. */
function recordPlaces(store: AppStore): { ids: Set<string | undefined>; tops: Set<number>; stop: () => void } {
  const ids = new Set<string | undefined>();
  const tops = new Set<number>();
  const stop = store.subscribe(() => {
    ids.add(selectedId(store));
    tops.add(store.getSnapshot().list.top);
  });
  return { ids, tops, stop };
}

const press = (store: AppStore, ...commands: Command[]) => commands.forEach((c) => store.command(c));

let server: DemoServer | undefined;
const demoServer = (): DemoServer => server as DemoServer;

async function openGroup(mode: Partial<AppStoreOptions>) {
  const started = await startDemoStore({ pages: 1500, latencyMs: 15 }, { columns: 100, rows: 30 }, mode);
  const store = started.store;
  server = started.server;
  await until('groups', () => store.getSnapshot().pager.items.length > 0);
  store.command('open');
  await until('pages', () => store.getSnapshot().route === 'pages' && store.getSnapshot().pager.items.length > 0 && store.getSnapshot().pager.state === 'idle');
  press(store, 'moveDown', 'moveDown', 'moveDown');
  expect(selectedId(store)).toBe('grp-1-p4');
  return store;
}

describe.each(Object.entries(MODES))('G in the %s mode', (mode, options) => {
  for (const key of ['bottom'] as const) {
    it(`keeps the selection and the rows until the end arrives, then selects the last row`, async () => {
      const store = await openGroup(options);
      const seen = recordPlaces(store);
      store.command(key);
      expect(store.getSnapshot().following).toBe(true);
      await until('the end', () => !store.getSnapshot().following && !store.getSnapshot().pager.hasMore, 30_000);
      seen.stop();
      expect(selectedId(store)).toBe('grp-1-p1500');
      // Before the end: only where the user was; then only the last row.
      seen.ids.delete('grp-1-p1500');
      expect([...seen.ids]).toEqual(['grp-1-p4']);
      seen.tops.delete(store.getSnapshot().list.top);
      expect([...seen.tops]).toEqual([0]);
      const toast = store.getSnapshot().toast?.text ?? '';
      if (mode === 'screen-reader') expect(toast).toMatch(/^At the end: row 1,500 of 1,500, /);
      else expect(toast).not.toMatch(/At the end/);
    });
  }

  it('a load that fails part-way leaves the selection where the user was', async () => {
    const store = await openGroup(options);
    store.command('bottom');
    await until('some pages', () => store.getSnapshot().pager.items.length >= 400, 30_000);
    demoServer().expireCursors();
    await until('the load fails', () => store.getSnapshot().pager.state === 'error', 30_000);
    expect(store.getSnapshot().following).toBe(false);
    expect(selectedId(store)).toBe('grp-1-p4');
    expect(store.getSnapshot().list.top).toBe(0);
  });

  it('Esc during the load leaves the selection where the user was', async () => {
    const store = await openGroup(options);
    store.command('bottom');
    await until('some pages', () => store.getSnapshot().pager.items.length >= 400, 30_000);
    expect(selectedId(store)).toBe('grp-1-p4');
    store.command('back');
    expect(store.getSnapshot().following).toBe(false);
    expect(store.getSnapshot().route).toBe('pages');
    expect(selectedId(store)).toBe('grp-1-p4');
    expect(store.getSnapshot().list.top).toBe(0);
    await until('the request in flight', () => store.getSnapshot().pager.state !== 'loading', 10_000);
    expect(selectedId(store)).toBe('grp-1-p4');
  });
});

it('G on the group list keeps the selection until its end arrives', async () => {
  const { store } = await startDemoStore({ groups: 450, latencyMs: 15 }, { columns: 100, rows: 30 });
  await until('groups', () => store.getSnapshot().pager.items.length > 0 && store.getSnapshot().pager.state === 'idle');
  store.command('moveDown');
  const first = selectedId(store);
  const seen = recordPlaces(store);
  store.command('bottom');
  await until('the end', () => !store.getSnapshot().following && !store.getSnapshot().pager.hasMore, 30_000);
  seen.stop();
  const last = selectedId(store);
  expect(store.getSnapshot().list.selected).toBe(store.getSnapshot().pager.items.length - 1);
  seen.ids.delete(last);
  expect([...seen.ids]).toEqual([first]);
});

it('G in a filtered list keeps the selected match until the list and the filter end, then selects the last match', async () => {
  const store = await openGroup(MODES['screen-reader'] ?? {});
  store.command('filter');
  store.setInputText('form');
  store.submitInput();
  press(store, 'moveDown');
  const first = selectedId(store);
  const seen = recordPlaces(store);
  store.command('bottom');
  await until('the end', () => !store.getSnapshot().following && !store.getSnapshot().pager.hasMore && store.getSnapshot().visible.scanning !== true, 30_000);
  seen.stop();
  const snap = store.getSnapshot();
  expect(snap.list.selected).toBe(snap.visible.items.length - 1);
  const last = selectedId(store);
  seen.ids.delete(last);
  expect([...seen.ids]).toEqual([first]);
  expect(snap.toast?.text).toMatch(new RegExp(`^At the end: row ${snap.visible.items.length.toLocaleString('en-US')} of `));
});

it('a filter whose load of the rest ends with no match says so for a screen reader', async () => {
  const store = await openGroup(MODES['screen-reader'] ?? {});
  store.command('filter');
  store.setInputText('qzqz');
  store.loadAll();
  await until('the end', () => !store.getSnapshot().loadingAll && !store.getSnapshot().pager.hasMore && store.getSnapshot().visible.scanning !== true, 30_000);
  await until('said', () => store.getSnapshot().toast !== undefined);
  expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning', text: 'No row matches "qzqz" (0 of 1,500).' });
});
