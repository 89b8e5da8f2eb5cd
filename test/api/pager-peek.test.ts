/**
 * While a whole listing loads, the pager asks to peek: a page whose body says more follows comes
 * back unparsed, its next request goes out, and the page is parsed an immediate later. A peek that
 * the parsed page does not bear out withdraws the request sent ahead (peeked-page.ts).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http/errors.js';
import { Pager } from '../../src/api/pager/pager.js';
import { peekedPage, type PageAnswer } from '../../src/api/pager/peeked-page.js';
import type { ListPage } from '../../src/api/types.js';
import { flush, ids } from './helpers/scripted-fetch.js';

interface Call {
  readonly cursor: string | undefined;
  readonly signal: AbortSignal;
  readonly peek: boolean;
  readonly resolve: (answer: PageAnswer) => void;
  readonly reject: (err: unknown) => void;
}

function peekingScript() {
  const calls: Call[] = [];
  const fetch = (cursor: string | undefined, signal: AbortSignal, _background: boolean, peek: boolean): Promise<PageAnswer> =>
    new Promise((resolve, reject) => calls.push({ cursor, signal, peek, resolve, reject }));
  const last = (): Call => {
    const call = calls.at(-1);
    if (call === undefined) throw new Error('no call');
    return call;
  };
  return { calls, fetch, last, cursors: () => calls.map((c) => c.cursor) };
}

const page = (from: number, n = 10, hasMore = true): ListPage => ({
  items: ids(from, n),
  hasMore,
  warnings: [],
  ...(hasMore ? { nextCursor: `c${from + n}` } : {}),
});

const loadedIds = (pager: Pager): unknown[] => {
  const items = pager.getSnapshot().items;
  return Array.from({ length: items.length }, (_, i) => items.at(i)?.pageId);
};

describe('Pager: a peeked page', () => {
  it('is parsed only after the request for its peeked cursor went out', async () => {
    const s = peekingScript();
    const pager = new Pager(s.fetch);
    pager.loadAll();
    expect(s.last().peek).toBe(true);
    let parsedAfter: (string | undefined)[] = [];
    s.last().resolve(peekedPage('c10', () => ((parsedAfter = s.cursors()), page(0))));
    await flush();
    expect(parsedAfter).toEqual([undefined, 'c10']);
    expect(pager.loadedCount).toBe(10);
    s.last().resolve(page(10, 5, false));
    await flush();
    expect(loadedIds(pager)).toEqual(ids(0, 15).map((i) => i.pageId));
    expect(pager.getSnapshot()).toMatchObject({ state: 'done', pagesFetched: 2 });
  });

  it('that fails to parse withdraws the request sent ahead, keeps what was loaded, and retry asks for its own cursor again', async () => {
    const s = peekingScript();
    const pager = new Pager(s.fetch);
    pager.loadAll();
    s.last().resolve(page(0));
    await flush();
    s.last().resolve(
      peekedPage('c20', () => {
        throw new ApiError('bad-response', 'BAD_RESPONSE', 'The server sent a response that is not valid JSON.');
      }),
    );
    await flush();
    expect(s.cursors()).toEqual([undefined, 'c10', 'c20']);
    expect(s.calls[2]?.signal.aborted).toBe(true);
    expect(pager.getSnapshot()).toMatchObject({ state: 'error', pagesFetched: 1, error: { kind: 'bad-response' } });
    expect(loadedIds(pager)).toEqual(ids(0, 10).map((i) => i.pageId));
    // A late answer to the withdrawn request changes nothing.
    s.calls[2]?.resolve(page(20, 10, false));
    await flush();
    expect(pager.getSnapshot()).toMatchObject({ state: 'error', pagesFetched: 1 });
    pager.retry();
    expect(s.cursors()).toEqual([undefined, 'c10', 'c20', 'c10']);
    s.last().resolve(page(10));
    await flush();
    s.last().resolve(page(20, 3, false));
    await flush();
    expect(s.cursors()).toEqual([undefined, 'c10', 'c20', 'c10', 'c20']);
    expect(loadedIds(pager)).toEqual(ids(0, 23).map((i) => i.pageId));
    expect(pager.getSnapshot().state).toBe('done');
  });

  it('whose parsed page names another cursor withdraws the request for the peeked one and follows the parsed one', async () => {
    const s = peekingScript();
    const pager = new Pager(s.fetch);
    pager.loadAll();
    s.last().resolve(peekedPage('wrong', () => page(0)));
    await flush();
    expect(s.cursors()).toEqual([undefined, 'wrong', 'c10']);
    expect(s.calls[1]?.signal.aborted).toBe(true);
    expect(s.calls[2]?.signal.aborted).toBe(false);
    s.last().resolve(page(10, 1, false));
    await flush();
    expect(loadedIds(pager)).toEqual(ids(0, 11).map((i) => i.pageId));
    expect(pager.getSnapshot()).toMatchObject({ state: 'done', pagesFetched: 2 });
  });

  it('whose parsed page says it is the last ends the listing and withdraws the request sent ahead', async () => {
    const s = peekingScript();
    const pager = new Pager(s.fetch);
    pager.loadAll();
    s.last().resolve(peekedPage('c10', () => page(0, 10, false)));
    await flush();
    expect(s.cursors()).toEqual([undefined, 'c10']);
    expect(s.calls[1]?.signal.aborted).toBe(true);
    expect(pager.getSnapshot()).toMatchObject({ state: 'done', hasMore: false, pagesFetched: 1 });
    expect(pager.loadedCount).toBe(10);
  });

  it('is parsed at once when its cursor cannot go out first (one already fetched), and its failure is reported', async () => {
    const s = peekingScript();
    const pager = new Pager(s.fetch);
    pager.loadAll();
    s.last().resolve(page(0));
    await flush();
    let parsed = 0;
    s.last().resolve(peekedPage('c10', () => (parsed++, { ...page(10), nextCursor: 'c10' })));
    await flush();
    expect(parsed).toBe(1);
    expect(s.cursors()).toEqual([undefined, 'c10']);
    expect(pager.getSnapshot().state).toBe('done');
    expect(pager.getSnapshot().warnings.at(-1)).toMatch(/already sent/);
  });

  it('that is never parsed is settled: held when its listing goes, or the answer to a request withdrawn', async () => {
    const s = peekingScript();
    const pager = new Pager(s.fetch);
    pager.loadAll();
    let settled = 0;
    s.last().resolve(peekedPage('c10', () => page(0), () => settled++));
    // Held until the next immediate; the listing goes first.
    await Promise.resolve();
    await Promise.resolve();
    pager.dispose();
    expect(settled).toBe(1);
    expect(pager.loadedCount).toBe(0);

    const t = peekingScript();
    const again = new Pager(t.fetch);
    again.loadAll();
    // The parsed page names another cursor than the peek: the request sent ahead (c10) is withdrawn.
    t.last().resolve(peekedPage('c10', () => ({ ...page(0), nextCursor: 'other' })));
    await flush();
    expect(t.cursors()).toEqual([undefined, 'c10', 'other']);
    expect(t.calls[1]?.signal.aborted).toBe(true);
    let late = 0;
    t.calls[1]?.resolve(peekedPage('c20', () => page(10), () => late++));
    await flush();
    expect(late).toBe(1);
    expect(again.loadedCount).toBe(10);
    again.dispose();
  });

  it('is asked for only while the whole listing loads', async () => {
    const s = peekingScript();
    const pager = new Pager(s.fetch);
    pager.ensure(5);
    expect(s.last().peek).toBe(false);
    s.last().resolve(page(0));
    await flush();
    pager.loadAll();
    expect(s.last().peek).toBe(true);
  });
});
