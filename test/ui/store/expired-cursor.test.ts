/**
 * An expired cursor is not a dead end: against the demo server, whose cursors can be made to
 * expire (a 400 on `cursor`, "expired; start again from the first page"), the status bar and the
 * footer offer R (reload from the first page), which keeps the selection by id; reopening the list
 * after going back starts fresh; and no request is sent again and again by itself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { footerHint } from '../../../src/ui/keys/index.js';
import { describeStatus, offeredCommands, offersRestart } from '../../../src/ui/store/status.js';
import { closeDemoStore, startDemoStore, until } from './demo-store.js';
import { selectedId } from './helpers.js';
import type { AppStore } from '../../../src/ui/store/app-store.js';
import type { DemoServer } from '../../../src/demo-server/index.js';

afterEach(closeDemoStore);

const PAGES = '/v0/page_groups/grp-1/pages';
const pageRequests = (server: DemoServer, from = 0) => server.requests.slice(from).filter((r) => r.path === PAGES);

async function failOnExpiredCursor(): Promise<{ server: DemoServer; store: AppStore }> {
  const { server, store } = await startDemoStore({ pages: 1000 }, { columns: 100, rows: 30 });
  await until('groups', () => store.getSnapshot().pager.items.length > 0);
  store.command('open');
  await until('first page', () => store.getSnapshot().route === 'pages' && store.getSnapshot().pager.items.length === 100);
  server.expireCursors();
  for (let i = 0; i < 90; i++) store.command('moveDown');
  await until('the cursor fails', () => store.getSnapshot().pager.state === 'error');
  expect(store.getSnapshot().pager.error?.field).toBe('cursor');
  return { server, store };
}

describe('a 400 on an expired cursor', () => {
  it('offers R in the status bar and the footer; R reloads from the first page and keeps the selection by id', async () => {
    const { server, store } = await failOnExpiredCursor();
    const snap = store.getSnapshot();
    expect(offersRestart(snap.pager)).toBe(true);
    expect(describeStatus(snap.pager, undefined, Date.now()).message?.hint).toBe('press R to reload from the first page');
    expect(footerHint('pages', 200, offeredCommands(snap.pager))).toMatch(/^R reload from the first page {2}/);
    expect(footerHint('pages', 200)).not.toContain('reload from the first page');
    expect(selectedId(store)).toBe('grp-1-p91');

    // r would send the dead cursor again; R starts the listing again instead.
    const mark = server.requests.length;
    store.command('reloadFromStart');
    await until('reloaded', () => store.getSnapshot().refreshing === undefined && store.getSnapshot().pager.state !== 'error');
    expect(pageRequests(server, mark)[0]?.query.cursor).toBeUndefined();
    expect(selectedId(store)).toBe('grp-1-p91');
    expect(store.getSnapshot().pager.items.length).toBeGreaterThanOrEqual(100);
    await until('more loads', () => store.getSnapshot().pager.state === 'idle');
    // Each cursor of the new listing went out once.
    const cursors = pageRequests(server, mark).map((r) => r.query.cursor ?? '');
    expect(new Set(cursors).size).toBe(cursors.length);
  });

  it('reopening the list after going back starts fresh instead of keeping the failed cursor', async () => {
    const { server, store } = await failOnExpiredCursor();
    store.command('back');
    await until('groups shown', () => store.getSnapshot().route === 'groups');
    const mark = server.requests.length;
    store.command('open');
    await until('fresh list', () => store.getSnapshot().route === 'pages' && store.getSnapshot().pager.items.length >= 100 && store.getSnapshot().pager.state !== 'loading');
    expect(store.getSnapshot().pager.state).not.toBe('error');
    expect(pageRequests(server, mark)[0]?.query.cursor).toBeUndefined();
  });
});

describe('a page that fails again and again', () => {
  it('after a second failed r on the same page, R is offered too', async () => {
    const { server, store } = await failOnExpiredCursor();
    // The first failure and one failed r: r is all there is to try on a server error…
    expect(offersRestart({ ...store.getSnapshot().pager, error: undefined, failures: 2 })).toBe(false);
    // …after the second failed r, reloading from the first page is offered as well.
    const mark = server.requests.length;
    store.command('refresh');
    await until('r fails', () => pageRequests(server, mark).length === 1 && store.getSnapshot().pager.state === 'error');
    store.command('refresh');
    await until('r fails again', () => pageRequests(server, mark).length === 2 && store.getSnapshot().pager.state === 'error');
    expect(store.getSnapshot().pager.failures).toBe(3);
    expect(offersRestart({ ...store.getSnapshot().pager, error: undefined })).toBe(true);
  });
});
