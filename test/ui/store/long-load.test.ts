/**
 * The store says "loading beyond what the view needs" from the pager, not from the move that
 * started it: after `G` or Tab and then a move, the load still shows and Esc still stops it.
 */
import { describe, expect, it } from 'vitest';
import type { ListOptions, ListPage, RawItem } from '../../../src/api/types.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { waitFor } from '../../helpers/wait-for.js';
import { groupsOf, settle } from './helpers.js';

/** Page groups without end; each request waits until the test answers it. */
function endlessClient() {
  const waiting: { cursor?: string; answer: () => void }[] = [];
  const listPageGroups = (o: ListOptions = {}): Promise<ListPage> =>
    new Promise((resolve) => {
      const from = o.cursor ? Number(o.cursor.slice(1)) : 0;
      const items: RawItem[] = groupsOf(from + 100).slice(from);
      waiting.push({ cursor: o.cursor, answer: () => resolve({ items, hasMore: true, nextCursor: `c${from + 100}`, warnings: [] }) });
    });
  const client = { listPageGroups, listPages: () => Promise.reject(new Error('unused')) };
  /** Answers the request in flight; false when none is. */
  const answer = async (): Promise<boolean> => {
    const next = waiting.shift();
    next?.answer();
    await settle();
    return next !== undefined;
  };
  return { client, waiting, answer, sent: () => waiting.length };
}

describe('a long load in the store', () => {
  for (const start of ['G', 'Tab'] as const) {
    it(`${start}, then a move: still shown as loading, and Esc stops it`, async () => {
      const api = endlessClient();
      const store = new AppStore({ client: api.client, columns: 80, rows: 24, pageSize: 100 });
      let requests = 0;
      const count = async () => {
        while (await api.answer()) requests++;
      };
      store.start();
      await settle();
      await api.answer();
      requests = 1;
      if (start === 'G') {
        store.command('bottom');
      } else {
        store.command('filter');
        store.setInputText('Group 1');
        store.loadAll();
      }
      for (let i = 0; i < 3; i++) if (await api.answer()) requests++;
      store.command('moveUp');
      expect(store.getSnapshot().following).toBe(false);
      expect(store.getSnapshot().loadingAll).toBe(true);
      for (let i = 0; i < 3; i++) if (await api.answer()) requests++;
      await waitFor('the bulk frame', () => store.getSnapshot().pager.items.length > 500);
      expect(store.getSnapshot().loadingAll).toBe(true);
      expect(store.getSnapshot().pager.items.length).toBeGreaterThan(500);

      if (start === 'Tab') {
        // The filter prompt's Esc does what its line says (clear the filter); the load goes on.
        store.command('back');
        expect(store.getSnapshot().loadingAll).toBe(true);
      }
      store.command('back');
      expect(store.getSnapshot().loadingAll).toBe(false);
      const atEsc = requests;
      await count(); // the request in flight lands
      await count();
      expect(requests - atEsc).toBeLessThanOrEqual(1);
      expect(api.sent()).toBe(0);
      store.dispose();
    });
  }
});
