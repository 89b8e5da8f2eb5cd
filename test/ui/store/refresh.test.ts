/**
 * `r` keeps the user's place: the shown rows stay while the new listing loads, a failed refresh
 * changes nothing on screen, `r` during a rate-limit wait discards nothing, and no warning of any
 * listing is ever lost.
 */
import { itemArray } from '../../../src/api/pager/packed-items.js';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/http/errors.js';
import { Pager } from '../../../src/api/pager/pager.js';
import type { ListOptions, ListPage, RawItem } from '../../../src/api/types.js';
import type { Command } from '../../../src/ui/keys/index.js';
import { AppStore } from '../../../src/ui/store/app-store.js';
import { describeStatus } from '../../../src/ui/store/status.js';
import { waitFor } from '../../helpers/wait-for.js';
import { groupsOf, pagesOf, selectedId, settle } from './helpers.js';

const press = (store: AppStore, ...commands: Command[]) => commands.forEach((c) => store.command(c));

interface Held {
  readonly listing: string;
  readonly cursor?: string;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * A client over arrays whose answers wait until the test lets them go (`hold`), or fail at once
 * (`down`), or come at once (neither). Cursors are 'c<offset>', 100 items a page.
 */
function controlledClient(data: { groups: RawItem[]; pages: Record<string, RawItem[]> }) {
  const calls: { listing: string; cursor?: string }[] = [];
  const held: Held[] = [];
  const mode = { hold: false, down: false };
  const serve = (listing: string, items: readonly RawItem[], options: ListOptions = {}): Promise<ListPage> => {
    calls.push({ listing, cursor: options.cursor });
    const offset = options.cursor ? Number(options.cursor.slice(1)) : 0;
    const next = offset + 100;
    const page = (): ListPage => ({
      items: items.slice(offset, next),
      hasMore: next < items.length,
      ...(next < items.length ? { nextCursor: `c${next}` } : {}),
      warnings: [],
    });
    if (mode.down) return Promise.reject(new ApiError('network', 'CONNECTION_REFUSED', 'The server refused the connection.'));
    if (!mode.hold) return Promise.resolve(page());
    return new Promise((resolve, reject) => {
      held.push({ listing, cursor: options.cursor, resolve: () => resolve(page()), reject });
    });
  };
  return {
    calls,
    held,
    mode,
    data,
    client: {
      listPageGroups: (options?: ListOptions) => serve('groups', data.groups, options),
      listPages: (groupId: string, options?: ListOptions) => serve(groupId, data.pages[groupId] ?? [], options),
    },
  };
}

async function openGroup(pages = 1000) {
  const scripted = controlledClient({ groups: groupsOf(3), pages: { 'g-1': pagesOf('g-1', pages) } });
  const store = new AppStore({ client: scripted.client, columns: 80, rows: 24, pageSize: 100 });
  store.start();
  await settle();
  press(store, 'open');
  await settle();
  return { store, ...scripted };
}

describe('refresh keeps the shown rows until the new listing is there', () => {
  it('a failed refresh leaves the rows, the selection and the scroll exactly as they were, with the error', async () => {
    const { store, mode, calls } = await openGroup();
    press(store, 'moveDown', 'moveDown', 'moveDown');
    press(store, ...Array.from({ length: 30 }, () => 'moveDown' as const));
    await settle();
    const before = store.getSnapshot();
    const shown = itemArray(before.visible.items);
    const [selected, top] = [before.list.selected, before.list.top];
    expect(selected).toBe(33);
    expect(top).toBeGreaterThan(0);

    mode.down = true;
    press(store, 'refresh');
    await settle();
    const after = store.getSnapshot();
    expect(itemArray(after.visible.items)).toEqual(shown);
    expect(after.pager.items.length).toBe(before.pager.items.length);
    expect([after.list.selected, after.list.top]).toEqual([selected, top]);
    expect(selectedId(store)).toBe('g-1-p34');
    expect(after.refreshing?.state).toBe('error');
    expect(after.refreshing?.error?.code).toBe('CONNECTION_REFUSED');

    // Back up: r retries the refresh (the failed first page, once) and lands on the same item.
    mode.down = false;
    const mark = calls.length;
    press(store, 'refresh');
    await settle();
    expect(calls.slice(mark).map((c) => c.cursor ?? 'first')).toEqual(['first']);
    expect(store.getSnapshot().refreshing).toBeUndefined();
    expect(selectedId(store)).toBe('g-1-p34');
    expect([store.getSnapshot().list.selected, store.getSnapshot().list.top]).toEqual([selected, top]);
    store.dispose();
  });

  it('shows the old rows, marked refreshing, until the first page; moves made meanwhile are kept', async () => {
    const { store, mode, held, data } = await openGroup();
    press(store, 'moveDown', 'moveDown');
    await settle();
    expect(selectedId(store)).toBe('g-1-p3');
    const oldPager = store.getSnapshot().list.pager;

    // The server's list has changed: one page before ours is gone.
    data.pages['g-1'] = pagesOf('g-1', 1000).filter((p) => p.pageId !== 'g-1-p1');
    mode.hold = true;
    press(store, 'refresh');
    await settle();
    expect(store.getSnapshot().visible.items.length).toBeGreaterThan(0);
    expect(store.getSnapshot().list.pager).toBe(oldPager);
    expect(store.getSnapshot().refreshing?.state).toBe('loading');
    expect(selectedId(store)).toBe('g-1-p3');

    // Keys keep working on the rows shown.
    press(store, 'moveDown', 'moveDown');
    expect(selectedId(store)).toBe('g-1-p5');

    expect(held).toHaveLength(1);
    held[0]!.resolve();
    await settle();
    const after = store.getSnapshot();
    expect(after.refreshing).toBeUndefined();
    expect(after.list.pager).not.toBe(oldPager);
    expect(after.visible.items.at(0)?.pageId).toBe('g-1-p2');
    // The item the user moved to, not the one selected when r was pressed.
    expect(selectedId(store)).toBe('g-1-p5');
    store.dispose();
  });

  it('a refresh that never gets its first page changes nothing; leaving the list drops it', async () => {
    const { store, mode, held } = await openGroup();
    press(store, 'moveDown');
    mode.hold = true;
    press(store, 'refresh');
    await settle();
    press(store, 'back');
    await settle();
    expect(store.getSnapshot().refreshing).toBeUndefined();
    mode.hold = false;
    held[0]!.resolve(); // answered after the user left: ignored
    press(store, 'open');
    await settle();
    expect(selectedId(store)).toBe('g-1-p2');
    expect(store.getSnapshot().visible.items.length).toBeGreaterThanOrEqual(100);
    store.dispose();
  });
});

describe('r during a rate-limit wait', () => {
  it('says the retry is already scheduled and discards nothing', async () => {
    const items = pagesOf('g-1', 1000);
    const calls: (string | undefined)[] = [];
    let limited = false;
    const retryAt = Date.now() + 60_000;
    const client = {
      listPageGroups: (): Promise<ListPage> => Promise.resolve({ items: groupsOf(3), hasMore: false, warnings: [] }),
      listPages: (_id: string, o: ListOptions = {}): Promise<ListPage> => {
        calls.push(o.cursor);
        if (limited) {
          return Promise.reject(new ApiError('rate-limit', 'RATE_LIMITED', 'Too many requests.', { status: 429, requestId: 'req-429', retryAt }));
        }
        const offset = o.cursor ? Number(o.cursor.slice(1)) : 0;
        return Promise.resolve({ items: items.slice(offset, offset + 100), hasMore: true, nextCursor: `c${offset + 100}`, warnings: [] });
      },
    };
    const store = new AppStore({ client, columns: 80, rows: 24, pageSize: 100 });
    store.start();
    await settle();
    press(store, 'open');
    await settle();
    limited = true;
    press(store, 'bottom'); // G: load everything, following the end
    await settle();
    await waitFor('G to be rate limited', () => store.getSnapshot().pager.state === 'rate-limited'); // frames are batched while G loads
    const before = store.getSnapshot();
    expect(before.pager.state).toBe('rate-limited');
    expect(before.following).toBe(true);
    const loaded = before.pager.items.length;
    const pager = before.list.pager;
    const mark = calls.length;

    press(store, 'refresh');
    await settle();
    const after = store.getSnapshot();
    expect(calls.length).toBe(mark); // nothing sent early
    expect(after.list.pager).toBe(pager);
    expect(after.pager.items.length).toBe(loaded);
    expect(after.pager.state).toBe('rate-limited');
    expect(after.pager.error?.requestId).toBe('req-429');
    expect(after.following).toBe(true);
    expect(after.refreshing).toBeUndefined();
    // Said with the countdown, which a live rate limit would otherwise show instead of a toast.
    const status = describeStatus(after.pager, after.toast, Date.now());
    expect(status.message?.text).toMatch(/Rate limited.*retry is already scheduled/);
    expect(status.message?.countdownSeconds).toBeGreaterThan(50);
    expect(status.message?.requestId).toBe('req-429');
    store.dispose();
  });
});

describe('r pressed twice at once', () => {
  /** A group whose second page answers 429 with a wait of ten years, then is held (never answers). */
  async function longWait() {
    const items = pagesOf('g-1', 1000);
    const calls: (string | undefined)[] = [];
    const state = { limited: false, failing: false };
    const client = {
      listPageGroups: (): Promise<ListPage> => Promise.resolve({ items: groupsOf(3), hasMore: false, warnings: [] }),
      listPages: (_id: string, o: ListOptions = {}): Promise<ListPage> => {
        calls.push(o.cursor);
        if (state.limited) {
          state.limited = false;
          return Promise.reject(new ApiError('rate-limit', 'RATE_LIMITED', 'Too many requests.', { status: 429, retryAt: Date.now() + 10 * 365 * 86_400_000 }));
        }
        if (state.failing) {
          state.failing = false;
          return Promise.reject(new ApiError('network', 'CONNECTION_REFUSED', 'The server refused the connection.'));
        }
        if (calls.length > 2) return new Promise<ListPage>(() => undefined);
        const offset = o.cursor ? Number(o.cursor.slice(1)) : 0;
        return Promise.resolve({ items: items.slice(offset, offset + 100), hasMore: true, nextCursor: `c${offset + 100}`, warnings: [] });
      },
    };
    const store = new AppStore({ client, columns: 80, rows: 24, pageSize: 100 });
    store.start();
    await settle();
    press(store, 'open');
    await settle();
    return { store, calls, state };
  }

  it('during a long rate-limit wait: one request now, not a second listing beside it', async () => {
    const { store, calls, state } = await longWait();
    state.limited = true;
    press(store, 'bottom');
    await waitFor('G to be rate limited', () => store.getSnapshot().pager.state === 'rate-limited');
    const mark = calls.length;
    press(store, 'refresh', 'refresh');
    await settle();
    expect(calls.length).toBe(mark + 1);
    expect(store.getSnapshot().refreshing).toBeUndefined();
    store.dispose();
  });

  it('after an error: one retry, not a retry and a refresh', async () => {
    const { store, calls, state } = await longWait();
    state.failing = true;
    press(store, 'bottom');
    await waitFor('G to fail', () => store.getSnapshot().pager.state === 'error');
    const mark = calls.length;
    press(store, 'refresh', 'refresh');
    await settle();
    expect(calls.length).toBe(mark + 1);
    expect(store.getSnapshot().refreshing).toBeUndefined();
    store.dispose();
  });
});

describe('r again while a refresh runs', () => {
  it('says it is already refreshing, and sends nothing more', async () => {
    const { store, mode, calls } = await openGroup();
    mode.hold = true;
    press(store, 'refresh');
    await settle();
    const mark = calls.length;
    press(store, 'refresh');
    await settle();
    expect(calls.length).toBe(mark);
    expect(store.getSnapshot().toast?.text).toBe('Already refreshing.');
    store.dispose();
  });

  it('during the refresh’s own rate-limit wait says the retry is already scheduled and asks nothing early', async () => {
    const calls: (string | undefined)[] = [];
    let limited = false;
    const client = {
      listPageGroups: (o: ListOptions = {}): Promise<ListPage> => {
        calls.push(o.cursor);
        return limited
          ? Promise.reject(new ApiError('rate-limit', 'RATE_LIMITED', 'Too many requests.', { retryAt: Date.now() + 60_000 }))
          : Promise.resolve({ items: groupsOf(3), hasMore: false, warnings: [] });
      },
      listPages: (): Promise<ListPage> => Promise.resolve({ items: [], hasMore: false, warnings: [] }),
    };
    const store = new AppStore({ client, columns: 80, rows: 24 });
    store.start();
    await settle();
    limited = true;
    press(store, 'moveDown', 'refresh');
    await settle();
    expect(store.getSnapshot().refreshing?.state).toBe('rate-limited');
    const mark = calls.length;
    press(store, 'refresh');
    await settle();
    expect(calls.length).toBe(mark);
    const after = store.getSnapshot();
    const status = describeStatus(after.pager, after.toast, Date.now(), undefined, after.refreshing);
    expect(status.message?.text).toBe('Refreshing: Rate limited — the retry is already scheduled (the server asked to wait)');
    expect(selectedId(store)).toBe('g-2');
    expect(after.visible.items).toHaveLength(3);
    store.dispose();
  });
});

describe('warnings are never lost', () => {
  it('shows a warning the group listing raised before the store watched it', async () => {
    const groupsPager = new Pager(() =>
      Promise.resolve({ items: groupsOf(3), hasMore: false, warnings: ['The server sent something odd.'] }),
    );
    groupsPager.ensure(10);
    await settle();
    expect(groupsPager.getSnapshot().warnings).toHaveLength(1);
    const client = controlledClient({ groups: [], pages: {} }).client;
    const store = new AppStore({ client, columns: 80, rows: 24, groupsPager });
    store.start();
    await settle();
    expect(store.getSnapshot().toast?.text).toBe('The server sent something odd.');
    store.dispose();
  });

  it('a warning hidden at once by a failure (the next page failed) is shown once the failure is gone', async () => {
    let down = false;
    const client = {
      listPageGroups: (o: ListOptions = {}): Promise<ListPage> => {
        if (o.cursor === undefined) {
          return Promise.resolve({ items: groupsOf(100), hasMore: true, nextCursor: 'c100', warnings: ['Odd first page.'] });
        }
        if (down) return Promise.reject(new ApiError('network', 'CONNECTION_REFUSED', 'Refused.'));
        return Promise.resolve({ items: groupsOf(150).slice(100), hasMore: false, warnings: [] });
      },
      listPages: (): Promise<ListPage> => Promise.resolve({ items: [], hasMore: false, warnings: [] }),
    };
    down = true;
    let clock = 1_000_000;
    const store = new AppStore({ client, columns: 80, rows: 24, now: () => clock });
    store.start();
    await settle();
    press(store, 'bottom'); // the second page is asked for at once, and fails
    await settle();
    await waitFor('the page to fail', () => store.getSnapshot().pager.state === 'error');
    const failed = store.getSnapshot();
    expect(failed.pager.state).toBe('error');
    expect(describeStatus(failed.pager, failed.toast, clock).message?.code).toBe('CONNECTION_REFUSED');
    clock += 30_000; // the user reads the error for a while
    down = false;
    press(store, 'refresh'); // retries the failed page
    await settle();
    await waitFor('the listing to finish', () => store.getSnapshot().pager.state === 'done');
    const after = store.getSnapshot();
    expect(after.pager.state).toBe('done');
    expect(describeStatus(after.pager, after.toast, clock).message?.text).toBe('Odd first page.');
    store.dispose();
  });

  it('shows the warnings of a refresh’s new listing, several at once included', async () => {
    let warnings: string[] = [];
    const client = {
      listPageGroups: (): Promise<ListPage> => Promise.resolve({ items: groupsOf(3), hasMore: false, warnings }),
      listPages: (): Promise<ListPage> => Promise.resolve({ items: [], hasMore: false, warnings: [] }),
    };
    const store = new AppStore({ client, columns: 80, rows: 24 });
    store.start();
    await settle();
    expect(store.getSnapshot().toast).toBeUndefined();
    warnings = ['First odd thing.', 'Second odd thing.'];
    press(store, 'refresh');
    await settle();
    const text = store.getSnapshot().toast?.text ?? '';
    expect(text).toContain('First odd thing.');
    expect(text).toContain('Second odd thing.');
    store.dispose();
  });
});

describe('refresh alongside other keys', () => {
  it('G pressed while the refresh loads goes on to the end of the new listing', async () => {
    const { store, mode, held, calls } = await openGroup(450);
    const oldPager = store.getSnapshot().list.pager;
    mode.hold = true;
    press(store, 'refresh', 'bottom');
    await settle();
    // The first page of the new listing only: the old one asks for nothing more while it is being replaced.
    expect(held.map((h) => h.cursor ?? 'first')).toEqual(['first']);
    mode.hold = false;
    const mark = calls.length;
    held[0]!.resolve();
    await settle();
    await waitFor('the new listing to hold 450 items', () => store.getSnapshot().pager.items.length >= 450); // frames are batched while G loads
    const after = store.getSnapshot();
    expect(after.list.pager).not.toBe(oldPager);
    expect(after.pager.items).toHaveLength(450);
    expect(after.following).toBe(false);
    expect(selectedId(store)).toBe('g-1-p450');
    // The new listing went on from its first page, each cursor once.
    expect(calls.slice(mark).map((c) => c.cursor)).toEqual(['c100', 'c200', 'c300', 'c400']);
    store.dispose();
  });

  it('keeps the selected item of a filtered list', async () => {
    const { store } = await openGroup(300);
    store.command('filter');
    store.setInputText('"Page 7"');
    store.submitInput();
    press(store, 'moveDown', 'moveDown');
    expect(selectedId(store)).toBe('g-1-p71');
    press(store, 'refresh');
    await settle();
    expect(store.getSnapshot().refreshing).toBeUndefined();
    expect(selectedId(store)).toBe('g-1-p71');
    store.dispose();
  });

  it('a key typed after a refresh was refused is saved once the retried refresh succeeds', async () => {
    let key = 'old';
    let revoked = false;
    const saved: string[] = [];
    const client = {
      listPageGroups: (): Promise<ListPage> =>
        revoked && key === 'old'
          ? Promise.reject(new ApiError('auth', 'UNAUTHORIZED', 'Key revoked', { status: 401 }))
          : Promise.resolve({ items: groupsOf(3), hasMore: false, warnings: [] }),
      listPages: (): Promise<ListPage> => Promise.resolve({ items: [], hasMore: false, warnings: [] }),
    };
    const store = new AppStore({
      client,
      columns: 80,
      rows: 24,
      onApiKey: (k) => (key = k),
      onApiKeyWorked: (k) => {
        saved.push(k);
        return Promise.resolve('Saved.');
      },
    });
    store.start();
    await settle();
    revoked = true;
    press(store, 'moveDown');
    press(store, 'refresh');
    await settle();
    expect(store.getSnapshot().refreshing?.error?.code).toBe('UNAUTHORIZED');
    expect(selectedId(store)).toBe('g-2');
    store.submitApiKey('new');
    await settle();
    expect(store.getSnapshot().refreshing).toBeUndefined();
    expect(saved).toEqual(['new']);
    expect(selectedId(store)).toBe('g-2');
    store.dispose();
  });
});

describe('the status bar during a refresh', () => {
  const shown = { items: pagesOf('g-1', 100), state: 'idle', hasMore: true, warnings: [], pagesFetched: 1, version: 1, loadingAll: false } as const;
  const now = 1_000_000;

  it('marks the rows as refreshing while the new listing loads, with the spinner', () => {
    const status = describeStatus(shown, undefined, now, undefined, { ...shown, items: [], state: 'loading', pagesFetched: 0 });
    expect(status.right).toBe('Refreshing… · 100 loaded, more available');
    expect(status.busy).toBe(true);
    expect(status.message).toBeUndefined();
  });

  it('says a refresh failed, with the reason, and no longer says refreshing', () => {
    const error = new ApiError('network', 'CONNECTION_REFUSED', 'The server refused the connection.', { requestId: 'req-9' });
    const status = describeStatus(shown, undefined, now, undefined, { ...shown, items: [], state: 'error', pagesFetched: 0, error });
    expect(status.right).toBe('100 loaded, more available');
    expect(status.message).toMatchObject({ tone: 'error', code: 'CONNECTION_REFUSED', requestId: 'req-9' });
    expect(status.message?.text).toMatch(/^Refresh failed: The server refused the connection\./);
  });

  it('a rate-limited refresh counts down, and r says the retry is already scheduled next to it', () => {
    const error = new ApiError('rate-limit', 'RATE_LIMITED', 'Too many requests.', { retryAt: now + 3000 });
    const refresh = { ...shown, items: [], state: 'rate-limited', pagesFetched: 0, error, retryAt: now + 3000 } as const;
    const toast = { tone: 'info', text: 'the retry is already scheduled', until: now + 5000, joinsCountdown: true } as const;
    const status = describeStatus(shown, toast, now, undefined, refresh);
    expect(status.message).toMatchObject({ code: 'RATE_LIMITED', countdownSeconds: 3 });
    expect(status.message?.text).toBe('Refreshing: Rate limited — the retry is already scheduled');
    // A failure of the rows shown comes first.
    const failed = describeStatus({ ...shown, state: 'error', error: new ApiError('timeout', 'TIMEOUT', 'Timed out.') }, toast, now, undefined, refresh);
    expect(failed.message?.code).toBe('TIMEOUT');
  });
});
