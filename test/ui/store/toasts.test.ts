/** Messages raised by actions: which list they belong to, how long they stay. */
import { describe, expect, it } from 'vitest';
import { describeStatus, TOAST_MS } from '../../../src/ui/store/status.js';
import { groupsOf, pagesOf, settle, startStore } from './helpers.js';

describe('toasts', () => {
  it('an info message fades after TOAST_MS; an error stays until the next key', async () => {
    let now = 1_000;
    const { store } = await startStore({ groups: groupsOf(5) }, { now: () => now });
    store.toast({ tone: 'info', text: 'Copied' });
    const info = store.getSnapshot().toast;
    expect(describeStatus(store.getSnapshot().pager, info, now).message?.text).toBe('Copied');
    expect(describeStatus(store.getSnapshot().pager, info, now + TOAST_MS + 1).message).toBeUndefined();

    store.toast({ tone: 'error', text: 'Export failed: disk full' });
    now += 60_000;
    const error = store.getSnapshot().toast;
    expect(describeStatus(store.getSnapshot().pager, error, now).message?.text).toBe('Export failed: disk full');
    store.command('moveDown');
    expect(store.getSnapshot().toast).toBeUndefined();
    store.dispose();
  });

  it('a message raised on a page list is gone on the group list, and does not come back', async () => {
    const { store } = await startStore({ groups: groupsOf(3), pages: { 'g-1': pagesOf('g-1', 5) } });
    store.command('open');
    await settle();
    store.toast({ tone: 'success', text: 'Exported 5 pages' });
    store.command('back');
    await settle();
    expect(store.getSnapshot().route).toBe('groups');
    expect(store.getSnapshot().toast).toBeUndefined();
    store.dispose();
  });

  it('progress says nothing of a list whose first request failed, rather than "0 loaded, more available"', () => {
    const failed = { items: [], hasMore: true, state: 'error', loadingAll: false } as unknown as Parameters<typeof describeStatus>[0];
    expect(describeStatus(failed, undefined, 0).right).toBe('');
  });
});
