/**
 * Esc while `G` loads under a spent quota: a request the quota still holds back is not sent at
 * all (the status said "loading…" for seconds after the stop, until the window reset and the
 * request came back). A request that already left still lands.
 */
import { afterEach, expect, it } from 'vitest';
import { closeDemoStore, startDemoStore, until } from './demo-store.js';

afterEach(closeDemoStore);

it('Esc stops at once a request the quota holds back, and it is never sent', async () => {
  const { server, store } = await startDemoStore({ pages: 3000, quota: 4, windowSeconds: 4 }, { columns: 100, rows: 30 }, { lineCursor: true });
  await until('groups', () => store.getSnapshot().pager.items.length > 0);
  store.command('open');
  await until('pages', () => store.getSnapshot().route === 'pages' && store.getSnapshot().pager.state === 'idle' && store.getSnapshot().pager.items.length > 0);
  store.command('bottom');
  const held = () => {
    const pager = store.getSnapshot().pager;
    return pager.state === 'loading' && pager.wait?.sentAt?.() === undefined && pager.pagesFetched >= 2;
  };
  await until('a request held by the quota', held, 20_000);
  const sent = server.requests.length;
  store.command('back');
  expect(store.getSnapshot().following).toBe(false);
  expect(store.getSnapshot().pager.state).not.toBe('loading');
  expect(store.getSnapshot().route).toBe('pages');
  // The window resets within 4 s: the held request would have gone by then.
  await new Promise((resolve) => setTimeout(resolve, 4_500));
  expect(server.requests.length).toBe(sent);
  expect(store.getSnapshot().pager.state).not.toBe('loading');
}, 30_000);
