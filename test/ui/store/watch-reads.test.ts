/**
 * Watch over the real demo server, its churn stepped by the test: rows that went are kept as
 * marked ghost rows for two reads; a deep window is read again alone (one page, from the cursor
 * that first fetched it) and applied in place; a re-read that fails changes nothing and the next
 * read starts from the top. Requests per read are counted in the server's own log.
 */
import { itemArray } from '../../../src/api/pager/packed-items.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/api/http/client.js';
import { ApiError } from '../../../src/api/http/errors.js';
import type { ListOptions } from '../../../src/api/types.js';
import { startDemoServer, type DemoServer } from '../../../src/demo-server/index.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { shownGhosts, windowLines } from '../../../src/ui/store/reload/watch-ghosts.js';
import { watchLabel } from '../../../src/ui/store/reload/watch-state.js';
import { selectedId } from './helpers.js';

const WATCH_SECONDS = 2;
let server: DemoServer | undefined;
let client: ApiClient | undefined;
let store: AppStore | undefined;

afterEach(async () => {
  vi.useRealTimers();
  store?.dispose();
  await client?.close();
  await server?.close();
  store = client = server = undefined;
});

const idOf = (raw: { pageId?: unknown } | undefined) => String(raw?.pageId);

async function until(what: string, done: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A store over grp-1 of a demo server whose churn moves one tick each time `step()` is called. */
async function watched(options: { pages: number; churnAt?: number; mangleCursors?: () => boolean; refuse?: () => Error | undefined }) {
  let tick = 0;
  server = await startDemoServer({ pages: options.pages, groups: 2, churn: 2, churnTicks: () => tick, ...(options.churnAt === undefined ? {} : { churnAt: options.churnAt }) });
  const api = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => server?.apiKey });
  client = api;
  // The app's client, except that a cursor can be spoilt on demand (the server then answers 400 on it).
  const listPages = (groupId: string, o: ListOptions = {}) => {
    const refused = options.refuse?.();
    if (refused) return Promise.reject(refused);
    return api.listPages(groupId, o.cursor !== undefined && options.mangleCursors?.() ? { ...o, cursor: `${o.cursor}~` } : o);
  };
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const s = new AppStore({ client: { listPageGroups: (o) => api.listPageGroups(o), listPages, quota: api.quota }, columns: 100, rows: 24, pageSize: 100, watchSeconds: WATCH_SECONDS });
  store = s;
  s.start();
  await until('the groups', () => s.getSnapshot().visible.items.length > 0);
  s.command('open');
  await until('the pages', () => s.getSnapshot().route === 'pages' && s.getSnapshot().pager.items.length > 0);
  const live = server;
  const idle = () => s.getSnapshot().refreshing === undefined && s.getSnapshot().pager.state !== 'loading';
  return {
    store: s,
    step: () => tick++,
    /** One watch interval: returns the requests it sent once everything it started has come back. */
    async read(): Promise<string[]> {
      const before = live.requests.length;
      const [lastAt, toast] = [s.getSnapshot().watch?.lastAt, s.getSnapshot().toast];
      vi.advanceTimersByTime(WATCH_SECONDS * 1000);
      // Done when the read was applied (its time is set) or said why not (a new message).
      await until('the read', () => idle() && (s.getSnapshot().watch?.lastAt !== lastAt || s.getSnapshot().toast !== toast));
      await new Promise((resolve) => setTimeout(resolve, 20));
      return live.requests.slice(before).map((r) => `${r.status} ${r.query.cursor === undefined ? 'first' : 'cursor'}`);
    },
  };
}

describe('watch: rows that went', () => {
  it('draws a gone row as a ghost after the row before it, marked, for two reads; the header still counts it', async () => {
    const w = await watched({ pages: 300 });
    const { store: s } = w;
    s.command('moveDown');
    s.command('moveDown');
    expect(selectedId(s)).toBe('grp-1-p3');
    w.step();
    expect(await w.read()).toEqual(['200 first']);
    w.step();
    expect(await w.read()).toEqual(['200 first']);
    // Tick 2: grp-1-p2 went; it sat after grp-1-new1 (p1 went the tick before, at the top).
    const watch = s.getSnapshot().watch;
    expect(watch?.ghosts?.get('grp-1-new1')?.map(idOf)).toEqual(['grp-1-p2']);
    expect(watch?.ghosts?.get('')?.map(idOf)).toEqual(['grp-1-p1']);
    // The header counts both rows drawn as gone, not only the last read's.
    expect(watchLabel(watch)).toMatch(/· 2 gone$/);
    expect(itemArray(s.getSnapshot().visible.items).map(idOf)).not.toContain('grp-1-p2');
    expect(selectedId(s)).toBe('grp-1-p3');
    // Two more reads with nothing new: p1's ghost went after its two, then p2's.
    await w.read();
    expect(s.getSnapshot().watch?.ghosts?.get('')).toBeUndefined();
    expect(s.getSnapshot().watch?.ghosts?.get('grp-1-new1')?.map(idOf)).toEqual(['grp-1-p2']);
    expect(s.getSnapshot().watch?.gone).toBe(1);
    await w.read();
    expect(s.getSnapshot().watch?.ghosts?.size).toBe(0);
    expect(s.getSnapshot().watch?.gone).toBe(0);
  }, 30_000);
});

/** The screen line (0: the first list line) the selected row is drawn on, ghosts counted. */
function cursorLineOf(s: AppStore): number {
  const snap = s.getSnapshot();
  const { selected, top } = snap.list;
  const ghosts = shownGhosts(snap);
  if (!ghosts) return selected - top;
  return windowLines(snap.list.kind, snap.visible.items, top, snap.windowRows, selected, ghosts).findIndex((l) => 'row' in l && l.row === selected);
}

describe('watch: the selection keeps its screen line', () => {
  it('rows that appear and go above it do not move the cursor down the screen', async () => {
    const w = await watched({ pages: 300 });
    const { store: s } = w;
    for (let i = 0; i < 5; i++) s.command('moveDown');
    const line = cursorLineOf(s);
    const id = selectedId(s);
    for (let i = 0; i < 3; i++) {
      w.step();
      await w.read();
      expect(selectedId(s)).toBe(id);
      // Exactly, but for the line a ghost of the list's first row takes while the window starts at row 0.
      expect(Math.abs(cursorLineOf(s) - line), `after read ${i + 1}`).toBeLessThanOrEqual(s.getSnapshot().list.top === 0 ? 1 : 0);
    }
  }, 30_000);
});

describe('watch: a read from the top', () => {
  it('draws ghosts only on the list they went from, in its server order unfiltered', async () => {
    const w = await watched({ pages: 300 });
    const { store: s } = w;
    w.step();
    await w.read();
    expect(shownGhosts(s.getSnapshot())?.get('')?.map(idOf)).toEqual(['grp-1-p1']);
    s.command('reverseSort');
    expect(shownGhosts(s.getSnapshot())).toBeUndefined();
    s.command('reverseSort');
    s.command('back');
    expect(s.getSnapshot().route).toBe('groups');
    expect(shownGhosts(s.getSnapshot())).toBeUndefined();
  }, 30_000);

  it('after `G` loaded the whole list, reads the first page in place: no row loaded further is dropped, the one that went is marked', async () => {
    const w = await watched({ pages: 2000 });
    const { store: s } = w;
    s.command('bottom');
    await until('all 2,000 rows', () => s.getSnapshot().pager.state === 'done');
    s.command('top');
    expect(selectedId(s)).toBe('grp-1-p1');
    w.step();
    // grp-1-p1 went. Before, the read was a new listing covering the window: 1,800 loaded rows went with it.
    expect(await w.read()).toEqual(['200 first']);
    expect(s.getSnapshot().pager.items.length).toBe(1999);
    expect(s.getSnapshot().watch?.ghosts?.get('')?.map(idOf)).toEqual(['grp-1-p1']);
  }, 30_000);
});

describe('watch: a deep window is read again alone', () => {
  /** 2,000 rows loaded, the window from row `top`, grp-1-p1511 selected. */
  async function deep(top: number, mangleCursors?: () => boolean, refuse?: () => Error | undefined) {
    const w = await watched({ pages: 2000, churnAt: 1505, ...(mangleCursors ? { mangleCursors } : {}), ...(refuse ? { refuse } : {}) });
    w.store.command('bottom');
    await until('all 2,000 rows', () => w.store.getSnapshot().pager.state === 'done');
    expect(w.store.getSnapshot().pager.items).toHaveLength(2000);
    w.store.selectRow(top);
    w.store.selectRow(1510);
    expect(w.store.getSnapshot().list.top).toBe(top);
    expect(selectedId(w.store)).toBe('grp-1-p1511');
    return w;
  }

  it('the pages on screen only (two here): a renamed row is replaced and marked, a removed one marked gone, the selection kept by id', async () => {
    const w = await deep(1499);
    const { store: s } = w;
    w.step();
    const sent = await w.read();
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(sent).toEqual(['200 cursor', '200 cursor']);
    const snap = s.getSnapshot();
    const ids = itemArray(snap.pager.items).map(idOf);
    // grp-1-p1506 went (between p1505 and p1507, both found); the new page is not inserted, only counted.
    expect(ids).toHaveLength(1999);
    expect(ids).not.toContain('grp-1-p1506');
    expect(ids).not.toContain('grp-1-new1');
    expect(ids.slice(1503, 1507)).toEqual(['grp-1-p1504', 'grp-1-p1505', 'grp-1-p1507', 'grp-1-p1508']);
    expect(new Set(ids).size).toBe(ids.length);
    expect(snap.watch?.ghosts?.get('grp-1-p1505')?.map(idOf)).toEqual(['grp-1-p1506']);
    // Renamed by this tick: p1514 and p1518, now with their new names, marked changed.
    const changed = [...(snap.watch?.marks ?? [])].filter(([, kind]) => kind === 'changed').map(([id]) => id);
    expect(changed.sort()).toEqual(['grp-1-p1514', 'grp-1-p1518']);
    expect(String(itemArray(snap.pager.items).find((p) => p.pageId === 'grp-1-p1514')?.effectiveName)).toMatch(/\(edit 1\)$/);
    expect(watchLabel(snap.watch)).toMatch(/· 1 gone · 1 new · r reloads$/);
    // The selection stays on its item; the window keeps its first row, so the row that went
    // between them brings the selected row one line up.
    expect(selectedId(s)).toBe('grp-1-p1511');
    expect([snap.list.top, snap.list.selected]).toEqual([1499, 1509]);
  }, 30_000);

  it('a re-read refused (400 on its cursor) changes nothing, says so quietly, and the next read starts from the top', async () => {
    let mangle = false;
    const w = await deep(1500, () => mangle);
    const { store: s } = w;
    const before = s.getSnapshot().pager.items;
    mangle = true;
    w.step();
    expect(await w.read()).toEqual(['400 cursor']);
    mangle = false;
    const snap = s.getSnapshot();
    expect(snap.pager.items).toBe(before);
    expect(snap.toast?.tone).toBe('info');
    expect(snap.toast?.text).toMatch(/Watch could not read the rows on screen again \(VALIDATION_ERROR\); the next read starts from the top/);
    expect(selectedId(s)).toBe('grp-1-p1511');
    const top = await w.read();
    expect(top[0]).toBe('200 first');
    expect(top.length).toBeGreaterThan(2);
    expect(selectedId(s)).toBe('grp-1-p1511');
    // Then deep again, from the new listing's cursors.
    expect(await w.read()).toEqual(['200 cursor']);
  }, 30_000);

  it('a re-read refused for the rate limit is tried again at the next interval, still alone', async () => {
    let refused: Error | undefined;
    const w = await deep(1500, undefined, () => refused);
    refused = new ApiError('rate-limit', 'RATE_LIMITED', 'Too many requests.', { status: 429, retryAt: Date.now() + 1000 });
    w.step();
    expect(await w.read()).toEqual([]);
    expect(w.store.getSnapshot().toast?.text).toMatch(/rate limited; reading again at the next interval/);
    refused = undefined;
    expect(await w.read()).toEqual(['200 cursor']);
    expect(selectedId(w.store)).toBe('grp-1-p1511');
    expect(w.store.getSnapshot().watch?.gone).toBe(1);
  }, 30_000);
});
