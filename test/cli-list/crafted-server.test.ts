/** Loop guards, de-duplication, retry budget and hostile values, against a small crafted server. */
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runPages } from '../../src/cli/commands/list-commands.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { testIo } from './io.js';

type Body = { status?: number; headers?: Record<string, string>; body: unknown };
const routes: Record<string, (cursor: string | undefined) => Body> = {
  // Page 2 sends back the cursor that led to it.
  loop: (c) =>
    c === undefined
      ? { body: { hasMore: true, items: [{ pageId: 'a' }, { pageId: 'b' }], nextCursor: 'c1' } }
      : { body: { hasMore: true, items: [{ pageId: 'c' }], nextCursor: 'c1' } },
  nocursor: () => ({ body: { hasMore: true, items: [{ pageId: 'a' }] } }),
  dupes: (c) =>
    c === undefined
      ? { body: { hasMore: true, items: [{ pageId: 'a' }, { pageId: 'b' }], nextCursor: 'c1' } }
      : { body: { hasMore: false, items: [{ pageId: 'b' }, { pageId: 'c' }, { pageId: 'a' }] } },
  // Always empty, always a new cursor.
  empty: (c) => ({ body: { hasMore: true, items: [], nextCursor: `n${Number(c?.slice(1) ?? 0) + 1}` } }),
  always429: () => ({ status: 429, headers: { 'retry-after': '0' }, body: { code: 'RATE_LIMITED', message: 'slow down', requestId: 'rq-429' } }),
  forever429: () => ({ status: 429, headers: { 'retry-after': '999999999999' }, body: { code: 'RATE_LIMITED', message: 'slow down', requestId: 'rq-day' } }),
  in2099: () => ({ status: 429, headers: { 'retry-after': 'Thu, 01 Jan 2099 00:00:00 GMT' }, body: { code: 'RATE_LIMITED', message: 'slow down' } }),
  // Every answer says the quota is used up, resetting in 2 s (paced, said) or in 31 years (given up).
  paced: (c) => ({
    headers: { 'ratelimit-policy': '"default";q=100;w=60', ratelimit: '"default";r=0;t=2' },
    body: c === undefined ? { hasMore: true, items: [{ pageId: 'a' }], nextCursor: 'c1' } : { hasMore: false, items: [{ pageId: 'b' }] },
  }),
  reserveFar: () => ({
    headers: { 'ratelimit-policy': '"default";q=100;w=60', ratelimit: '"default";r=5;t=1000' },
    body: { hasMore: true, items: [{ pageId: 'a' }], nextCursor: 'c1' },
  }),
  quotaForever: () => ({
    headers: { 'ratelimit-policy': '"default";q=100;w=60', ratelimit: '"default";r=0;t=999999999' },
    body: { hasMore: true, items: [{ pageId: 'a' }], nextCursor: 'c1' },
  }),
  hostile: () => ({
    body: {
      hasMore: false,
      items: [{ pageId: 'h\u009b1', effectiveName: 'Evil \u001b]52;c;cHduZWQ=\u0007\u009b2J\u0085name', extra: { x: '\u009d0;t\u009c' } }],
    },
  }),
  garbage: () => ({ body: '<<not json>>' }),
  bare: () => ({ body: [{ pageId: 'x' }, { pageId: 'y' }] }),
  hostileError: () => ({ status: 500, body: { code: 'BOOM\u001b[31m', message: 'bad \u009b2J thing', requestId: 'r\u00851' } }),
};

const hits: Record<string, number> = {};

const base = onLoopback(
  createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const name = /^\/v0\/page_groups\/([^/]+)\/pages$/.exec(url.pathname)?.[1] ?? '';
    hits[name] = (hits[name] ?? 0) + 1;
    const route = routes[name];
    const r: Body = route ? route(url.searchParams.get('cursor') ?? undefined) : { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
    const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
    res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...r.headers });
    res.end(text);
  }),
);

const run = async (id: string, ...flags: string[]) => {
  const t = testIo({ PAGETUI_API_KEY: 'k', PAGETUI_BASE_URL: base() });
  const code = await runPages([id, ...flags], t.io);
  const ids = flags.includes('--json') ? t.stdout.lines().map((l) => (JSON.parse(l) as { pageId: string }).pageId) : [];
  return { code, out: t.stdout.text, err: t.stderr.text, ids };
};

describe('loop guards and de-duplication', () => {
  it('a repeated cursor stops the listing: exit 0, warning, what was listed is kept', async () => {
    const r = await run('loop', '--json');
    expect(r.code).toBe(0);
    expect(r.ids).toEqual(['a', 'b', 'c']);
    expect(r.err).toMatch(/warning: .*cursor it had already sent/);
    expect(hits.loop).toBe(2);
  });

  it('hasMore without nextCursor stops the listing: exit 0, warning', async () => {
    const r = await run('nocursor', '--json');
    expect(r.code).toBe(0);
    expect(r.ids).toEqual(['a']);
    expect(r.err).toMatch(/warning: .*sent no cursor/);
    expect(hits.nocursor).toBe(1);
  });

  it('an item sent twice is written once (first wins), with one warning', async () => {
    const r = await run('dupes', '--json');
    expect(r.code).toBe(0);
    expect(r.ids).toEqual(['a', 'b', 'c']);
    expect(r.err.match(/more than once/g)).toHaveLength(1);
  });

  it('endless empty pages stop after 50', async () => {
    const r = await run('empty', '--json');
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/50 pages in a row with no new items/);
    expect(hits.empty).toBe(50);
  });

  it('accepts a bare array body as one page', async () => {
    expect((await run('bare', '--json')).ids).toEqual(['x', 'y']);
  });
});

describe('failures', () => {
  it('429 beyond the retry budget: 5 waits, then exit 4', async () => {
    const r = await run('always429', '--json');
    expect(r.code).toBe(4);
    expect(hits.always429).toBe(6);
    expect(r.err.match(/waiting \d+s before retrying/g)).toHaveLength(5);
    expect(r.err).toMatch(/error RATE_LIMITED \(HTTP 429\): slow down.*requestId: rq-429/);
    expect(r.out).toBe('');
  });

  it.each(['forever429', 'in2099'])('%s: a wait far longer than a command waits is not waited: exit 4 at once, saying until when', async (id) => {
    const started = Date.now();
    const r = await run(id, '--json');
    expect(r.code).toBe(4);
    expect(hits[id]).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r.err).not.toMatch(/waiting \d+s before retrying/);
    // Capped at a day: what the server asked for is more, and said so, not as a time of its own.
    expect(r.err).toMatch(/error RATE_LIMITED \(HTTP 429\): slow down\. Gave up: the server asks to wait more than a day, longer than a command waits \(5 minutes\)/);
    expect(r.out).toBe('');
  });

  it('a quota used up is waited for, and each wait is said on stderr', async () => {
    const r = await run('paced', '--json');
    expect(r.code).toBe(0);
    expect(r.ids).toEqual(['a', 'b']);
    expect(r.err).toMatch(/^pagetui: quota used up \(0 left\); waiting 2s for the window to reset \(at \d\d:\d\d:\d\d UTC\)\.$/m);
  });

  it('a quota window that resets in 31 years is not waited for: exit 4 at once, saying why', async () => {
    const started = Date.now();
    const r = await run('quotaForever', '--json');
    expect(r.code).toBe(4);
    expect(hits.quotaForever).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r.ids).toEqual(['a']);
    expect(r.err).toMatch(/error QUOTA_USED_UP: the server says no request is left for more than a day, longer than a command waits \(5 minutes\)\. Gave up\./);
  });

  it('a quota down to its reserve until a reset 16 minutes off: exit 4, saying what is left and for whom', async () => {
    const r = await run('reserveFar', '--json');
    expect(r.code).toBe(4);
    expect(hits.reserveFar).toBe(1);
    expect(r.err).toMatch(/error QUOTA_USED_UP: the server's quota is down to its reserve \(5 left, kept for what you do by hand\) until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, longer than a command waits \(5 minutes\)\. Gave up\./);
  });

  it('an unparseable body: exit 5', async () => {
    const r = await run('garbage', '--json');
    expect(r.code).toBe(5);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it('server text in an error line is sanitised', async () => {
    const r = await run('hostileError');
    expect(r.code).toBe(5);
    expect(r.err.trimEnd()).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(r.err).toMatch(/bad 2?J? ?thing/);
  });
});

describe('hostile values', () => {
  it('NDJSON escapes C1 controls and keeps the values equal', async () => {
    const r = await run('hostile', '--json');
    expect(r.code).toBe(0);
    const line = r.out.trimEnd();
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(line).toContain('\\u009b');
    const sent = routes.hostile?.(undefined).body as { items: unknown[] };
    expect(JSON.parse(line)).toEqual(sent.items[0]);
  });

  it('the table shows no control character or escape sequence', async () => {
    const r = await run('hostile');
    expect(r.code).toBe(0);
    expect(r.out.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(r.out).toContain('Evil');
  });
});
