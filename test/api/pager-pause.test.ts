import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http/errors.js';
import { Pager } from '../../src/api/pager/pager.js';
import { flush, ids, Script } from './helpers/scripted-fetch.js';

describe('Pager.pause (leaving a screen)', () => {
  it('aborts the request in flight and resumes from the same cursor, keeping what was loaded', async () => {
    const script = new Script();
    const pager = new Pager(script.fetch);
    pager.ensure(10);
    await script.answer({ items: ids(1, 5), hasMore: true, nextCursor: 'c2' });
    expect(script.cursors).toEqual([undefined, 'c2']);
    const inFlight = script.last();

    pager.pause();
    expect(inFlight.signal.aborted).toBe(true);
    expect(pager.getSnapshot().state).toBe('idle');
    // The aborted request settling late changes nothing.
    inFlight.reject(new ApiError('aborted', 'ABORTED', 'aborted'));
    await Promise.resolve();
    expect(pager.getSnapshot().state).toBe('idle');
    expect(pager.getSnapshot().items).toHaveLength(5);
    expect(pager.getSnapshot().error).toBeUndefined();

    pager.ensure(10);
    expect(script.cursors).toEqual([undefined, 'c2', 'c2']);
    // Requests share a signal until one is aborted; the next one gets a live signal.
    expect(script.last().signal.aborted).toBe(false);
    await script.answer({ items: ids(6, 5), hasMore: false });
    expect(pager.getSnapshot().items).toHaveLength(10);
    expect(pager.getSnapshot().state).toBe('done');
  });

  it('ignores an answer to the aborted request that comes after the new request went out', async () => {
    const script = new Script();
    const pager = new Pager(script.fetch);
    pager.ensure(10);
    await script.answer({ items: ids(1, 5), hasMore: true, nextCursor: 'c2' });
    const aborted = script.last();
    pager.pause();
    pager.ensure(10);
    const current = script.last();
    expect(current).not.toBe(aborted);
    expect(current.signal).not.toBe(aborted.signal);
    aborted.resolve({ items: ids(100, 5), hasMore: false, warnings: [] });
    await flush();
    expect(pager.getSnapshot().items).toHaveLength(5);
    expect(pager.getSnapshot().state).toBe('loading');
    current.resolve({ items: ids(6, 5), hasMore: false, warnings: [] });
    await flush();
    const items = pager.getSnapshot().items;
    expect(Array.from({ length: items.length }, (_, i) => items.at(i)?.pageId)).toEqual(ids(1, 10).map((i) => i.pageId));
    expect(pager.getSnapshot().state).toBe('done');
  });

  it('stops a load-all, and does nothing when no request is in flight', async () => {
    const script = new Script();
    const pager = new Pager(script.fetch);
    pager.ensure(Number.POSITIVE_INFINITY);
    await script.answer({ items: ids(1, 5), hasMore: true, nextCursor: 'c2' });
    pager.pause();
    expect(script.calls).toHaveLength(2);
    const version = pager.getSnapshot().version;
    pager.pause();
    expect(pager.getSnapshot().version).toBe(version);
    expect(script.calls).toHaveLength(2);
  });
});
