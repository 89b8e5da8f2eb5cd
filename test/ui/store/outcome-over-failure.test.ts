/**
 * A key's outcome is said while the list's own load or refresh error stands: it takes the status
 * line until the next key (or its 5 s), then the error, which still holds, is said again.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/http/errors.js';
import type { ListOptions, ListPage } from '../../../src/api/types.js';
import type { Command } from '../../../src/ui/keys/bindings.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { describeStatus } from '../../../src/ui/store/status.js';
import { groupsOf, settle } from './helpers.js';

const refused = () => new ApiError('network', 'CONNECTION_REFUSED', 'The server refused the connection.', { retryable: true });

async function failedRefresh(messagesUntilKey: boolean, now: () => number = Date.now) {
  let down = false;
  const client = {
    listPageGroups: (_o: ListOptions = {}): Promise<ListPage> => (down ? Promise.reject(refused()) : Promise.resolve({ items: groupsOf(36), hasMore: false, warnings: [] })),
    listPages: (): Promise<ListPage> => Promise.resolve({ items: [], hasMore: false, warnings: [] }),
  };
  const store = new AppStore({ client, columns: 80, rows: 24, messagesUntilKey, lineCursor: messagesUntilKey, now });
  store.start();
  await settle();
  down = true;
  store.command('refresh');
  await settle();
  return store;
}

const said = (store: AppStore, now = Date.now()) => {
  const s = store.getSnapshot();
  return describeStatus(s.pager, s.toast, now, undefined, s.refreshing).message;
};

const key = (store: AppStore, command: Command) => {
  store.noteKey();
  store.command(command);
};

describe("an outcome over the list's own error", () => {
  it('for a screen reader: s, 2, w, y each say their outcome; the next key brings the error back', async () => {
    const store = await failedRefresh(true);
    expect(said(store)).toMatchObject({ tone: 'error', code: 'CONNECTION_REFUSED' });
    expect(said(store)?.text).toMatch(/^Refresh failed/);
    key(store, 'sort');
    expect(said(store)).toMatchObject({ tone: 'success' });
    expect(said(store)?.text).toMatch(/^Sorted/);
    key(store, 'statusPublished');
    expect(said(store)?.text).toMatch(/^Showing published only/);
    key(store, 'watch');
    expect(said(store)?.text).toMatch(/^Watching/);
    key(store, 'watch');
    key(store, 'moveDown');
    expect(said(store)).toMatchObject({ tone: 'error', code: 'CONNECTION_REFUSED' });
    store.dispose();
  });

  it('in the usual mode the outcome is said for its 5 s, then the error again', async () => {
    let clock = 1_000_000;
    const store = await failedRefresh(false, () => clock);
    store.noteKey();
    store.toast({ tone: 'success', text: 'Exported 36 page groups to ./page-groups.ndjson' });
    expect(said(store, clock)?.text).toMatch(/^Exported 36/);
    clock += 6_000;
    expect(said(store, clock)).toMatchObject({ tone: 'error', code: 'CONNECTION_REFUSED' });
    store.dispose();
  });

  it('an error that comes after an outcome is said at once', async () => {
    let down = false;
    const client = {
      listPageGroups: (): Promise<ListPage> => (down ? Promise.reject(refused()) : Promise.resolve({ items: groupsOf(5), hasMore: false, warnings: [] })),
      listPages: (): Promise<ListPage> => Promise.resolve({ items: [], hasMore: false, warnings: [] }),
    };
    const store = new AppStore({ client, columns: 80, rows: 24, messagesUntilKey: true });
    store.start();
    await settle();
    store.command('sort');
    down = true;
    store.command('refresh');
    await settle();
    expect(said(store)).toMatchObject({ tone: 'error', code: 'CONNECTION_REFUSED' });
    store.dispose();
  });
});
