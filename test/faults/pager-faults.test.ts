/**
 * The real client and pager against a hostile server on loopback. Each fault hits the second page
 * of a 30-item listing once; the pager must keep the first page, report a typed error, and load
 * the rest exactly once after `retry()`, without fetching a cursor that succeeded again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorKind } from '../../src/api/http/errors.js';
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

/** A fresh group of 30 pages (3 server pages) with its own path, so faults never cross tests. */
function freshGroup(): { id: string; path: string; all: string[] } {
  const id = `g${nextGroup++}`;
  const items = makePages(`${id}-p`, 30);
  server.pages.set(id, items);
  return { id, path: pagesPath(id), all: items.map((i) => String(i.pageId)) };
}

const html = (status: number) =>
  `<!DOCTYPE html><html><head><title>${status}</title><style>p{color:red}</style></head><body><h1>${status} Gateway trouble</h1><script>x()</script></body></html>`;

interface FaultCase {
  readonly name: string;
  readonly reply: Reply;
  readonly kind: ApiErrorKind;
  readonly code: string | RegExp;
  readonly message?: RegExp;
  readonly client?: { headersTimeoutMs?: number; bodyTimeoutMs?: number; maxResponseBytes?: number };
}

const big = JSON.stringify({ hasMore: false, items: makePages('big-', 400) });

const cases: FaultCase[] = [
  { name: 'connection reset in the middle of the body', reply: { kind: 'reset-mid-body' }, kind: 'network', code: 'CONNECTION_RESET' },
  { name: 'connection closed without a response', reply: { kind: 'hang-up' }, kind: 'network', code: 'CONNECTION_RESET' },
  {
    name: 'a body that drips slower than the body timeout',
    // undici checks body timeouts on a coarse (about 1 s) clock, so the gap must be longer.
    reply: { kind: 'drip', body: JSON.stringify({ hasMore: false, items: [] }), everyMs: 3000 },
    client: { bodyTimeoutMs: 200 },
    kind: 'timeout',
    code: 'BODY_TIMEOUT',
  },
  { name: 'headers that never come', reply: { kind: 'no-headers' }, client: { headersTimeoutMs: 250 }, kind: 'timeout', code: 'HEADERS_TIMEOUT' },
  ...[500, 502, 503, 504].flatMap((status): FaultCase[] => [
    { name: `${status} with an HTML body`, reply: { kind: 'text', status, body: html(status) }, kind: 'server', code: `HTTP_${status}`, message: new RegExp(`^HTTP ${status} [A-Za-z ]+: ${status} ${status} Gateway trouble$`) },
    { name: `${status} with an empty body`, reply: { kind: 'text', status, body: '' }, kind: 'server', code: `HTTP_${status}`, message: new RegExp(`^HTTP ${status} [A-Za-z ]+$`) },
    {
      name: `${status} with a JSON error body`,
      reply: { kind: 'json', status, body: { code: 'UPSTREAM_DOWN', message: 'Try later', requestId: `req-${status}` } },
      kind: 'server',
      code: 'UPSTREAM_DOWN',
      message: /^Try later$/,
    },
  ]),
  { name: 'malformed JSON', reply: { kind: 'text', status: 200, body: '{"hasMore":true,"items":[{"pageId":', contentType: 'application/json' }, kind: 'bad-response', code: 'BAD_RESPONSE' },
  { name: 'an HTML page with status 200', reply: { kind: 'text', status: 200, body: html(200) }, kind: 'bad-response', code: 'BAD_RESPONSE' },
  { name: 'items that is not an array', reply: { kind: 'json', body: { hasMore: true, items: { a: 1 }, nextCursor: 'x' } }, kind: 'bad-response', code: 'BAD_RESPONSE' },
  { name: 'a JSON string instead of a list', reply: { kind: 'json', body: 'hello' }, kind: 'bad-response', code: 'BAD_RESPONSE' },
  {
    name: 'a body over the size cap (content-length)',
    reply: { kind: 'text', status: 200, body: big, contentType: 'application/json' },
    client: { maxResponseBytes: 4096 },
    kind: 'bad-response',
    code: 'RESPONSE_TOO_LARGE',
  },
  {
    name: 'a body over the size cap (chunked, no length)',
    reply: { kind: 'text', status: 200, body: big, contentType: 'application/json', chunked: true },
    client: { maxResponseBytes: 4096 },
    kind: 'bad-response',
    code: 'RESPONSE_TOO_LARGE',
  },
  { name: '401 mid-listing (key revoked)', reply: { kind: 'json', status: 401, body: { code: 'UNAUTHORIZED', message: 'Key revoked', requestId: 'r1' } }, kind: 'auth', code: 'UNAUTHORIZED' },
  { name: '403 mid-listing', reply: { kind: 'text', status: 403, body: '' }, kind: 'auth', code: 'FORBIDDEN' },
  { name: '404 mid-listing (group deleted)', reply: { kind: 'json', status: 404, body: { code: 'NOT_FOUND', message: 'Gone' } }, kind: 'not-found', code: 'NOT_FOUND' },
  {
    name: '400 for a cursor the server no longer knows',
    reply: { kind: 'json', status: 400, body: { code: 'VALIDATION_ERROR', message: 'bad cursor', details: { field: 'cursor', reason: 'expired' } } },
    kind: 'validation',
    code: 'VALIDATION_ERROR',
  },
];

describe('a fault on the second page, then recovery with retry()', () => {
  it.each(cases)('$name', async (c) => {
    const g = freshGroup();
    server.inject(at(g.path, cursorAt(10)), c.reply, 1);
    const run = startRun(server, g.id, c.client);
    try {
      const failed = await run.settle();
      expect(failed.state).toBe('error');
      expect(failed.error?.kind).toBe(c.kind);
      if (typeof c.code === 'string') expect(failed.error?.code).toBe(c.code);
      else expect(failed.error?.code).toMatch(c.code);
      if (c.message) expect(failed.error?.message).toMatch(c.message);
      // No markup, no control characters, no key in what would be shown.
      expect(failed.error?.message).not.toMatch(/[<>\u0000-\u001f]/);
      expect(failed.error?.message).not.toContain('fault-suite-key');
      expect(run.ids()).toEqual(g.all.slice(0, 10));

      run.pager.retry();
      const done = await run.settle(['done', 'error']);
      expect(done.state).toBe('done');
      expect(run.ids()).toEqual(g.all);
      const cursors = server.requestsFor(g.path).map((r) => r.cursor);
      expect(cursors).toEqual([undefined, 'c10', 'c10', 'c20']);
      expect(duplicatesIn(server.succeededCursors(g.path))).toEqual([]);
    } finally {
      await run.close();
    }
  });
});

describe('while everything loads, a page peeked by its two ends that does not bear the peek out', () => {
  const items = (g: { id: string }, from: number): string => JSON.stringify(makePages(`${g.id}-p`, from + 10).slice(from));

  it('a body that does not parse: the request sent ahead for its cursor is withdrawn, and retry() loads the rest once', async () => {
    const g = freshGroup();
    const broken = `{"hasMore":true,"items":${items(g, 10).slice(0, -1)},,],"nextCursor":"${cursorAt(20)}"}`;
    server.inject(at(g.path, cursorAt(10)), { kind: 'text', status: 200, body: broken, contentType: 'application/json' });
    const run = startRun(server, g.id);
    try {
      const failed = await run.settle();
      expect(failed).toMatchObject({ state: 'error', error: { kind: 'bad-response', code: 'BAD_RESPONSE' } });
      expect(run.ids()).toEqual(g.all.slice(0, 10));
      run.pager.retry();
      const done = await run.settle(['done', 'error']);
      expect(done.state).toBe('done');
      expect(run.ids()).toEqual(g.all);
      // The withdrawn request for c20 may or may not have reached the server before it was aborted.
      const cursors = server.requestsFor(g.path).map((r) => r.cursor);
      expect(cursors.filter((c) => c !== cursorAt(20))).toEqual([undefined, 'c10', 'c10']);
      expect(cursors.filter((c) => c === cursorAt(20)).length).toBeLessThanOrEqual(2);
      expect(cursors.at(-1)).toBe(cursorAt(20));
    } finally {
      await run.close();
    }
  });

  it('a second hasMore that ends the listing: the parsed page decides, as JSON does (the last key wins)', async () => {
    const g = freshGroup();
    const body = `{"hasMore":true,"items":${items(g, 10)},"hasMore":false,"nextCursor":"${cursorAt(20)}"}`;
    server.inject(at(g.path, cursorAt(10)), { kind: 'text', status: 200, body, contentType: 'application/json' });
    const run = startRun(server, g.id);
    try {
      const done = await run.settle();
      expect(done).toMatchObject({ state: 'done', hasMore: false });
      expect(run.ids()).toEqual(g.all.slice(0, 20));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.requestsFor(g.path).filter((r) => r.cursor === cursorAt(20)).length).toBeLessThanOrEqual(1);
      expect(run.pager.getSnapshot().state).toBe('done');
    } finally {
      await run.close();
    }
  });
});

describe('responses of the wrong shape that are still usable', () => {
  const page = (body: unknown): Reply => ({ kind: 'json', body });

  it('hasMore as a string is decided by the cursor, with a warning', async () => {
    const g = freshGroup();
    server.inject(at(g.path, null), page({ hasMore: 'true', items: makePages(`${g.id}-p`, 10), nextCursor: cursorAt(10) }));
    server.inject(at(g.path, cursorAt(20)), page({ hasMore: 'false', items: makePages(`${g.id}-p`, 30).slice(20) }));
    const run = startRun(server, g.id);
    try {
      const done = await run.settle();
      expect(done.state).toBe('done');
      expect(run.ids()).toEqual(g.all);
      expect(done.warnings.join('\n')).toMatch(/hasMore/);
    } finally {
      await run.close();
    }
  });

  it('items that are not objects are skipped; numeric ids are ids', async () => {
    const g = freshGroup();
    server.inject(at(g.path, null), page({ hasMore: true, items: [1, null, 'x', [], { pageId: 7 }, { pageId: 8 }], nextCursor: 'n1' }));
    server.inject(at(g.path, 'n1'), page({ hasMore: false, items: [{ pageId: 8 }, { pageId: '8' }, { pageId: 9 }] }));
    const run = startRun(server, g.id);
    try {
      const done = await run.settle();
      expect(done.state).toBe('done');
      expect(run.ids()).toEqual(['7', '8', '9']);
      expect(done.warnings.join('\n')).toMatch(/4 items were not objects/);
    } finally {
      await run.close();
    }
  });
});

describe('loops and odd pagination', () => {
  const reply = (items: unknown[], hasMore: boolean, nextCursor?: string): Reply => ({ kind: 'json', body: { hasMore, items, nextCursor } });

  it('duplicate items across pages appear once, with a warning', async () => {
    const g = freshGroup();
    const all = makePages(`${g.id}-p`, 15);
    server.inject(at(g.path, null), reply(all.slice(0, 10), true, 'd1'));
    server.inject(at(g.path, 'd1'), reply(all.slice(5, 15), false));
    const run = startRun(server, g.id);
    try {
      const done = await run.settle();
      expect(run.ids()).toEqual(all.map((i) => String(i.pageId)));
      expect(done.warnings.join('\n')).toMatch(/more than once/);
    } finally {
      await run.close();
    }
  });

  it('a cursor loop stops with a warning and no cursor is fetched twice', async () => {
    const g = freshGroup();
    server.inject(at(g.path, null), reply(makePages('l-a', 2), true, 'A'), 10);
    server.inject(at(g.path, 'A'), reply(makePages('l-b', 2), true, 'B'), 10);
    server.inject(at(g.path, 'B'), reply(makePages('l-c', 2), true, 'A'), 10);
    const run = startRun(server, g.id);
    try {
      const done = await run.settle();
      expect(done.state).toBe('done');
      expect(done.warnings.join('\n')).toMatch(/already sent/);
      expect(server.requestsFor(g.path).map((r) => r.cursor)).toEqual([undefined, 'A', 'B']);
      expect(run.ids()).toHaveLength(6);
    } finally {
      await run.close();
    }
  });

  it('hasMore:true without nextCursor ends the list with a warning and no further request', async () => {
    const g = freshGroup();
    server.inject(at(g.path, null), reply(makePages('h', 3), true), 10);
    const run = startRun(server, g.id);
    try {
      const done = await run.settle();
      expect(done.state).toBe('done');
      expect(done.warnings.join('\n')).toMatch(/no cursor/);
      expect(server.requestsFor(g.path)).toHaveLength(1);
    } finally {
      await run.close();
    }
  });

  it('empty pages with hasMore and a cursor are followed to the items after them', async () => {
    const g = freshGroup();
    server.inject(at(g.path, null), reply([], true, 'e1'));
    server.inject(at(g.path, 'e1'), reply([], true, 'e2'));
    server.inject(at(g.path, 'e2'), reply([], true, cursorAt(0)));
    const run = startRun(server, g.id);
    try {
      const done = await run.settle();
      expect(done.state).toBe('done');
      expect(run.ids()).toEqual(g.all);
    } finally {
      await run.close();
    }
  });

  it('endless empty pages with fresh cursors stop after a bounded number of requests', async () => {
    const g = freshGroup();
    server.inject(at(g.path), (req) => reply([], true, `${req.cursor ?? 'e'}x`), 1000);
    const run = startRun(server, g.id);
    try {
      const done = await run.settle();
      expect(done.state).toBe('done');
      expect(done.warnings.join('\n')).toMatch(/no new items/);
      expect(server.requestsFor(g.path).length).toBeLessThanOrEqual(50);
    } finally {
      await run.close();
    }
  });
});
