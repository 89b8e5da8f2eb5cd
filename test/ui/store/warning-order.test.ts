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
  store.dispose();
});
