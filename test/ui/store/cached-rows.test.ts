/**
 * The last session's rows in the store (ui/store/list/cached-rows.ts): shown at once and marked
 * stale, with the row that was selected; replaced in place by the first page, the selection kept
 * by id even when the rows moved; dropped when the server refuses the key; handed back to the cache
 * when a first page arrives and at the end.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/http/errors.js';
import { listPager } from '../../../src/api/pager/list-pager.js';
import type { ListOptions, ListPage, RawItem } from '../../../src/api/types.js';
import type { CachedLists, ListCache } from '../../../src/startup/list-cache.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, pagesOf, selectedId, settle } from './helpers.js';
import { waitFor } from '../../helpers/wait-for.js';

/** A client whose every answer waits for the test: `answer(items)` or `fail(error)` the oldest. */
function heldClient() {
  const waiting: { listing: string; resolve(page: ListPage): void; reject(error: unknown): void }[] = [];
  const hold = (listing: string) => new Promise<ListPage>((resolve, reject) => waiting.push({ listing, resolve, reject }));
  return {
    waiting,
    client: {
      listPageGroups: (_o?: ListOptions) => hold('groups'),
      listPages: (groupId: string, _o?: ListOptions) => hold(groupId),
    },
    answer(items: RawItem[], hasMore = false, nextCursor = 'next') {
      waiting.shift()?.resolve({ items, hasMore, ...(hasMore ? { nextCursor } : {}), warnings: [] });
    },
    fail(error: ApiError) {
      waiting.shift()?.reject(error);
    },
    /** Fails the request of one listing ('groups' or a group's id). */
    failOf(listing: string, error: ApiError) {
      const at = waiting.findIndex((w) => w.listing === listing);
      waiting.splice(at, 1)[0]?.reject(error);
    },
  };
}

function fakeCache(initial: CachedLists) {
  const saved: CachedLists[] = [];
  const savedNow: CachedLists[] = [];
  const forgotten: true[] = [];
  const cache: ListCache = { initial, save: (l) => saved.push(l), saveNow: (l) => savedNow.push(l), forget: () => (forgotten.push(true), Promise.resolve()) };
  return { cache, saved, savedNow, forgotten };
}

/**
 * The store as interactive.ts starts it: the group pager's request out, the cached rows handed to
 * it. `beforeStore`: what happens while ink loads, before the store is made.
 */
async function start(initial: CachedLists, beforeStore?: (held: ReturnType<typeof heldClient>) => void, jumpTo?: { groupId: string; pageId?: string }) {
  const held = heldClient();
  const groupsPager = listPager(held.client, 'groups', undefined, 100);
  groupsPager.ensure(40);
  if (initial.groups) groupsPager.showStale(initial.groups.items, initial.groups.hasMore);
  if (beforeStore) {
    await settle();
    beforeStore(held);
    await settle();
  }
  const cache = fakeCache(initial);
  const store = new AppStore({ client: held.client, groupsPager, columns: 100, rows: 24, pageSize: 100, listCache: cache.cache, ...(jumpTo ? { start: jumpTo } : {}) });
  store.start();
  return { store, held, ...cache };
}

const OLD = groupsOf(5);
const INITIAL: CachedLists = { groups: { items: OLD, hasMore: false, selectedId: 'g-3' } };
const GROUP_3 = { groupId: 'g-3', title: 'Group 3', items: pagesOf('g-3', 4), hasMore: false, selectedId: 'g-3-p2' };
const refusal = (status: number) => new ApiError('auth', status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', 'The API key was refused.', { status });

/** The group opened last, g-3, kept with its first four rows and g-3-p7 selected beyond them. */
const BEYOND_P7 = { groupId: 'g-3', title: 'Group 3', items: pagesOf('g-3', 4), hasMore: true, selectedId: 'g-3-p7' };

/** The store on the cached group list, g-3 opened (Enter) and showing its cached rows. */
async function openedBeyondP7() {
  const started = await start({ ...INITIAL, group: BEYOND_P7 });
  await settle();
  started.store.command('open');
  await settle();
  return started;
}

/**
 * `pagetui open g-3 <pageId>` where the cache remembers g-3-p7 selected beyond its four rows kept;
 * the group list's request dropped, g-3's first page (five rows, more to come) answered.
 */
async function openedOverCachedP7(pageId: string) {
  const started = await start({ ...INITIAL, group: BEYOND_P7 }, undefined, { groupId: 'g-3', pageId });
  await settle();
  const { held } = started;
  held.waiting.splice(0, held.waiting.findIndex((w) => w.listing === 'g-3'));
  held.answer(pagesOf('g-3', 5), true);
  await settle();
  return started;
}

/** g-3 remembered with `pageId` selected at `selectedAt`, opened (Enter), and its first page (five rows, more to come) in. */
async function openedOnFirstPage(pageId: string, selectedAt: number) {
  const started = await start({ ...INITIAL, group: { ...BEYOND_P7, selectedId: pageId, selectedAt } });
  await settle();
  started.store.command('open');
  await settle();
  started.held.waiting.splice(0, 1);
  started.held.answer(pagesOf('g-3', 5), true);
  await settle();
  return started;
}

describe('the last session rows', () => {
  it('are shown at once, stale, on the row that was selected', async () => {
    const { store } = await start(INITIAL);
    await settle();
    const snap = store.getSnapshot();
    expect(snap.pager.stale).toBe(true);
    expect(snap.pager.state).toBe('loading');
    expect(snap.visible.items.length).toBe(5);
    expect(selectedId(store)).toBe('g-3');
    store.dispose();
  });

  it('give way to the first page in place; the selection follows its id to its new row', async () => {
    const { store, held } = await start(INITIAL);
    await settle();
    store.command('moveDown');
    expect(selectedId(store)).toBe('g-4');
    const fresh = [{ pageGroupId: 'g-new', title: 'New' }, ...groupsOf(6).map((g) => ({ ...g, title: `${String(g.title)} v2` }))];
    held.answer(fresh);
    await settle();
    const snap = store.getSnapshot();
    expect(snap.pager.stale).toBeUndefined();
    expect(snap.visible.items.length).toBe(7);
    expect(snap.visible.items.at(0)?.pageGroupId).toBe('g-new');
    expect(selectedId(store)).toBe('g-4');
    expect(snap.list.selected).toBe(4);
    store.dispose();
  });

  it('keep the row when the selected item is gone', async () => {
    const { store, held } = await start(INITIAL);
    await settle();
    held.answer(groupsOf(5).filter((g) => g.pageGroupId !== 'g-3'));
    await settle();
    expect(store.getSnapshot().pager.stale).toBeUndefined();
    expect(selectedId(store)).toBe('g-4');
    store.dispose();
  });

  it('stay, still marked, when the first request fails (the error in the status bar)', async () => {
    const { store, held } = await start(INITIAL);
    await settle();
    held.fail(new ApiError('network', 'CONNECTION_REFUSED', 'The server refused the connection.'));
    await settle();
    const snap = store.getSnapshot();
    expect(snap.pager.state).toBe('error');
    expect(snap.pager.stale).toBe(true);
    expect(selectedId(store)).toBe('g-3');
    store.dispose();
  });

  it.each([401, 403])('go when the server refuses the key (%i), and the cache forgets them', async (status) => {
    const { store, held, forgotten, savedNow } = await start(INITIAL);
    await settle();
    held.fail(refusal(status));
    await settle();
    const snap = store.getSnapshot();
    expect(snap.pager.stale).toBeUndefined();
    expect(snap.visible.items.length).toBe(0);
    expect(forgotten).toHaveLength(1);
    store.dispose();
    expect(savedNow.every((lists) => lists.groups === undefined && lists.group === undefined)).toBe(true);
  });

  it('of the group list go when the service answers 404 for it (a base URL that no longer lists groups)', async () => {
    const { store, held, forgotten } = await start(INITIAL);
    await settle();
    held.fail(new ApiError('not-found', 'NOT_FOUND', 'No such resource.', { status: 404 }));
    await settle();
    expect(store.getSnapshot().pager.stale).toBeUndefined();
    expect(store.getSnapshot().visible.items.length).toBe(0);
    expect(forgotten).toHaveLength(0);
    store.dispose();
  });

  it('go, and are forgotten, when the refusal came before the store (while ink loaded)', async () => {
    const { store, forgotten } = await start(INITIAL, (held) => held.fail(refusal(401)));
    await settle();
    expect(store.getSnapshot().pager.stale).toBeUndefined();
    expect(store.getSnapshot().visible.items.length).toBe(0);
    expect(forgotten).toHaveLength(1);
    store.dispose();
  });

  it('all go when the key is refused on the cached group: Esc back shows no cached group list, and none is kept', async () => {
    const { store, held, forgotten, savedNow } = await start({ ...INITIAL, group: GROUP_3 });
    await settle();
    store.command('open');
    await settle();
    expect(store.getSnapshot().pager.stale).toBe(true);
    held.failOf('g-3', refusal(401));
    await settle();
    expect(store.getSnapshot().pager.stale).toBeUndefined();
    expect(forgotten).toHaveLength(1);
    store.command('back');
    await settle();
    const snap = store.getSnapshot();
    expect(snap.route).toBe('groups');
    expect(snap.pager.stale).toBeUndefined();
    expect(snap.visible.items.length).toBe(0);
    store.dispose();
    expect(savedNow.every((lists) => lists.groups === undefined && lists.group === undefined)).toBe(true);
  });

  it('of a group the service no longer knows (404) go, are not shown again, and are not kept', async () => {
    const { store, held, forgotten, savedNow } = await start({ ...INITIAL, group: GROUP_3 });
    await settle();
    store.command('open');
    await settle();
    held.failOf('g-3', new ApiError('not-found', 'NOT_FOUND', 'No such group.', { status: 404 }));
    await settle();
    expect(store.getSnapshot().pager.stale).toBeUndefined();
    store.command('back');
    await settle();
    // The group list is still the cached one: only the group went.
    expect(store.getSnapshot().pager.stale).toBe(true);
    expect(forgotten).toHaveLength(0);
    store.command('open');
    await settle();
    expect(store.getSnapshot().route).toBe('pages');
    expect(store.getSnapshot().pager.stale).toBeUndefined();
    store.dispose();
    expect(savedNow[0]?.groups?.items).toHaveLength(5);
    expect(savedNow[0]?.group).toBeUndefined();
  });

  it('of a group missing from the whole group list as the service sent it are not kept', async () => {
    const { store, held, saved, savedNow } = await start({ ...INITIAL, group: GROUP_3 });
    await settle();
    held.answer(groupsOf(5).filter((g) => g.pageGroupId !== 'g-3'));
    await settle();
    expect(saved[0]?.group).toBeUndefined();
    store.dispose();
    expect(savedNow.every((lists) => lists.group === undefined)).toBe(true);
  });

  it('of a group not in the first page of a group list that goes on are kept (it may be further on)', async () => {
    const { store, held, saved } = await start({ ...INITIAL, group: GROUP_3 });
    await settle();
    held.answer(groupsOf(5).filter((g) => g.pageGroupId !== 'g-3'), true);
    await settle();
    expect(saved[0]?.group?.groupId).toBe('g-3');
    store.dispose();
  });

  it('are handed back: this session’s first page when it arrives, and everything at the end', async () => {
    const { store, held, saved, savedNow } = await start(INITIAL);
    await settle();
    expect(saved).toHaveLength(0);
    held.answer(groupsOf(6));
    await settle();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.groups?.items).toHaveLength(6);
    expect(saved[0]?.groups?.selectedId).toBe('g-3');
    store.command('moveDown');
    store.dispose();
    expect(savedNow).toHaveLength(1);
    expect(savedNow[0]?.groups?.selectedId).toBe('g-4');
  });

  it('ended before the service answered: kept as they were, still whole (not marked as having more)', async () => {
    for (const hasMore of [false, true]) {
      const { store, savedNow } = await start({ groups: { ...INITIAL.groups!, hasMore } });
      await settle();
      store.command('moveDown');
      store.dispose();
      expect(savedNow[0]?.groups).toEqual({ items: OLD, hasMore, selectedId: 'g-4', selectedAt: 3 });
    }
  });

  it('of the group opened last, selected beyond the rows kept: the list loads on to that page after the refresh', async () => {
    const { store, held } = await openedBeyondP7();
    expect(store.getSnapshot().pager.stale).toBe(true);
    held.waiting.splice(0, 1);
    held.answer(pagesOf('g-3', 5), true);
    await settle();
    expect(store.getSnapshot().pager.stale).toBeUndefined();
    expect(held.waiting.map((w) => w.listing)).toEqual(['g-3']);
    held.answer(pagesOf('g-3', 9).slice(5));
    await settle();
    expect(selectedId(store)).toBe('g-3-p7');
    expect(store.getSnapshot().list.selected).toBe(6);
    store.dispose();
  });

  it('of the group opened last, selected beyond the rows kept: no search once the user moved', async () => {
    const { store, held } = await openedBeyondP7();
    store.command('moveDown');
    held.waiting.splice(0, 1);
    held.answer(pagesOf('g-3', 5), true);
    await settle();
    expect(selectedId(store)).toBe('g-3-p2');
    expect(store.getSnapshot().loadingAll).toBe(false);
    store.dispose();
  });

  it('of the group opened last, selected beyond the rows kept: a move while the page is sought wins', async () => {
    const { store, held } = await openedBeyondP7();
    held.waiting.splice(0, 1);
    held.answer(pagesOf('g-3', 5), true);
    await settle();
    expect(store.getSnapshot().toast?.text).toBe('Looking for page "g-3-p7"…');
    store.command('moveDown');
    store.command('moveDown');
    expect(store.getSnapshot().toast?.text).toBe('Stopped looking for page "g-3-p7".');
    held.answer(pagesOf('g-3', 9).slice(5));
    await settle();
    expect(selectedId(store)).toBe('g-3-p3');
    expect(store.getSnapshot().list.selected).toBe(2);
    store.dispose();
  });

  it('of the group opened last, selected far beyond the rows kept (row 5,000): not sought, which would load 50 pages unasked; the way there is said', async () => {
    const { store } = await openedOnFirstPage('g-3-p5000', 4999);
    // Only what fills the screen is asked for: the list does not load on.
    expect(store.getSnapshot().loadingAll).toBe(false);
    expect(selectedId(store)).toBe('g-3-p1');
    // In the server's order: the list's order at start, though last time it may have been sorted.
    expect(store.getSnapshot().toast?.text).toBe("Last time: row 5,000 in the server's order (g-3-p5000). :g-3-p5000 loads on to it.");
    store.dispose();
  });

  it('of the group opened last, a page remembered near the top that is no longer there: sought through the first 1,000 rows only, then the way is said', async () => {
    const { store, held } = await openedOnFirstPage('g-3-gone', 6);
    expect(store.getSnapshot().toast?.text).toBe('Looking for page "g-3-gone"…');
    // The group goes on for 5,000 rows; the search gives up once 1,000 are loaded.
    const all = pagesOf('g-3', 5000);
    for (let from = 5; from < 5000 && held.waiting.length > 0; from += 100) {
      held.answer(all.slice(from, from + 100), true, `c${from}`);
      await settle();
    }
    expect(store.getSnapshot().pager.items.length).toBeGreaterThanOrEqual(1000);
    expect(store.getSnapshot().pager.items.length).toBeLessThan(1200);
    expect(held.waiting).toEqual([]);
    expect(store.getSnapshot().loadingAll).toBe(false);
    expect(store.getSnapshot().toast?.text).toBe('Last time: page g-3-gone (row 7). Not in the first 1,000 rows: :g-3-gone loads on to it.');
    store.dispose();
  });

  it('the row selected is saved with its place in the server order, sorted or not', async () => {
    const { store, held, savedNow } = await openedBeyondP7();
    held.waiting.splice(0, 1);
    held.answer(pagesOf('g-3', 5), true);
    await settle();
    held.answer(pagesOf('g-3', 9).slice(5));
    await settle();
    store.command('sort'); // name A→Z
    await settle();
    store.dispose();
    expect(savedNow.at(-1)?.group).toMatchObject({ groupId: 'g-3', selectedId: 'g-3-p7', selectedAt: 6 });
  });

  it('of the group opened last, selected beyond the rows kept: `pagetui open <group> <page>` names the page, not the cache', async () => {
    const { store, held } = await openedOverCachedP7('g-3-p6');
    expect(store.getSnapshot().toast?.text).toBe('Looking for page "g-3-p6"…');
    held.answer(pagesOf('g-3', 9).slice(5));
    await settle();
    expect(selectedId(store)).toBe('g-3-p6');
    store.dispose();
  });

  it('of the group opened last, selected beyond the rows kept: a page named at start on the first page is not left for the cached one', async () => {
    const { store, held } = await openedOverCachedP7('g-3-p1');
    expect(selectedId(store)).toBe('g-3-p1');
    expect(store.getSnapshot().loadingAll).toBe(false);
    held.answer(pagesOf('g-3', 9).slice(5));
    await settle();
    expect(selectedId(store)).toBe('g-3-p1');
    store.dispose();
  });

  it('while refreshing: G waits for the first page and goes to the end, also when that page is the whole list', async () => {
    const { store, held } = await start(INITIAL);
    await settle();
    store.command('bottom');
    await settle();
    expect(store.getSnapshot().following).toBe(true);
    held.answer(groupsOf(7));
    await settle();
    expect(selectedId(store)).toBe('g-7');
    expect(store.getSnapshot().following).toBe(false);
    store.dispose();
  });

  it('while waiting to refresh (a rate limit): G waits for the retry, then goes to the end', async () => {
    const { store, held } = await start(INITIAL);
    await settle();
    // The retry comes by itself a moment later (the header: "cached · waiting to refresh").
    held.fail(new ApiError('rate-limit', 'RATE_LIMITED', 'Too many requests.', { status: 429, retryAt: Date.now() + 1000 }));
    await settle();
    expect(store.getSnapshot().pager.state).toBe('rate-limited');
    expect(store.getSnapshot().pager.stale).toBe(true);
    store.command('bottom');
    await settle();
    expect(store.getSnapshot().following).toBe(true);
    expect(store.getSnapshot().toast?.text ?? '').not.toContain('not refreshed');
    await waitFor('the retry', () => held.waiting.length > 0);
    held.answer(groupsOf(7));
    await settle();
    const snap = store.getSnapshot();
    expect(snap.pager.stale).toBeUndefined();
    expect(selectedId(store)).toBe('g-7');
    expect(snap.following).toBe(false);
    store.dispose();
  });

  it('of the group opened last show when it is opened again, with its selection, until its first page', async () => {
    const group = { groupId: 'g-3', title: 'Group 3', items: pagesOf('g-3', 4), hasMore: false, selectedId: 'g-3-p2' };
    const { store, held, savedNow } = await start({ ...INITIAL, group });
    await settle();
    store.command('open');
    await settle();
    let snap = store.getSnapshot();
    expect(snap.route).toBe('pages');
    expect(snap.pager.stale).toBe(true);
    expect(selectedId(store)).toBe('g-3-p2');
    expect(held.waiting.map((w) => w.listing)).toEqual(['groups', 'g-3']);
    held.waiting.splice(0, 1);
    held.answer([{ pageId: 'g-3-p0', effectiveName: 'Before' }, ...pagesOf('g-3', 4)]);
    await settle();
    snap = store.getSnapshot();
    expect(snap.pager.stale).toBeUndefined();
    expect(selectedId(store)).toBe('g-3-p2');
    expect(snap.list.selected).toBe(2);
    store.dispose();
    expect(savedNow[0]?.group).toMatchObject({ groupId: 'g-3', selectedId: 'g-3-p2' });
    expect(savedNow[0]?.group?.items).toHaveLength(5);
  });
});
