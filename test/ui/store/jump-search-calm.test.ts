/**
 * A `:` search loading the rest: its "Looking for page …" line is one message, not a new one for
 * every page (each would redraw the status line and its clock a page at a time: "loading… 1s",
 * "2s", …). Without motion it stays until the search ends.
 */
import { afterEach, expect, it } from 'vitest';
import { closeDemoStore, startDemoStore, until } from './demo-store.js';

afterEach(closeDemoStore);

it('raises its "Looking for page" message once, however many pages arrive', async () => {
  const { store } = await startDemoStore({ latencyMs: 60 }, { columns: 100, rows: 30 }, { messagesUntilKey: true, lineCursor: true });
  await until('groups', () => store.getSnapshot().pager.items.length > 0);
  store.command('open');
  await until('pages', () => store.getSnapshot().route === 'pages' && store.getSnapshot().pager.state === 'idle' && store.getSnapshot().pager.items.length > 0);
  store.command('jump');
  store.setInputText('zz\r');
  await until('the search', () => store.getSnapshot().toast?.text === 'Looking for page "zz"…');
  const toasts = new Set<unknown>([store.getSnapshot().toast]);
  const unsubscribe = store.subscribe(() => toasts.add(store.getSnapshot().toast));
  const from = store.getSnapshot().pager.items.length;
  await until('five pages more', () => store.getSnapshot().pager.items.length >= from + 500, 15_000);
  unsubscribe();
  expect(toasts.size).toBe(1);
}, 20_000);
