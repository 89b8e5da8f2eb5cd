import { itemArray } from '../../src/api/pager/packed-items.js';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http/errors.js';
import { NO_CURSOR_WARNING, Pager, REPEATED_CURSOR_WARNING } from '../../src/api/pager/pager.js';
import { flush, ids, Script } from './helpers/scripted-fetch.js';

describe('Pager', () => {
  it('fetches the first page on the first ensure, then follows cursors one at a time', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    expect(s.calls).toHaveLength(0);
    expect(pager.getSnapshot().state).toBe('idle');
    pager.ensure(5);
    pager.ensure(5);
    expect(s.cursors).toEqual([undefined]);
    expect(pager.getSnapshot().state).toBe('loading');
    await s.answer({ items: ids(0, 3), hasMore: true, nextCursor: 'c1' });
    expect(s.cursors).toEqual([undefined, 'c1']);
    await s.answer({ items: ids(3, 3), hasMore: true, nextCursor: 'c2' });
    // 6 >= 5: satisfied, nothing more fetched
    expect(s.cursors).toEqual([undefined, 'c1']);
    const snap = pager.getSnapshot();
    expect(snap).toMatchObject({ state: 'idle', hasMore: true, pagesFetched: 2 });
    expect(itemArray(snap.items).map((i) => i.pageId)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
    pager.ensure(3);
    expect(s.calls).toHaveLength(2);
    pager.ensure(Infinity);
    expect(s.cursors).toEqual([undefined, 'c1', 'c2']);
    await s.answer({ items: ids(6, 1), hasMore: false });
    expect(pager.getSnapshot()).toMatchObject({ state: 'done', hasMore: false, pagesFetched: 3 });
    pager.ensure(Infinity);
    expect(s.calls).toHaveLength(3);
  });

  it('keeps the snapshot identity until something changes, and notifies synchronously', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    const first = pager.getSnapshot();
    expect(pager.getSnapshot()).toBe(first);
    const seen: string[] = [];
    const unsubscribe = pager.subscribe(() => seen.push(pager.getSnapshot().state));
    pager.ensure(1);
    expect(seen).toEqual(['loading']);
    const loading = pager.getSnapshot();
    expect(loading).not.toBe(first);
    expect(loading.version).toBeGreaterThan(first.version);
    await s.answer({ items: ids(0, 2), hasMore: true, nextCursor: 'c' });
    expect(seen).toEqual(['loading', 'idle']);
    const idle = pager.getSnapshot();
    expect(pager.getSnapshot()).toBe(idle);
    unsubscribe();
    pager.ensure(10);
    expect(seen).toHaveLength(2);
  });

  it('changes the items identity only when items are added', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(10);
    await s.answer({ items: ids(0, 2), hasMore: true, nextCursor: 'c1' });
    const items = pager.getSnapshot().items;
    await s.answer({ items: [], hasMore: true, nextCursor: 'c2' });
    expect(pager.getSnapshot().items).toBe(items);
    await s.answer({ items: ids(2, 1), hasMore: false });
    expect(pager.getSnapshot().items).not.toBe(items);
    expect(items).toHaveLength(2); // the old array was not mutated
  });

  it('de-duplicates by id, first wins, never for items without an id', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(Infinity);
    await s.answer({ items: [{ pageId: 'a', v: 1 }, { pageId: 'b' }, { x: 1 }], hasMore: true, nextCursor: 'c1' });
    await s.answer({ items: [{ pageId: 'a', v: 2 }, { x: 2 }, { pageId: 'c' }], hasMore: false });
    const snap = pager.getSnapshot();
    expect(itemArray(snap.items)).toEqual([{ pageId: 'a', v: 1 }, { pageId: 'b' }, { x: 1 }, { x: 2 }, { pageId: 'c' }]);
    expect(snap.warnings.some((w) => /more than once/.test(w))).toBe(true);
  });

  it('uses a custom idOf', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch, { idOf: (r) => String(r.k ?? '') });
    pager.ensure(1);
    await s.answer({ items: [{ k: 1 }, { k: 1 }, { k: 2 }] });
    expect(pager.getSnapshot().items).toHaveLength(2);
  });

  it('stops with a warning on hasMore without a cursor', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(Infinity);
    await s.answer({ items: ids(0, 1), hasMore: true });
    expect(s.calls).toHaveLength(1);
    expect(pager.getSnapshot()).toMatchObject({ state: 'done', hasMore: false, warnings: [NO_CURSOR_WARNING] });
  });

  it('stops with a warning on a cursor already seen (loop)', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(Infinity);
    await s.answer({ items: ids(0, 1), hasMore: true, nextCursor: 'c1' });
    await s.answer({ items: ids(1, 1), hasMore: true, nextCursor: 'c2' });
    await s.answer({ items: ids(2, 1), hasMore: true, nextCursor: 'c1' });
    expect(s.cursors).toEqual([undefined, 'c1', 'c2']);
    expect(pager.getSnapshot()).toMatchObject({ state: 'done', hasMore: false, warnings: [REPEATED_CURSOR_WARNING] });
    expect(pager.getSnapshot().items).toHaveLength(3);
  });

  it('stops when a page points to its own cursor', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(Infinity);
    await s.answer({ items: ids(0, 1), hasMore: true, nextCursor: 'c1' });
    await s.answer({ items: ids(1, 1), hasMore: true, nextCursor: 'c1' });
    expect(s.cursors).toEqual([undefined, 'c1']);
    expect(pager.getSnapshot().state).toBe('done');
  });

  it('continues over empty pages with new cursors, but not forever', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(Infinity);
    await s.answer({ items: [], hasMore: true, nextCursor: 'e0' });
    await s.answer({ items: ids(0, 1), hasMore: true, nextCursor: 'e1' });
    for (let i = 2; i < 100 && pager.getSnapshot().state === 'loading'; i++) {
      await s.answer({ items: [], hasMore: true, nextCursor: `e${i}` });
    }
    expect(s.calls).toHaveLength(52); // 1 + 1 + 50 empty pages
    const snap = pager.getSnapshot();
    expect(snap.state).toBe('done');
    expect(snap.warnings.at(-1)).toMatch(/50 pages in a row/);
  });

  it('after a failure resumes from the same cursor on retry(), and never refetches a good cursor', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(Infinity);
    await s.answer({ items: ids(0, 2), hasMore: true, nextCursor: 'c1' });
    const err = new ApiError('server', 'HTTP_500', 'boom', { status: 500 });
    await s.fail(err);
    expect(pager.getSnapshot()).toMatchObject({ state: 'error', error: err, hasMore: true });
    pager.ensure(Infinity); // does not hammer while in error
    expect(s.calls).toHaveLength(2);
    pager.retry();
    expect(s.cursors).toEqual([undefined, 'c1', 'c1']);
    await s.answer({ items: ids(2, 1), hasMore: false });
    const snap = pager.getSnapshot();
    expect(snap.state).toBe('done');
    expect(snap.error).toBeUndefined();
    expect(snap.items).toHaveLength(3);
    expect(snap.pagesFetched).toBe(2);
  });

  it('retries the first page after it failed', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(1);
    await s.fail(new ApiError('network', 'CONNECTION_REFUSED', 'refused'));
    pager.retry();
    expect(s.cursors).toEqual([undefined, undefined]);
  });

  it('wraps a non-ApiError failure and a synchronous throw', async () => {
    const pager = new Pager(() => {
      throw new TypeError('bug');
    });
    pager.ensure(1);
    await flush();
    const snap = pager.getSnapshot();
    expect(snap.state).toBe('error');
    expect(snap.error).toBeInstanceOf(ApiError);
    expect(snap.error?.message).toBe('bug');
  });

  it('fetches nothing when ensure targets are already met', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(2);
    await s.answer({ items: ids(0, 3), hasMore: true, nextCursor: 'c1' });
    pager.ensure(3);
    pager.ensure(0);
    expect(s.calls).toHaveLength(1);
  });

  it('keeps parser warnings and bounds the warning list', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(Infinity);
    for (let i = 0; i < 30; i++) {
      await s.answer({ items: ids(i, 1), hasMore: true, nextCursor: `c${i}`, warnings: [`w${i}`] });
    }
    const w = pager.getSnapshot().warnings;
    expect(w.length).toBeLessThanOrEqual(20);
    expect(w.at(-1)).toBe('w29');
  });
});
