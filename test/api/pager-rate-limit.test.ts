import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http/errors.js';
import { Pager } from '../../src/api/pager/pager.js';
import { flush, ids, manualTimers, rateLimit, Script } from './helpers/scripted-fetch.js';

describe('Pager: rate limits, cancel and dispose', () => {
  it('waits out a rate limit with a timer and retries the same cursor by itself', async () => {
    const s = new Script();
    const t = manualTimers();
    const pager = new Pager(s.fetch, t);
    pager.ensure(Infinity);
    await s.answer({ items: ids(0, 1), hasMore: true, nextCursor: 'c1' });
    const retryAt = t.now() + 5000;
    await s.fail(rateLimit(retryAt));
    expect(pager.getSnapshot()).toMatchObject({ state: 'rate-limited', retryAt });
    expect(s.calls).toHaveLength(2);
    pager.ensure(Infinity);
    pager.retry(); // retry() only acts in 'error'; the timer owns this wait
    expect(s.calls).toHaveLength(2);
    await t.runNext();
    expect(t.now()).toBe(retryAt);
    expect(s.cursors).toEqual([undefined, 'c1', 'c1']);
    expect(pager.getSnapshot().state).toBe('loading');
    await s.answer({ items: ids(1, 1), hasMore: false });
    expect(pager.getSnapshot()).toMatchObject({ state: 'done', pagesFetched: 2 });
    expect(pager.getSnapshot().retryAt).toBeUndefined();
  });

  it('never retries before retryAt even if the timer fires early', async () => {
    const s = new Script();
    let clock = 0;
    const fns: (() => void)[] = [];
    const pager = new Pager(s.fetch, { now: () => clock, setTimer: (fn) => fns.push(fn), clearTimer: () => {} });
    pager.ensure(1);
    await s.fail(rateLimit(1000));
    clock = 999;
    fns.shift()?.();
    await flush();
    expect(s.calls).toHaveLength(1);
    expect(fns).toHaveLength(1);
    clock = 1000;
    fns.shift()?.();
    await flush();
    expect(s.calls).toHaveLength(2);
  });

  it('gives up auto-retrying after maxAutoRetries consecutive rate limits, then waits for retry()', async () => {
    const s = new Script();
    const t = manualTimers();
    const pager = new Pager(s.fetch, { ...t, maxAutoRetries: 5 });
    pager.ensure(1);
    for (let i = 0; i < 5; i++) {
      await s.fail(rateLimit(t.now() + 1000));
      expect(pager.getSnapshot().state).toBe('rate-limited');
      await t.runNext();
    }
    expect(s.calls).toHaveLength(6);
    await s.fail(rateLimit(t.now() + 1000));
    expect(pager.getSnapshot().state).toBe('error');
    expect(pager.getSnapshot().error?.kind).toBe('rate-limit');
    expect(t.pending()).toBe(0);
    pager.retry();
    expect(s.calls).toHaveLength(7);
    await s.fail(rateLimit(t.now() + 1000));
    expect(pager.getSnapshot().state).toBe('rate-limited'); // the budget started afresh
  });

  it('resets the auto-retry budget after a success', async () => {
    const s = new Script();
    const t = manualTimers();
    const pager = new Pager(s.fetch, { ...t, maxAutoRetries: 1 });
    pager.ensure(Infinity);
    await s.fail(rateLimit(t.now() + 10));
    await t.runNext();
    await s.answer({ items: ids(0, 1), hasMore: true, nextCursor: 'c1' });
    await s.fail(rateLimit(t.now() + 10));
    expect(pager.getSnapshot().state).toBe('rate-limited');
  });

  it('cancelEnsure stops a load-all after the in-flight fetch, and cancels a rate-limit wait', async () => {
    const s = new Script();
    const t = manualTimers();
    const pager = new Pager(s.fetch, t);
    pager.ensure(Infinity);
    await s.answer({ items: ids(0, 2), hasMore: true, nextCursor: 'c1' });
    pager.cancelEnsure();
    await s.answer({ items: ids(2, 2), hasMore: true, nextCursor: 'c2' });
    expect(s.calls).toHaveLength(2);
    expect(pager.getSnapshot()).toMatchObject({ state: 'idle', hasMore: true });
    expect(pager.getSnapshot().items).toHaveLength(4);

    pager.ensure(Infinity);
    await s.fail(rateLimit(t.now() + 1000));
    pager.cancelEnsure();
    expect(t.pending()).toBe(0);
    expect(pager.getSnapshot().state).toBe('idle');
    pager.ensure(5);
    expect(s.cursors).toEqual([undefined, 'c1', 'c2', 'c2']);
  });

  it('dispose aborts the in-flight request, clears timers and goes silent', async () => {
    const s = new Script();
    const t = manualTimers();
    const pager = new Pager(s.fetch, t);
    let notified = 0;
    pager.subscribe(() => notified++);
    pager.ensure(1);
    const { signal } = s.last();
    const before = notified;
    pager.dispose();
    expect(signal.aborted).toBe(true);
    await s.fail(new ApiError('aborted', 'ABORTED', 'cancelled'));
    expect(notified).toBe(before);
    pager.ensure(10);
    pager.retry();
    expect(s.calls).toHaveLength(1);

    const s2 = new Script();
    const p2 = new Pager(s2.fetch, t);
    p2.ensure(1);
    await s2.fail(rateLimit(t.now() + 1000));
    expect(t.pending()).toBe(1);
    p2.dispose();
    expect(t.pending()).toBe(0);
  });
});
