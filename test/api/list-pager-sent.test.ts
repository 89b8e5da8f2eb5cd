/**
 * A listing's wait says when its request left: before that (the quota holding it back) the
 * response's deadline has not started, and the status must not count the hold against it.
 */
import { expect, it } from 'vitest';
import { listPager, type ListClient } from '../../src/api/pager/list-pager.js';
import type { ListOptions, ListPage } from '../../src/api/types.js';

it('sentAt is unknown while the request is held, then the moment it left; a new request starts unknown again', async () => {
  const calls: { o: ListOptions; answer: (page: ListPage) => void }[] = [];
  const list = (o: ListOptions = {}): Promise<ListPage> => new Promise((answer) => calls.push({ o, answer }));
  const client: ListClient = {
    listPageGroups: list,
    listPages: (_id, o) => list(o),
    timeout: { ms: 30_000, source: '--timeout' },
  };
  const pager = listPager(client, 'pages', 'g-1', 100);
  pager.ensure(10, 0);
  await Promise.resolve();
  const wait = pager.getSnapshot().wait;
  expect(calls).toHaveLength(1);
  expect(wait?.sentAt?.()).toBeUndefined();
  const before = Date.now();
  calls[0]?.o.onSent?.();
  expect(wait?.sentAt?.()).toBeGreaterThanOrEqual(before);
  calls[0]?.answer({ items: [{ pageId: 'p1' }], hasMore: true, nextCursor: 'c2', warnings: [] });
  await new Promise((resolve) => setTimeout(resolve, 0));
  pager.loadAll();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(calls.length).toBe(2);
  expect(pager.getSnapshot().wait?.sentAt?.()).toBeUndefined();
  pager.dispose();
});
