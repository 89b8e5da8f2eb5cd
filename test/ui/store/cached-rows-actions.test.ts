/**
 * Keys that take the rows out of the app (e, y, Y) or want the rest of the list (G) while the rows
 * shown are still the last session's (docs/cache.md): they say so, with when the rows were saved,
 * and what to do, instead of passing cached rows off as the service's or doing nothing.
 */
import { describe, expect, it } from 'vitest';
import { listPager } from '../../../src/api/pager/list-pager.js';
import type { ListOptions, ListPage, RawItem } from '../../../src/api/types.js';
import type { CachedLists } from '../../../src/startup/list-cache.js';
import type { Clipboard } from '../../../src/ui/services/clipboard.js';
import type { Exporter } from '../../../src/ui/services/export.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, selectedId, settle } from './helpers.js';

const SAVED_AT = new Date(2026, 10, 28, 10, 32).getTime();

function start(initial: CachedLists) {
  const waiting: { resolve(page: ListPage): void }[] = [];
  const hold = () => new Promise<ListPage>((resolve) => waiting.push({ resolve }));
  const client = { listPageGroups: (_o?: ListOptions) => hold(), listPages: (_g: string, _o?: ListOptions) => hold() };
  const groupsPager = listPager(client, 'groups', undefined, 100);
  groupsPager.ensure(40);
  if (initial.groups) groupsPager.showStale(initial.groups.items, initial.groups.hasMore);
  const copied: string[] = [];
  const clipboard: Clipboard = { copy: (text) => (copied.push(text), Promise.resolve({ method: 'OSC 52' })) };
  const exporter: Exporter = { display: (p) => p, exists: () => Promise.resolve(false), write: () => Promise.resolve() };
  const listCache = { initial, savedAt: SAVED_AT, save: () => undefined, saveNow: () => undefined, forget: () => Promise.resolve() };
  const store = new AppStore({ client, groupsPager, columns: 120, rows: 24, pageSize: 100, listCache, clipboard, exporter });
  store.start();
  const answer = (items: RawItem[]) => waiting.shift()?.resolve({ items, hasMore: false, warnings: [] });
  return { store, copied, answer };
}

const INITIAL: CachedLists = { groups: { items: groupsOf(5), hasMore: true } };
const toastText = (store: AppStore) => store.getSnapshot().toast?.text ?? '';

describe('the cached rows, not yet refreshed', () => {
  it('e says they are from the cache (and from when) first; e again exports them as they are', async () => {
    const { store } = start(INITIAL);
    await settle();
    store.command('export');
    expect(store.getSnapshot().input).toBeNull();
    expect(toastText(store)).toBe('These rows are from the cache (10:32), not yet refreshed: r refreshes; e again exports them as they are.');
    store.command('export');
    expect(store.getSnapshot().input?.kind).toBe('export');
    store.dispose();
  });

  it('y says so too; y again copies the row', async () => {
    const { store, copied } = start(INITIAL);
    await settle();
    store.command('copyId');
    await settle();
    expect(copied).toEqual([]);
    expect(toastText(store)).toContain('from the cache (10:32), not yet refreshed: r refreshes; y again copies it as it is');
    store.command('copyId');
    await settle();
    expect(copied).toHaveLength(1);
    store.dispose();
  });

  it('while the rows are refreshing, no width of the notice says they were not refreshed (only not yet)', async () => {
    const { store } = start(INITIAL);
    await settle();
    store.command('copyId');
    await settle();
    const toast = store.getSnapshot().toast;
    expect(store.getSnapshot().pager.state).toBe('loading');
    for (const width of [120, 100, 80, 72, 60, 40]) {
      const said = toast?.fitted?.(width).text ?? toast?.text ?? '';
      expect(`${width}: ${said}`).not.toMatch(/not refreshed/);
    }
    expect(toast?.fitted?.(80).text).toBe('Cached rows, not yet refreshed: r refreshes; y again copies it as it is.');
    store.dispose();
  });

  it("once the service's rows are shown, e opens the prompt at once", async () => {
    const { store, answer } = start(INITIAL);
    await settle();
    answer(groupsOf(6));
    await settle();
    store.command('export');
    expect(store.getSnapshot().input?.kind).toBe('export');
    store.dispose();
  });

  it('G after the refresh was stopped says why it loads nothing and what to do', async () => {
    const { store } = start(INITIAL);
    await settle();
    store.command('back');
    await settle();
    expect(store.getSnapshot().pager.state).not.toBe('loading');
    store.command('bottom');
    expect(toastText(store)).toBe('These rows are from the cache (10:32) and were not refreshed: r refreshes, then G loads the rest.');
    store.dispose();
  });
});

describe('pagetui open <group> with a cache', () => {
  it('the group list behind the opened group selects it, not the last session selection', async () => {
    const waiting: { resolve(page: ListPage): void }[] = [];
    const hold = () => new Promise<ListPage>((resolve) => waiting.push({ resolve }));
    const client = { listPageGroups: (_o?: ListOptions) => hold(), listPages: (_g: string, _o?: ListOptions) => hold() };
    const groupsPager = listPager(client, 'groups', undefined, 100);
    groupsPager.ensure(40);
    groupsPager.showStale(groupsOf(5), false);
    const listCache = { initial: { groups: { items: groupsOf(5), hasMore: false, selectedId: 'g-4' } }, save: () => undefined, saveNow: () => undefined, forget: () => Promise.resolve() };
    const store = new AppStore({ client, groupsPager, columns: 120, rows: 24, pageSize: 100, listCache, start: { groupId: 'g-1' } });
    store.start();
    await settle();
    store.command('back');
    await settle();
    expect(selectedId(store)).toBe('g-1');
    store.dispose();
  });
});
