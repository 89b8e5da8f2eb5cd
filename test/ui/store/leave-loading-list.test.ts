/**
 * Leaving a list while its request is in flight aborts that request and sends no other for it:
 * the list's own change (the abort) must not make the list being left fetch again. Over the real
 * demo server, whose log shows every request it received.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { closeDemoStore, startDemoStore, until } from './demo-store.js';

afterEach(closeDemoStore);

describe('leaving a list that is loading', () => {
  it('sends no request for it once left (G in progress, then back to the groups)', async () => {
    const { server: live, store: s } = await startDemoStore({ pages: 5000, groups: 3, latencyMs: 150 }, { columns: 100, rows: 24 });
    await until('the groups', () => s.getSnapshot().visible.items.length > 0);
    s.command('open');
    await until('the pages', () => s.getSnapshot().route === 'pages' && s.getSnapshot().pager.items.length >= 100);
    s.command('bottom');
    // G loads on (the selection stays on the first row) while the next page is on its way.
    const following = () => {
      const snap = s.getSnapshot();
      // The request on its way has reached the server (else it would be counted as sent after leaving).
      const received = live.requests.filter((r) => r.path.includes('/grp-1/pages')).length;
      return snap.pager.items.length >= 300 && snap.pager.state === 'loading' && snap.following && snap.list.selected === 0 && received > snap.pager.items.length / 100;
    };
    await until('G on its way', following);
    s.command('back'); // stops G; its request in flight is kept
    expect(s.getSnapshot().pager.state).toBe('loading');
    s.command('back'); // leaves the list while that request is in flight: it is aborted
    expect(s.getSnapshot().route).toBe('groups');
    const left = live.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    const after = live.requests.slice(left).filter((r) => r.path.includes('/grp-1/pages'));
    expect(after.map((r) => r.rawUrl)).toEqual([]);
  }, 30_000);
});
