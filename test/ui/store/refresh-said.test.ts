/**
 * For a screen reader every `r` that ends says so, a short list's too: under a quota the refresh
 * may be held for the window and end long after the key, so its end is the only word of it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { closeDemoStore, startDemoStore, until } from './demo-store.js';

afterEach(closeDemoStore);

describe('r is said when it ends', () => {
  it('a short list: Done: Refreshed 36 rows.', async () => {
    const { store } = await startDemoStore({}, { columns: 80, rows: 24 }, { lineCursor: true, messagesUntilKey: true });
    await until('the groups', () => store.getSnapshot().visible.items.length === 36);
    const before = store.getSnapshot().list.pager;
    store.command('refresh');
    await until('the refresh', () => store.getSnapshot().list.pager !== before, 10_000);
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'success', text: 'Refreshed 36 rows.' });
  });

  it('under a quota, a refresh held for the window says so when it lands', async () => {
    const { store } = await startDemoStore({ quota: 2, windowSeconds: 2 }, { columns: 80, rows: 24 }, { lineCursor: true, messagesUntilKey: true });
    await until('the groups', () => store.getSnapshot().visible.items.length === 36);
    store.command('refresh');
    await until('the first refresh', () => store.getSnapshot().toast?.text === 'Refreshed 36 rows.', 10_000);
    store.noteKey();
    store.command('refresh');
    store.noteKey();
    store.command('refresh');
    // A second r while the first is held: said as a warning, so a screen reader hears it.
    expect(store.getSnapshot().toast).toMatchObject({ tone: 'warning', text: 'Already refreshing.' });
    await until('the held refresh', () => store.getSnapshot().toast?.text === 'Refreshed 36 rows.', 10_000);
    expect(store.getSnapshot().refreshing).toBeUndefined();
  }, 20_000);
});
