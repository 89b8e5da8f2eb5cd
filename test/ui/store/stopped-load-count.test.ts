/**
 * Esc during `G` says where the load stopped, and a page already on its way still lands: the
 * message then says the count that page leaves (and whether the list ended), as the header does.
 */
import { describe, expect, it } from 'vitest';
import type { ListOptions, ListPage } from '../../../src/api/types.js';
import { countText } from '../../../src/text/count.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, settle } from './helpers.js';

/** `total` page groups, 100 a page; each request waits until the test answers it. */
function heldClient(total: number) {
  const waiting: (() => void)[] = [];
  const listPageGroups = (o: ListOptions = {}): Promise<ListPage> =>
    new Promise((resolve) => {
      const from = o.cursor ? Number(o.cursor.slice(1)) : 0;
      const to = Math.min(from + 100, total);
      const items = groupsOf(to).slice(from);
      waiting.push(() => resolve({ items, hasMore: to < total, nextCursor: to < total ? `c${to}` : undefined, warnings: [] }));
    });
  const client = { listPageGroups, listPages: () => Promise.reject(new Error('unused')) };
  const answer = async (): Promise<boolean> => {
    const next = waiting.shift();
    next?.();
    await settle();
    return next !== undefined;
  };
  return { client, answer, inFlight: () => waiting.length };
}

async function stopWithPageInFlight(total: number) {
  const api = heldClient(total);
  const store = new AppStore({ client: api.client, columns: 100, rows: 30, pageSize: 100 });
  store.start();
  await settle();
  await api.answer();
  store.command('bottom');
  await api.answer();
  expect(store.getSnapshot().pager.items.length).toBe(200);
  expect(api.inFlight()).toBe(1);
  store.command('back');
  return { api, store };
}

describe('Esc during G with a page in flight', () => {
  it('says the count once the last page lands, as the header does', async () => {
    const { api, store } = await stopWithPageInFlight(208);
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning', text: 'Stopped loading the rest: 200 loaded, a page already asked for still lands.' });
    await api.answer();
    expect(store.getSnapshot().pager.items.length).toBe(208);
    expect(store.getSnapshot().pager.hasMore).toBe(false);
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning', text: 'Stopped loading the rest: all 208 loaded.' });
    store.dispose();
  });

  it('says the count the page in flight leaves when more is available', async () => {
    const { api, store } = await stopWithPageInFlight(10_000);
    await api.answer();
    while (await api.answer()); // the one that keeps a screen of rows beyond the selection, if any
    const loaded = store.getSnapshot().pager.items.length;
    expect(loaded).toBeGreaterThan(200);
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning', text: `Stopped loading the rest: ${countText(loaded)} loaded, more available.` });
    store.dispose();
  });
});

describe('G again after Esc stopped a load', () => {
  it('the stop is no longer said once the new load runs: its pages do not bring the old message back with their counts', async () => {
    const { api, store } = await stopWithPageInFlight(1000);
    store.command('bottom');
    expect(store.getSnapshot().following).toBe(true);
    await api.answer();
    await api.answer();
    expect(store.getSnapshot().pager.items.length).toBeGreaterThan(300);
    expect(store.getSnapshot().toast?.text ?? '').not.toMatch(/^Stopped loading the rest/);
    store.dispose();
  });
});

describe('r after Esc stopped a load', () => {
  it('takes the stop message away: the refresh says its own progress, not the count of the load it stopped', async () => {
    const { api, store } = await stopWithPageInFlight(1000);
    while (await api.answer()); // the page in flight lands; the stop is said with its count
    expect(store.getSnapshot().toast?.text ?? '').toMatch(/^Stopped loading the rest/);
    store.command('refresh');
    await settle();
    expect(store.getSnapshot().toast?.text ?? '').not.toMatch(/^Stopped loading the rest/);
    store.dispose();
  });
});
