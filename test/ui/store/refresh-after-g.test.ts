/**
 * `r` after `G` reloads as many rows as were loaded: the rows stay shown until the new listing
 * holds that many, the status says how far it is, and Esc stops it with the rows as they were.
 */
import { afterEach, expect, it } from 'vitest';
import { describeStatus } from '../../../src/ui/store/status.js';
import { closeDemoStore, startDemoStore, until } from './demo-store.js';
import { selectedId } from './helpers.js';

afterEach(closeDemoStore);

async function openAfterG(latencyMs: number) {
  const { server, store } = await startDemoStore({ pages: 3000, latencyMs }, { columns: 100, rows: 30 });
  await until('groups', () => store.getSnapshot().pager.items.length > 0);
  store.command('open');
  await until('pages', () => store.getSnapshot().route === 'pages' && store.getSnapshot().pager.items.length > 0);
  store.command('bottom');
  return { server, store };
}

it('r while G loads: the new listing replaces the rows only once it holds as many, then G goes on', async () => {
  const { store } = await openAfterG(2);
  await until('loading', () => store.getSnapshot().pager.items.length >= 800, 20_000);
  store.command('refresh');
  const atR = store.getSnapshot().pager.items.length;
  await until('swapped', () => store.getSnapshot().refreshing === undefined, 20_000);
  expect(store.getSnapshot().pager.items.length).toBeGreaterThanOrEqual(atR);
  await until('all', () => !store.getSnapshot().pager.hasMore && !store.getSnapshot().following, 20_000);
  expect(selectedId(store)).toBe('grp-1-p3000');
});

it('r after G has loaded everything keeps every row and the last one selected; the status counts', async () => {
  const { store } = await openAfterG(0);
  await until('all', () => !store.getSnapshot().pager.hasMore && !store.getSnapshot().following, 20_000);
  store.command('top');
  store.command('refresh');
  await until('some', () => (store.getSnapshot().refreshing?.items.length ?? 0) >= 100);
  const snap = store.getSnapshot();
  if (snap.refreshing !== undefined) {
    // One count on the line: the refresh's, not also the rows loaded before it.
    expect(describeStatus(snap.pager, undefined, Date.now(), undefined, snap.refreshing, snap.refreshTarget).right).toMatch(/^Refreshing [\d,]+ of 3,000 — Esc to stop$/);
  }
  await until('swapped', () => store.getSnapshot().refreshing === undefined, 20_000);
  expect(store.getSnapshot().pager.items.length).toBe(3000);
  expect(selectedId(store)).toBe('grp-1-p1');
  expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'Refreshed 3,000 rows.' });
});

it('Esc stops a long refresh: the rows are as they were', async () => {
  const { store } = await openAfterG(0);
  await until('all', () => !store.getSnapshot().pager.hasMore && !store.getSnapshot().following, 20_000);
  const before = store.getSnapshot().pager.items;
  store.command('refresh');
  await until('started', () => store.getSnapshot().refreshing !== undefined);
  store.command('back');
  expect(store.getSnapshot().refreshing).toBeUndefined();
  expect(store.getSnapshot().route).toBe('pages');
  expect(store.getSnapshot().pager.items).toBe(before);
  expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning', text: expect.stringMatching(/^Refresh stopped/) as unknown });
});

it('r again after Esc stopped a refresh: the stop is no longer said while the new refresh runs', async () => {
  const { store } = await openAfterG(0);
  await until('all', () => !store.getSnapshot().pager.hasMore && !store.getSnapshot().following, 20_000);
  store.command('refresh');
  await until('started', () => store.getSnapshot().refreshing !== undefined);
  store.command('back');
  expect(store.getSnapshot().toast?.text).toMatch(/^Refresh stopped/);
  store.command('refresh');
  expect(store.getSnapshot().toast?.text ?? '').not.toMatch(/^Refresh stopped/);
});
