import { itemArray } from '../../src/api/pager/packed-items.js';
import { describe, expect, it } from 'vitest';
import { Pager, REPEATED_CURSOR_WARNING } from '../../src/api/pager/pager.js';
import { pageBatches, type RateLimitWait } from '../../src/api/pager/pager-stream.js';
import { RateLimit } from '../../src/api/quota/rate-limit.js';
import { flush, ids, manualTimers, rateLimit, Script } from './helpers/scripted-fetch.js';

describe('pageBatches: a Pager read as a stream', () => {
  it('hands each page out once, keeps no item, and reads one page ahead, never more', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch, { keepItems: false });
    const it = pageBatches(pager);
    await flush();
    expect(s.calls).toHaveLength(0); // nothing fetched until the consumer asks
    const first = it.next();
    await s.answer({ items: ids(0, 3), hasMore: true, nextCursor: 'c3' });
    expect((await first).value).toEqual({ items: ids(0, 3), warnings: [] });
    await flush();
    // The next page travels while the consumer handles this one; the consumer not asking, no third.
    expect(s.cursors).toEqual([undefined, 'c3']);
    expect(itemArray(pager.getSnapshot().items)).toEqual([]);

    const second = it.next();
    await flush();
    expect(s.cursors).toEqual([undefined, 'c3']);
    await s.answer({ items: [...ids(2, 2), ...ids(5, 1)], hasMore: true, nextCursor: 'c3' });
    const batch = (await second).value;
    expect(batch?.items).toEqual([...ids(3, 1), ...ids(5, 1)]);
    expect(batch?.warnings).toContain(REPEATED_CURSOR_WARNING);
    expect((await it.next()).done).toBe(true);
    expect(s.calls).toHaveLength(2);
  });

  it('reports each rate-limit wait, then throws once the shared budget is spent', async () => {
    const s = new Script();
    const t = manualTimers();
    const budget = new RateLimit(2);
    const pager = new Pager(s.fetch, { ...t, keepItems: false, rateLimit: budget });
    const waits: RateLimitWait[] = [];
    const it = pageBatches(pager, { onRateLimit: (w) => waits.push(w), now: t.now });
    const next = it.next();
    await s.fail(rateLimit(t.now() + 3000));
    await flush();
    expect(waits.map((w) => [w.waitMs, w.attempt, w.maxAttempts])).toEqual([[3000, 1, 2]]);
    await t.runNext();
    await s.fail(rateLimit(t.now() + 1000));
    await t.runNext();
    // Watched before it fails: the failure settles `next` while the scripted request settles.
    const rejected = expect(next).rejects.toMatchObject({ kind: 'rate-limit' });
    await s.fail(rateLimit(t.now() + 1000));
    await rejected;
    expect(waits.map((w) => w.attempt)).toEqual([1, 2]);
    expect(s.calls).toHaveLength(3);
  });

  it('leaving the loop early disposes of the pager: the page read ahead is aborted, nothing more is fetched', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch, { keepItems: false });
    const run = (async () => {
      for await (const batch of pageBatches(pager)) return batch.items.length;
      return 0;
    })();
    await s.answer({ items: ids(0, 3), hasMore: true, nextCursor: 'c3' });
    expect(await run).toBe(3);
    expect(s.calls).toHaveLength(2);
    expect(s.calls[1]?.signal.aborted).toBe(true);
    pager.ensure(10);
    await flush();
    expect(s.calls).toHaveLength(2);
  });

  it('reads nothing ahead once the consumer has the items it will stop at (--max)', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch, { keepItems: false });
    const it = pageBatches(pager, { maxItems: 3 });
    const first = it.next();
    await s.answer({ items: ids(0, 3), hasMore: true, nextCursor: 'c3' });
    expect((await first).value?.items).toEqual(ids(0, 3));
    await flush();
    expect(s.calls).toHaveLength(1);
    await it.return(undefined);
  });
});

describe('RateLimit', () => {
  it('counts 429s in a row for the backoff and lends at most maxWaits automatic waits', () => {
    const b = new RateLimit(2);
    expect(b.limited()).toBe(1);
    expect(b.takeWait()).toBe(true);
    expect(b.limited()).toBe(2);
    expect(b.takeWait()).toBe(true);
    expect(b.limited()).toBe(3);
    expect(b.takeWait()).toBe(false);
    b.userRetry();
    expect(b.takeWait()).toBe(true);
    expect(b.limited()).toBe(4); // a person's retry does not reset the backoff
    b.answered();
    expect(b.limited()).toBe(1);
    expect(b.waitsTaken).toBe(0);
  });
});

describe('one budget for the client and its pagers', () => {
  it('the client counts the 429s, and every pager over it waits from the same budget', async () => {
    const { createServer } = await import('node:http');
    const { createApiClient } = await import('../../src/api/http/client.js');
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(JSON.stringify({ code: 'RATE_LIMITED', message: 'slow down', requestId: `rq-${hits}` }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const client = createApiClient({ baseUrl: new URL(`http://127.0.0.1:${port}`), getApiKey: () => 'k', rateLimit: new RateLimit(2) });
    try {
      const pager = new Pager((cursor, signal) => client.listPageGroups({ cursor, signal }), { rateLimit: client.rateLimit, keepItems: false });
      await expect(pageBatches(pager).next()).rejects.toMatchObject({ kind: 'rate-limit' });
      expect(hits).toBe(3); // two waits, then the third 429 is the user's
      expect(client.rateLimit.limited()).toBe(4); // the client counted each 429
      // "Retry now" is waited a second all the same (no loop of requests); the other list starts after it.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, (client.rateLimit.until ?? 0) - Date.now() + 10)));
      const other = new Pager((cursor, signal) => client.listPageGroups({ cursor, signal }), { rateLimit: client.rateLimit, keepItems: false });
      await expect(pageBatches(other).next()).rejects.toMatchObject({ kind: 'rate-limit' });
      expect(hits).toBe(4); // the budget is shared: no automatic wait is left for another list
    } finally {
      await client.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 15_000);
});
