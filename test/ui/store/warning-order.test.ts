/**
 * Several listing warnings that arrive together share one status line, which is cut by width: the
 * newest comes first, since it is usually the one that ended the listing (a cursor loop), and the
 * user must read that one even in a narrow terminal.
 */
import { expect, it } from 'vitest';
import { REPEATED_CURSOR_WARNING } from '../../../src/api/pager/pager.js';
import type { ListPage } from '../../../src/api/types.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { settle } from './helpers.js';
import { describeStatus } from '../../../src/ui/store/status.js';

it('a repeated cursor that also repeats items: the loop-guard warning leads the status line', async () => {
  // A mock that answers every request with the same example: the same item, the same cursor.
  const page = (): Promise<ListPage> => Promise.resolve({ items: [{ pageGroupId: 'grp-1', title: 'G' }], hasMore: true, nextCursor: 'same', warnings: [] });
  const store = new AppStore({ client: { listPageGroups: page, listPages: page }, columns: 80, rows: 24, pageSize: 100 });
  store.start();
  await settle();
  await settle();
  const toast = store.getSnapshot().toast;
  expect(toast?.tone).toBe('warning');
  expect(toast?.text.startsWith(REPEATED_CURSOR_WARNING)).toBe(true);
  store.dispose();
});

it('once the loop-guard warning is gone, the status does not say the whole list is loaded: the server said there was more', async () => {
  let calls = 0;
  // Two pages of new items, then the server sends the second cursor again.
  const page = (): Promise<ListPage> => {
    calls++;
    return Promise.resolve({ items: [{ pageGroupId: `grp-${calls}`, title: `G${calls}` }], hasMore: true, nextCursor: calls === 1 ? 'a' : 'b', warnings: [] });
  };
  const store = new AppStore({ client: { listPageGroups: page, listPages: page }, columns: 80, rows: 24, pageSize: 100 });
  store.start();
  store.command('bottom');
  for (let i = 0; i < 5; i++) await settle();
  const snap = store.getSnapshot();
  expect(snap.pager.hasMore).toBe(false);
  // Without the toast (it times out, or a key took it), what the status line says of the list.
  const right = describeStatus(snap.pager, undefined, Date.now()).right;
  expect(right).not.toMatch(/^all /);
  expect(right).toMatch(/stopped/);
  // Filtered, its count is of the rows loaded, not of the whole list.
  const filtered = describeStatus(snap.pager, undefined, Date.now(), { matches: 0 }).right;
  expect(filtered).toBe("0 of 3 loaded match — the server's paging stopped early");
  store.dispose();
});

it('for a screen reader, G that a loop guard stopped says so where it says the end, not "Done" alone', async () => {
  const groups = (): Promise<ListPage> => Promise.resolve({ items: [{ pageGroupId: 'rep', title: 'Rep' }], hasMore: false, warnings: [] });
  // Three pages of new items, then the cursor of the page before again.
  const pages = (_group: string, options?: { cursor?: string }): Promise<ListPage> => {
    const from = options?.cursor === undefined ? 0 : Number(options.cursor);
    const items = Array.from({ length: 100 }, (_, i) => ({ pageId: `p${from + i + 1}`, pageGroupId: 'rep', effectiveName: `Page ${from + i + 1}` }));
    return Promise.resolve({ items, hasMore: true, nextCursor: String(from >= 300 ? from : from + 100), warnings: [] });
  };
  const store = new AppStore({ client: { listPageGroups: groups, listPages: pages }, columns: 100, rows: 30, pageSize: 100, lineCursor: true, messagesUntilKey: true, start: { groupId: 'rep' } });
  store.start();
  for (let i = 0; i < 5; i++) await settle();
  store.command('bottom');
  for (let i = 0; i < 5; i++) await settle();
  // While the whole list loads, the store hears of the pager's changes every 250 ms at most.
  await new Promise((resolve) => setTimeout(resolve, 400));
  const toast = store.getSnapshot().toast;
  expect(toast?.tone).toBe('warning');
  expect(toast?.text).toContain('At the end: row 400 of 400');
  expect(toast?.text).toContain(REPEATED_CURSOR_WARNING);
  store.dispose();
});
