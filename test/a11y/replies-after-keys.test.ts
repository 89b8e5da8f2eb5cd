/**
 * A copy's outcome arrives after the copy has run. When keys came behind `y` meanwhile (`y j j`
 * typed at once), the user moved on: the outcome is said, marked as coming after those keys (the
 * status line then leaves the cursor on the row they reached); alone, it is a plain announcement.
 */
import { expect, it } from 'vitest';
import type { ListPage } from '../../src/api/types.js';
import type { Clipboard } from '../../src/ui/services/clipboard.js';
import { AppStore } from '../../src/ui/store/app-store.js';
import { routeInput } from '../../src/ui/screens/route-keys.js';
import { groupsOf, settle } from '../ui/store/helpers.js';

function start() {
  const copies: (() => void)[] = [];
  const clipboard: Clipboard = { copy: () => new Promise((resolve) => copies.push(() => resolve({ method: 'tmux buffer' }))) };
  const page = (): Promise<ListPage> => Promise.resolve({ items: groupsOf(5), hasMore: false, warnings: [] });
  const store = new AppStore({ client: { listPageGroups: page, listPages: page }, clipboard, columns: 100, rows: 24, lineCursor: true, messagesUntilKey: true });
  store.start();
  const finishCopy = async (): Promise<void> => {
    copies.shift()?.();
    await settle();
  };
  return { store, finishCopy };
}

it('marks a copy said after the keys typed behind y, and only then', async () => {
  const { store, finishCopy } = start();
  await settle();
  routeInput(store, 'y', () => {});
  await finishCopy();
  expect(store.getSnapshot().toast).toMatchObject({ tone: 'success' });
  expect(store.getSnapshot().toast?.afterKeys).toBeUndefined();
  routeInput(store, 'yjj', () => {});
  await finishCopy();
  expect(store.getSnapshot().list.selected).toBe(2);
  expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', afterKeys: true });
  store.dispose();
});

it('takes a sort announcement away with the j typed behind s', async () => {
  const { store } = start();
  await settle();
  routeInput(store, 's', () => {});
  expect(store.getSnapshot().toast).toMatchObject({ tone: 'success' });
  routeInput(store, 'sj', () => {});
  expect(store.getSnapshot().toast).toBeUndefined();
  store.dispose();
});

it('marks the copy of the last error (E, y) said after the keys typed behind it', async () => {
  const copies: (() => void)[] = [];
  const clipboard: Clipboard = { copy: () => new Promise((resolve) => copies.push(() => resolve({ method: 'tmux buffer' }))) };
  const failing = (): Promise<ListPage> => Promise.reject(new Error('the service is down'));
  const store = new AppStore({ client: { listPageGroups: failing, listPages: failing }, clipboard, columns: 100, rows: 24, lineCursor: true, messagesUntilKey: true });
  store.start();
  await settle();
  expect(store.getSnapshot().lastError).toBeDefined();
  store.command('showError');
  routeInput(store, 'yj', () => {});
  copies.shift()?.();
  await settle();
  expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', afterKeys: true });
  store.dispose();
});
