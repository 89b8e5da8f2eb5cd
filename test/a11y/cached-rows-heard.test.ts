/**
 * Rows from the last session, as a screen reader hears them: the selected row says they are from
 * the last session, the header's mark has one space after its comma, and the service's rows
 * replacing them are announced once (Done:), in this mode only.
 */
import { expect, it } from 'vitest';
import { listPager } from '../../src/api/pager/list-pager.js';
import type { ListOptions, ListPage, RawItem } from '../../src/api/types.js';
import type { CachedLists } from '../../src/startup/list-cache.js';
import { AppStore } from '../../src/ui/store/app-store.js';
import { spokenRow } from '../../src/ui/presentation/spoken-row.js';
import { spokenStatus } from '../../src/ui/presentation/spoken-status.js';
import { moreShown, staleLabel } from '../../src/ui/components/header-format.js';
import { setPlainGlyphs } from '../../src/text/glyphs.js';
import { groupsOf, settle } from '../ui/store/helpers.js';

function start(lineCursor: boolean) {
  const waiting: ((page: ListPage) => void)[] = [];
  const hold = (_o?: ListOptions) => new Promise<ListPage>((resolve) => waiting.push(resolve));
  const client = { listPageGroups: hold, listPages: (_g: string, o?: ListOptions) => hold(o) };
  const groupsPager = listPager(client, 'groups', undefined, 100);
  groupsPager.ensure(40);
  const initial: CachedLists = { groups: { items: groupsOf(5), hasMore: false, selectedId: 'g-3' } };
  groupsPager.showStale(initial.groups!.items, false);
  const store = new AppStore({ client, groupsPager, columns: 100, rows: 24, pageSize: 100, listCache: { initial, save: () => {}, saveNow: () => {}, forget: () => Promise.resolve() }, ...(lineCursor ? { lineCursor, messagesUntilKey: true } : {}) });
  store.start();
  const answer = (items: RawItem[]) => waiting.shift()?.({ items, hasMore: false, warnings: [] });
  return { store, answer };
}

it('announces once that the service\'s rows replaced the cached ones', async () => {
  const { store, answer } = start(true);
  await settle();
  expect(store.getSnapshot().toast).toBeUndefined();
  answer(groupsOf(6));
  await settle();
  expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'Rows updated from the service.' });
  store.noteKey();
  store.command('moveDown');
  await settle();
  expect(store.getSnapshot().toast).toBeUndefined();
  expect(store.getSnapshot().pager.stale).toBeUndefined();
  store.dispose();
});

it('says nothing of it in the usual mode, where the header mark goes', async () => {
  const { store, answer } = start(false);
  await settle();
  answer(groupsOf(6));
  await settle();
  expect(store.getSnapshot().toast).toBeUndefined();
  store.dispose();
});

it('the selected cached row says it is from the last session, its place still whole', () => {
  const row = spokenRow('groups', groupsOf(5)[2] as RawItem, 60, { position: { index: 3, total: 5, more: false, stale: true } });
  expect(row).toMatch(/, 3 of 5, from last session$/);
  expect(spokenRow('groups', groupsOf(5)[2] as RawItem, 60, { position: { index: 3, total: 5, more: false } })).toMatch(/, 3 of 5$/);
});

it('the header reads "cached, refreshing" with one space', () => {
  setPlainGlyphs(true);
  try {
    expect(staleLabel({ stale: true, state: 'loading' })?.text).toBe('cached, refreshing');
  } finally {
    setPlainGlyphs(false);
  }
});

it('a cached list the cache held whole is not said "loaded so far" while it refreshes', () => {
  expect(moreShown({ stale: true, staleHasMore: false, hasMore: true })).toBe(false);
  expect(moreShown({ stale: true, hasMore: true })).toBe(true);
  expect(moreShown({ hasMore: false })).toBe(false);
});

it('at 40 columns the notice before exporting cached rows keeps both ways on (r, and e again)', async () => {
  const { store } = start(true);
  await settle();
  store.command('export');
  const toast = store.getSnapshot().toast;
  expect(toast?.text).toMatch(/^These rows are from the cache/);
  const row = spokenStatus(toast, '', '', 40).first.trimEnd();
  expect(row).toMatch(/^Warning: .*\br refreshes\b.*\be\b/);
  expect(row).not.toContain('…');
  store.dispose();
});

it('a notice about the cached rows goes when the service\'s rows replace them (it would no longer be true)', async () => {
  for (const lineCursor of [false, true]) {
    const { store, answer } = start(lineCursor);
    await settle();
    store.command('copyId');
    expect(store.getSnapshot().toast?.text).toMatch(/^These rows are from the cache/);
    answer(groupsOf(6));
    await settle();
    expect(store.getSnapshot().toast?.text ?? '').not.toMatch(/cache/);
    store.dispose();
  }
});
