import { describe, expect, it } from 'vitest';
import type { ListOptions, ListPage } from '../../../src/api/types.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { groupsOf, settle } from './helpers.js';

describe('leaving a list', () => {
  it('aborts its request in flight; re-entering resumes from the same cursor with the rows kept', async () => {
    const signals: { cursor?: string; signal?: AbortSignal }[] = [];
    const groups = groupsOf(3);
    const client = {
      listPageGroups: (): Promise<ListPage> => Promise.resolve({ items: groups, hasMore: false, warnings: [] }),
      // The first page answers at once; every later page hangs until aborted.
      listPages: (_id: string, o: ListOptions = {}): Promise<ListPage> => {
        signals.push({ cursor: o.cursor, signal: o.signal });
        if (o.cursor === undefined) {
          const items = Array.from({ length: 100 }, (_, i) => ({ pageId: `p${i + 1}` }));
          return Promise.resolve({ items, hasMore: true, nextCursor: 'c100', warnings: [] });
        }
        return new Promise((_resolve, reject) => o.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      },
    };
    const store = new AppStore({ client, columns: 80, rows: 24, pageSize: 100 });
    store.start();
    await settle();
    store.command('open');
    await settle();
    for (let i = 0; i < 90; i++) store.command('moveDown'); // near the end: the next page is requested
    await settle();
    expect(signals.map((s) => s.cursor)).toEqual([undefined, 'c100']);

    store.command('back');
    await settle();
    expect(signals[1]?.signal?.aborted).toBe(true);
    expect(store.getSnapshot().route).toBe('groups');

    store.command('open');
    await settle();
    expect(store.getSnapshot().pager.items).toHaveLength(100);
    expect(store.getSnapshot().pager.error).toBeUndefined();
    expect(signals.map((s) => s.cursor)).toEqual([undefined, 'c100', 'c100']);
    store.dispose();
  });

  it('sends nothing more for the list it left: the abort does not prompt a new request', async () => {
    const sent: { listing: string; cursor?: string }[] = [];
    const groups = Array.from({ length: 100 }, (_, i) => ({ pageGroupId: `g-${i + 1}`, title: `Group ${i + 1}` }));
    const hang = (signal?: AbortSignal): Promise<ListPage> =>
      new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const client = {
      listPageGroups: (o: ListOptions = {}): Promise<ListPage> => {
        sent.push({ listing: 'groups', cursor: o.cursor });
        if (o.cursor === undefined) return Promise.resolve({ items: groups, hasMore: true, nextCursor: 'c100', warnings: [] });
        return hang(o.signal);
      },
      listPages: (id: string, o: ListOptions = {}): Promise<ListPage> => {
        sent.push({ listing: id, cursor: o.cursor });
        return hang(o.signal);
      },
    };
    const store = new AppStore({ client, columns: 80, rows: 24, pageSize: 100 });
    store.start();
    await settle();
    store.command('bottom'); // the group list's next page is now in flight
    await settle();
    expect(sent).toEqual([{ listing: 'groups' }, { listing: 'groups', cursor: 'c100' }]);

    store.command('open');
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.filter((s) => s.listing === 'groups')).toHaveLength(2);
    store.dispose();
  });
});
