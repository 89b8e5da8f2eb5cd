/**
 * 429 in every encoding the contract lists, against the real client and pager. The server records
 * arrival times and the time it stated; no request may arrive before it, and the listing must end
 * with every item exactly once. Cases run concurrently (each has its own group) to keep wall time low.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, cursorAt, HostileServer, makePages, pagesPath, type Reply } from './helpers/hostile-server.js';
import { duplicatesIn, startRun } from './helpers/pager-run.js';

let server: HostileServer;
let nextGroup = 0;

beforeAll(async () => {
  server = await HostileServer.start({ pageSize: 10 });
});
afterAll(async () => {
  await server.close();
});

function freshGroup(n = 30): { id: string; path: string; all: string[] } {
  const id = `rl${nextGroup++}`;
  const items = makePages(`${id}-p`, n);
  server.pages.set(id, items);
  return { id, path: pagesPath(id), all: items.map((i) => String(i.pageId)) };
}

/** Whole seconds: a date-valued time must be in the future after truncation to seconds. */
const nextWholeSecond = (now: number): number => (Math.floor(now / 1000) + 2) * 1000;

interface Encoding {
  readonly name: string;
  /** Builds the 429 at send time and returns the earliest time the server allows a retry. */
  readonly build: (now: number) => { reply: Reply; notBefore: number };
}

const json429 = (body: unknown, headers: Record<string, string> = {}): Reply => ({ kind: 'json', status: 429, body, headers });
const error = { code: 'RATE_LIMITED', message: 'Too many requests', requestId: 'req-429' };

const encodings: Encoding[] = [
  { name: 'Retry-After in seconds', build: (now) => ({ reply: json429(error, { 'retry-after': '1' }), notBefore: now + 1000 }) },
  {
    name: 'Retry-After as an HTTP-date',
    build: (now) => {
      const t = nextWholeSecond(now);
      return { reply: json429(error, { 'retry-after': new Date(t).toUTCString() }), notBefore: t };
    },
  },
  { name: 'RateLimit-Reset in seconds', build: (now) => ({ reply: json429(error, { 'ratelimit-reset': '1' }), notBefore: now + 1000 }) },
  {
    name: 'RateLimit-Reset as Unix seconds',
    build: (now) => {
      const t = nextWholeSecond(now);
      return { reply: json429(error, { 'ratelimit-reset': String(t / 1000) }), notBefore: t };
    },
  },
  {
    name: 'X-RateLimit-Reset as Unix seconds',
    build: (now) => {
      const t = nextWholeSecond(now);
      return { reply: json429(error, { 'x-ratelimit-reset': String(t / 1000) }), notBefore: t };
    },
  },
  { name: 'X-RateLimit-Reset in seconds', build: (now) => ({ reply: json429(error, { 'x-ratelimit-reset': '1' }), notBefore: now + 1000 }) },
  {
    name: 'body retryAt (ISO 8601)',
    build: (now) => ({ reply: json429({ ...error, retryAt: new Date(now + 1200).toISOString() }), notBefore: now + 1200 }),
  },
  { name: 'body retryAfter', build: (now) => ({ reply: json429({ ...error, retryAfter: 1 }), notBefore: now + 1000 }) },
  { name: 'body retryAfterSeconds', build: (now) => ({ reply: json429({ ...error, retryAfterSeconds: '1' }), notBefore: now + 1000 }) },
  {
    name: 'details.retryAfterSeconds (the demo server)',
    build: (now) => ({ reply: json429({ ...error, details: { retryAfterSeconds: 1 } }, { 'retry-after': '1' }), notBefore: now + 1000 }),
  },
  {
    name: 'details.retryAt',
    build: (now) => ({ reply: json429({ ...error, details: { retryAt: new Date(now + 1100).toISOString() } }), notBefore: now + 1100 }),
  },
  // No hint at all: exponential backoff, whose first wait is at least half a second.
  { name: 'no hint at all (HTML body)', build: (now) => ({ reply: { kind: 'text', status: 429, body: '<h1>slow down</h1>' }, notBefore: now + 500 }) },
];

describe('429 in every encoding', () => {
  it.concurrent.each(encodings)('$name: no request before the stated time, every item once', async (enc) => {
    const g = freshGroup();
    let notBefore = 0;
    server.inject(at(g.path, cursorAt(10)), () => {
      const built = enc.build(Date.now());
      notBefore = built.notBefore;
      return built.reply;
    });
    const run = startRun(server, g.id);
    try {
      const limited = await run.settle(['rate-limited', 'error', 'done']);
      expect(limited.state).toBe('rate-limited');
      expect(limited.error).toMatchObject({ kind: 'rate-limit', code: 'RATE_LIMITED' });
      expect(limited.retryAt).toBeGreaterThanOrEqual(notBefore);
      expect(run.ids()).toEqual(g.all.slice(0, 10));

      const done = await run.settle();
      expect(done.state).toBe('done');
      expect(run.ids()).toEqual(g.all);
      const reqs = server.requestsFor(g.path);
      expect(reqs.map((r) => r.cursor)).toEqual([undefined, 'c10', 'c10', 'c20']);
      expect(reqs[2]!.at).toBeGreaterThanOrEqual(notBefore);
    } finally {
      await run.close();
    }
  });
});

describe('while rate limited', () => {
  it('sends nothing at all to the service, even for another listing or after a cancel', async () => {
    const g = freshGroup();
    server.inject(at(g.path, cursorAt(10)), { kind: 'json', status: 429, body: error, headers: { 'retry-after': '1' } });
    const run = startRun(server, g.id);
    try {
      const limited = await run.settle(['rate-limited']);
      const count = server.requests.length;
      // Another listing on the same client (limits are per key) is refused locally.
      await expect(run.client.listPageGroups({ limit: 100 })).rejects.toMatchObject({ kind: 'rate-limit' });
      // Cancelling the load and asking again does not slip a request through either.
      run.pager.cancelEnsure();
      run.pager.ensure(Number.POSITIVE_INFINITY);
      await new Promise((r) => setTimeout(r, 50));
      expect(server.requests.length).toBe(count);
      const done = await run.settle(['done', 'error']);
      expect(done.state).toBe('done');
      expect(run.ids()).toEqual(g.all);
      const retried = server.requestsFor(g.path)[2];
      expect(retried?.at).toBeGreaterThanOrEqual(limited.retryAt! - 5);
    } finally {
      await run.close();
    }
  });
});

describe('a 429 storm', () => {
  it('every second request limited: completes, bounded retries, nothing lost or repeated', async () => {
    // Each 429 is waited a second at least, whatever it asks: five pages, five waits.
    const g = freshGroup(50);
    let n = 0;
    const stated: number[] = [];
    server.inject(
      at(g.path),
      (req) => {
        n++;
        if (n % 2 === 0) {
          stated.push(Date.now() + 50);
          return { kind: 'json', status: 429, body: { ...error, details: { retryAfterSeconds: 0.05 } } };
        }
        stated.push(0);
        return server.listingReply(req.path, req.cursor);
      },
      10_000,
    );
    const run = startRun(server, g.id);
    try {
      const done = await run.settle(['done', 'error'], 20_000);
      expect(done.state).toBe('done');
      expect(run.ids()).toEqual(g.all);
      const reqs = server.requestsFor(g.path);
      // 5 pages, each request after a 429 is the retry of the same cursor: at most 2 per page.
      expect(reqs.length).toBeLessThanOrEqual(10);
      reqs.forEach((r, i) => {
        if (i > 0) expect(r.at).toBeGreaterThanOrEqual(stated[i - 1]!);
      });
      const successes = reqs.filter((_, i) => i % 2 === 0).map((r) => r.cursor);
      expect(duplicatesIn(successes)).toEqual([]);
    } finally {
      await run.close();
    }
  });

  it('a storm longer than the retry budget stops after 6 requests and waits for retry()', async () => {
    const g = freshGroup();
    server.inject(at(g.path, cursorAt(10)), { kind: 'json', status: 429, body: { ...error, retryAt: new Date(Date.now() + 60).toISOString() }, headers: { 'retry-after': '0.05' } }, 8);
    const run = startRun(server, g.id);
    try {
      const failed = await run.settle(['error', 'done'], 20_000);
      expect(failed.state).toBe('error');
      expect(failed.error?.kind).toBe('rate-limit');
      expect(failed.retryAt).toBeUndefined(); // no automatic retry is pending
      expect(server.requestsFor(g.path)).toHaveLength(1 + 6);
      expect(run.ids()).toEqual(g.all.slice(0, 10));

      // The storm continues for two more requests, then ends; each retry() restarts the budget.
      await new Promise((r) => setTimeout(r, 100));
      run.pager.retry();
      const done = await run.settle(['done', 'error'], 20_000);
      expect(done.state).toBe('done');
      expect(run.ids()).toEqual(g.all);
    } finally {
      await run.close();
    }
  }, 40_000);
});
