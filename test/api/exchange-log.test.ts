import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/http/client.js';
import { curlCommand, shellQuote } from '../../src/api/inspector/curl.js';
import { ExchangeLog, readablePath, redactKey } from '../../src/api/inspector/exchange-log.js';
import { buildHar } from '../../src/api/inspector/har.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { harProblems } from './helpers/har-check.js';
import { json, startTestServer, type TestServer } from './helpers/test-server.js';

const KEY = 'sk-live-0123456789abcdef';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function withClient<T>(log: ExchangeLog, fn: (c: ReturnType<typeof createApiClient>) => Promise<T>, key = KEY): Promise<T> {
  const client = createApiClient({ baseUrl: new URL(server.origin), getApiKey: () => key, observer: log });
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

describe('the exchange log', () => {
  it('records a list request: path, status, items, cursors, rate-limit headers, the key redacted', async () => {
    server.handle(json(200, { items: [{ id: 'a' }, { id: 'b' }], hasMore: true, nextCursor: 'c2' }, { 'ratelimit-remaining': '9', 'x-request-id': 'req_1' }));
    const log = new ExchangeLog();
    await withClient(log, (c) => c.listPages('g/1', { cursor: 'c1', limit: 100 }));
    const [e] = log.entries();
    expect(e).toMatchObject({
      seq: 1, method: 'GET', origin: server.origin, path: '/v0/page_groups/g%2F1/pages?cursor=c1&limit=100',
      status: 200, items: 2, cursor: 'c1', nextCursor: 'c2', requestId: 'req_1', rateLimitHeaders: { 'ratelimit-remaining': '9' },
    });
    expect(e?.bytes).toBeGreaterThan(0);
    expect(e?.body?.text).toContain('"nextCursor":"c2"');
    expect(e?.requestHeaders.find((h) => h.name === 'x-api-key')?.value).toBe('••••cdef');
    expect(JSON.stringify(log.entries())).not.toContain(KEY);
    expect(readablePath(e?.path ?? '')).toBe('/v0/page_groups/g/1/pages?cursor=c1&limit=100');
  });

  it('a body recorded later is redacted, its exchange recorded with it, and only the newest few keep theirs', () => {
    const log = new ExchangeLog({ bodiesKept: 1 });
    const headers = { 'x-api-key': KEY };
    const first = log.begin('GET', server.origin, '/v0/page_groups/g/pages', headers);
    const keepFirst = first.responseBodyLater(200, { 'content-type': 'application/json' }, 40);
    // Recorded with its body, not before: the record is off the way to the next request.
    expect(log.entries()).toHaveLength(0);
    keepFirst(`{"items":[{"name":"${KEY}"}],"hasMore":false}`);
    expect(log.entries()).toHaveLength(1);
    expect(log.entries()[0]?.body?.text).toContain('"name":"');
    expect(log.entries()[0]?.body?.text).not.toContain(KEY);

    const second = log.begin('GET', server.origin, '/v0/page_groups/g/pages?cursor=c2', headers);
    const keepSecond = second.responseBodyLater(200, {}, 20);
    const third = log.begin('GET', server.origin, '/v0/page_groups/g/pages?cursor=c3', headers);
    third.response(200, {}, 20, '{"third":true}');
    // The second is recorded when its body comes: after the third, which finished in between, and
    // as the newest it keeps its body where the third's goes.
    keepSecond('{"second":true}');
    expect(log.entries().map((e) => e.seq)).toEqual([1, 3, 2]);
    expect(log.entries()[2]?.body?.text).toBe('{"second":true}');
    expect(log.entries()[1]?.body).toBeUndefined();
  });

  it('a body put off and never read still has its exchange recorded, timed to its answer, the key out of path and headers', () => {
    let now = 1_000;
    const log = new ExchangeLog({ now: () => now });
    const trace = log.begin('GET', server.origin, `/v0/page_groups/g/pages?cursor=${KEY}&limit=100`, { 'x-api-key': KEY });
    now = 1_040;
    const record = trace.responseBodyLater(200, { 'x-request-id': 'req_9', 'ratelimit-remaining': '3' }, 90);
    now = 1_500;
    record();
    record('{"late":true}');
    expect(log.entries()).toHaveLength(1);
    expect(log.entries()[0]).toMatchObject({ seq: 1, status: 200, bytes: 90, durationMs: 40, requestId: 'req_9', rateLimitHeaders: { 'ratelimit-remaining': '3' } });
    expect(log.entries()[0]?.body).toBeUndefined();
    expect(JSON.stringify(log.entries())).not.toContain(KEY);
    expect(log.entries()[0]?.requestHeaders.find((h) => h.name === 'x-api-key')?.value).toBe('••••cdef');
  });

  it('a list page without a request-id header is parsed once, not again for a requestId', async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ id: `p${i}`, name: `Page ${i}` }));
    server.handle(json(200, { items, hasMore: false }));
    const log = new ExchangeLog();
    const parse = vi.spyOn(JSON, 'parse');
    try {
      await withClient(log, (c) => c.listPageGroups());
      expect(parse.mock.calls.filter(([text]) => typeof text === 'string' && text.includes('"Page 99"'))).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
    expect(log.entries()[0]).toMatchObject({ status: 200, items: 100 });
    expect(log.entries()[0]?.requestId).toBeUndefined();
  });

  it('records an error response with its requestId, and a failure with no response', async () => {
    server.handle(json(404, { code: 'NOT_FOUND', message: 'no', requestId: 'req_404' }));
    const log = new ExchangeLog();
    await withClient(log, (c) => c.listPageGroups()).catch(() => {});
    expect(log.entries()[0]).toMatchObject({ status: 404, requestId: 'req_404' });
    const dead = createApiClient({ baseUrl: new URL('http://127.0.0.1:1'), getApiKey: () => KEY, observer: log, connectTimeoutMs: 2000 });
    await dead.listPageGroups().catch(() => {});
    await dead.close();
    expect(log.entries()[1]).toMatchObject({ status: 0 });
    expect(log.entries()[1]?.error).toBeTruthy();
    expect(log.entries()[1]?.error).not.toContain(KEY);
  });

  it('never parses a list body a second time (only an error body is read for its requestId)', () => {
    const log = new ExchangeLog();
    const body = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ pageId: `p${i}` })), hasMore: false });
    const parse = vi.spyOn(JSON, 'parse');
    try {
      log.begin('GET', 'http://x', '/v0/page_groups', {}).response(200, {}, body.length, body);
      expect(parse).not.toHaveBeenCalled();
      log.begin('GET', 'http://x', '/v0/page_groups', {}).response(500, {}, 30, '{"requestId":"req_500"}');
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
    expect(log.entries().map((e) => e.requestId)).toEqual([undefined, 'req_500']);
  });

  it('parses no page of a server that escapes its non-ASCII text, and still finds a key spelt with escapes', () => {
    const log = new ExchangeLog();
    const escaped = (text: string, all = false) => [...text].map((c) => (all || c > '~' ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('');
    const body = `{"items":[${Array.from({ length: 50 }, (_, i) => `{"pageId":"p${i}","customName":"${escaped('新产品发布会 café')}"}`).join(',')}],"hasMore":false}`;
    const parse = vi.spyOn(JSON, 'parse');
    try {
      log.begin('GET', 'http://x', '/v0/page_groups', { 'x-api-key': KEY }).response(200, {}, body.length, body);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    const echo = `{"items":[{"pageId":"p1","customName":"${escaped(KEY, true)}"}],"hasMore":false}`;
    log.begin('GET', 'http://x', '/v0/page_groups', { 'x-api-key': KEY }).response(200, {}, echo.length, echo);
    const kept = log.entries().at(-1)?.body?.text ?? '';
    expect(kept).not.toContain(KEY);
    expect(JSON.parse(kept)).toEqual({ items: [{ pageId: 'p1', customName: '••••' }], hasMore: false });
  });

  it('marks a 200 whose body is not a list with the error as the app words it, the key redacted, and tells which exchange', async () => {
    server.handle((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<title>${KEY}</title>`));
    const log = new ExchangeLog();
    const told: (number | undefined)[] = [];
    log.subscribe((changed) => told.push(changed.bodyError === undefined ? undefined : changed.seq));
    await expect(withClient(log, (c) => c.listPageGroups())).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    expect(log.entries()[0]).toMatchObject({ status: 200, bodyError: "BAD_RESPONSE: got text/html ('••••') — is the base URL right?" });
    expect(told).toEqual([undefined, 1]);
    server.handle(json(200, { items: [], hasMore: false }));
    await withClient(log, (c) => c.listPageGroups());
    expect(log.entries()[1]?.bodyError).toBeUndefined();
  });

  it('keeps the last `capacity` exchanges, bodies only for the newest few, cut at the byte cap', async () => {
    server.handle(json(200, { items: [{ id: 'é'.repeat(100) }], hasMore: false }));
    const log = new ExchangeLog({ capacity: 5, bodiesKept: 2, maxBodyBytes: 51 });
    await withClient(log, async (c) => {
      for (let i = 0; i < 8; i++) await c.listPageGroups();
    });
    const entries = log.entries();
    expect(entries.map((e) => e.seq)).toEqual([4, 5, 6, 7, 8]);
    expect(entries.map((e) => e.body !== undefined)).toEqual([false, false, false, true, true]);
    const body = entries[4]?.body;
    expect(body?.truncated).toBe(true);
    expect(Buffer.byteLength(body?.text ?? '')).toBeLessThanOrEqual(51);
    expect(body?.text).not.toContain('\uFFFD');
  });

  it('tells its listeners, and costs no listener once they leave', async () => {
    server.handle(json(200, { items: [], hasMore: false }));
    const log = new ExchangeLog();
    let heard = 0;
    const leave = log.subscribe(() => heard++);
    await withClient(log, (c) => c.listPageGroups());
    expect(heard).toBeGreaterThan(0);
    leave();
    const before = heard;
    await withClient(log, (c) => c.listPageGroups());
    expect(heard).toBe(before);
  });

  it('shows short keys as •••• only', () => {
    expect(redactKey('demo-key')).toBe('••••');
    expect(redactKey('abcdefghijkl')).toBe('••••ijkl');
  });
});

describe('curl', () => {
  it('references the key through $PAGETUI_API_KEY and quotes the URL', async () => {
    server.handle(json(200, { items: [], hasMore: false }));
    const log = new ExchangeLog();
    await withClient(log, (c) => c.listPages("it's $(rm -rf ~)", { cursor: "x'y" }));
    const [e] = log.entries();
    const cmd = curlCommand(e!);
    expect(cmd).not.toContain(KEY);
    expect(cmd).not.toContain('••••');
    expect(cmd).toContain('-H "x-api-key: $PAGETUI_API_KEY"');
    expect(cmd).toContain(`-H 'accept: application/json'`);
    expect(cmd.startsWith('curl -sS --compressed ')).toBe(true);
    expect(cmd.endsWith(shellQuote(`${server.origin}${e!.path}`))).toBe(true);
  });

  it('quotes for a POSIX shell', () => {
    expect(shellQuote("a'b $x")).toBe(`'a'\\''b $x'`);
  });

  it('drops control characters', () => {
    const cmd = curlCommand({ method: 'GET', origin: 'http://h', path: '/p\u001b[2J', requestHeaders: [{ name: 'user-agent', value: 'x\u0007' }] });
    expect(cmd).not.toMatch(/[\u0000-\u001f]/);
  });
});

describe('HAR 1.2', () => {
  it('is valid for the exchanges of a listing over the demo server, with no key in it', async () => {
    const demo: DemoServer = await startDemoServer({});
    const log = new ExchangeLog();
    const client = createApiClient({ baseUrl: new URL(demo.url), getApiKey: () => demo.apiKey, observer: log });
    try {
      const groups = await client.listPageGroups({ limit: 2 });
      await client.listPageGroups({ limit: 2, cursor: groups.nextCursor });
      await client.listPages('no-such-group').catch(() => {});
    } finally {
      await client.close();
      await demo.close();
    }
    const har = buildHar(log.entries(), '1.0.0');
    const parsed: unknown = JSON.parse(JSON.stringify(har));
    expect(harProblems(parsed)).toEqual([]);
    expect(har.log.entries).toHaveLength(3);
    expect(har.log.entries[1]?.request.queryString).toContainEqual({ name: 'cursor', value: groups0Cursor(har) });
    expect(har.log.entries[2]?.response.status).toBe(404);
    expect(har.log.entries[0]?.response.content.text).toContain('"items"');
    expect(JSON.stringify(har)).not.toContain(demo.apiKey);
  });

  it("gives a compressed answer's bodySize as the bytes received, and content.size as the bytes decoded", async () => {
    const demo: DemoServer = await startDemoServer({});
    const log = new ExchangeLog();
    const client = createApiClient({ baseUrl: new URL(demo.url), getApiKey: () => demo.apiKey, observer: log });
    try {
      await client.listPageGroups({ limit: 100 });
    } finally {
      await client.close();
      await demo.close();
    }
    const { response } = buildHar(log.entries(), '1.0.0').log.entries[0] as ReturnType<typeof buildHar>['log']['entries'][number];
    const header = (name: string) => response.headers.find((h) => h.name === name)?.value;
    expect(header('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(response.bodySize).toBe(Number(header('content-length')));
    expect(response.bodySize).toBeLessThan(response.content.size);
    expect(response.content.compression).toBe(response.content.size - response.bodySize);
  });

  it('is valid for a failed request (status 0) and the checker finds a broken one', () => {
    const log = new ExchangeLog();
    log.begin('GET', 'http://h', '/v0/page_groups', { 'x-api-key': KEY }).failed(new Error('connect ECONNREFUSED'));
    const har = JSON.parse(JSON.stringify(buildHar(log.entries(), 'dev'))) as { log: { entries: Record<string, unknown>[]; version: string } };
    expect(harProblems(har)).toEqual([]);
    delete har.log.entries[0]?.timings;
    har.log.version = '1.1';
    expect(harProblems(har)).toEqual(['log.version should be "1.2"', 'log.entries[0].timings should be an object']);
  });
});

function groups0Cursor(har: ReturnType<typeof buildHar>): string {
  const body = JSON.parse(har.log.entries[0]?.response.content.text ?? '{}') as { nextCursor?: string };
  return body.nextCursor ?? '';
}
