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
