import { itemArray } from '../../src/api/pager/packed-items.js';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/http/base-url.js';
import { startForwardProxy } from './helpers/forward-proxy.js';
import { clientsFor, failureWithout } from './helpers/client-checks.js';
import { json, startTestServer, type TestServer } from './helpers/test-server.js';

const KEY = 'sk-limits-0a1b2c3d4e';
let server: TestServer;
const { clients, make: client } = clientsFor(() => server.origin, KEY);
const failure = (p: Promise<unknown>) => failureWithout(KEY, p);

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  server.dropSockets();
  await Promise.all(clients.splice(0).map((c) => c.close()));
  server.requests.length = 0;
  server.handle(json(200, { hasMore: false, items: [] }));
});
afterAll(async () => {
  await server.close();
});

describe('rate-limit gate', () => {
  it('sends nothing until retryAt after a 429', async () => {
    let clock = 1_000_000;
    const c = client({ now: () => clock });
    server.handle(json(429, { code: 'RATE_LIMITED', message: 'Too many requests', details: { retryAfterSeconds: 5 } }, { 'retry-after': '5' }));
    const first = await failure(c.listPages('g'));
    expect(first).toMatchObject({ kind: 'rate-limit', code: 'RATE_LIMITED', retryAt: clock + 5000 });
    expect(c.rateLimitedUntil()).toBe(clock + 5000);
    expect(server.requests).toHaveLength(1);

    server.handle(json(200, { hasMore: false, items: [] }));
    clock += 4999;
    const gated = await failure(c.listPageGroups());
    expect(gated).toMatchObject({ kind: 'rate-limit', code: 'RATE_LIMITED', retryAt: 1_005_000 });
    await failure(c.listPages('other'));
    expect(server.requests).toHaveLength(1); // nothing went out

    clock += 1;
    expect(c.rateLimitedUntil()).toBeUndefined();
    await c.listPageGroups();
    expect(server.requests).toHaveLength(2);
  });

  it('backs off exponentially over consecutive 429s without hints, and resets on success', async () => {
    let clock = 0;
    const c = client({ now: () => clock });
    server.handle(json(429, { message: 'slow' }));
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      const e = await failure(c.listPageGroups());
      delays.push((e.retryAt ?? 0) - clock);
      clock = e.retryAt ?? clock;
    }
    expect(delays[0]).toBeGreaterThanOrEqual(500);
    expect(delays[0]).toBeLessThanOrEqual(1000);
    expect(delays[1]).toBeGreaterThanOrEqual(1000);
    expect(delays[1]).toBeLessThanOrEqual(2000);
    expect(delays[2]).toBeGreaterThanOrEqual(2000);
    expect(delays[2]).toBeLessThanOrEqual(4000);
    server.handle(json(200, []));
    await c.listPageGroups();
    server.handle(json(429, {}));
    const again = await failure(c.listPageGroups());
    expect((again.retryAt ?? 0) - clock).toBeLessThanOrEqual(1000);
  });
});

describe('size cap', () => {
  const big = { hasMore: false, items: Array.from({ length: 200 }, (_, i) => ({ pageId: `p${i}`, effectiveName: 'n'.repeat(50) })) };

  it('refuses a body over the cap (declared length)', async () => {
    server.handle(json(200, big));
    const err = await failure(client({ maxResponseBytes: 1000 }).listPageGroups());
    expect(err).toMatchObject({ kind: 'bad-response', code: 'RESPONSE_TOO_LARGE' });
  });

  it('refuses a chunked body once it passes the cap, and the client still works afterwards', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"hasMore":false,"items":[');
      const timer = setInterval(() => res.write('{"pageId":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},'), 1);
      res.on('close', () => clearInterval(timer));
    });
    const c = client({ maxResponseBytes: 4096 });
    expect(await failure(c.listPageGroups())).toMatchObject({ code: 'RESPONSE_TOO_LARGE' });
    server.handle(json(200, { hasMore: false, items: [{ pageId: 'ok' }] }));
    expect((await c.listPageGroups()).items).toEqual([{ pageId: 'ok' }]);
  });

  it('accepts a body under the cap', async () => {
    server.handle(json(200, big));
    expect((await client({ maxResponseBytes: 100_000 }).listPageGroups()).items).toHaveLength(200);
  });
});

describe('transport failures', () => {
  it('times out waiting for headers', async () => {
    server.handle(() => {
      /* never answers */
    });
    const err = await failure(client({ headersTimeoutMs: 150 }).listPageGroups());
    expect(err).toMatchObject({ kind: 'timeout', code: 'HEADERS_TIMEOUT' });
    expect(err.message).toBe('No complete answer from /v0/page_groups in 150 ms (its timeout).');
  });

  it('times out when the body stalls', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"hasMore":');
    });
    const err = await failure(client({ bodyTimeoutMs: 150 }).listPageGroups());
    expect(err).toMatchObject({ kind: 'timeout', code: 'BODY_TIMEOUT' });
  });

  it('reports a refused connection naming the origin', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const origin = `http://127.0.0.1:${port}`;
    const err = await failure(client({ baseUrl: parseBaseUrl(origin, {}) }).listPageGroups());
    expect(err).toMatchObject({ kind: 'network', code: 'CONNECTION_REFUSED' });
    expect(err.message).toContain(origin);
  });

  it('reports a connection reset mid-response', async () => {
    server.handle((req) => req.socket.destroy());
    expect(await failure(client().listPageGroups())).toMatchObject({ kind: 'network', code: 'CONNECTION_RESET' });
  });

  it('aborts via the caller signal', async () => {
    server.handle(() => {
      /* stall */
    });
    const controller = new AbortController();
    const p = client().listPageGroups({ signal: controller.signal });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await failure(p)).toMatchObject({ kind: 'aborted', code: 'ABORTED' });
  });

  it('does not send when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await failure(client().listPageGroups({ signal: controller.signal }))).toMatchObject({ kind: 'aborted' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('proxy', () => {
  it('sends requests through HTTP_PROXY as absolute-form, path unchanged', async () => {
    const proxy = await startForwardProxy();
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, http_proxy: process.env.http_proxy, NO_PROXY: process.env.NO_PROXY, no_proxy: process.env.no_proxy };
    try {
      delete process.env.http_proxy;
      delete process.env.no_proxy;
      delete process.env.NO_PROXY;
      process.env.HTTP_PROXY = proxy.url;
      // A name that never resolves: only the proxy can have delivered this request.
      const origin = `http://pagetui.test:${server.port}`;
      const c = client({ baseUrl: parseBaseUrl(origin, { allowInsecureHttp: true }) });
      server.handle(json(200, { hasMore: false, items: [{ pageId: 'via-proxy' }] }));
      const page = await c.listPages('../x', { cursor: 'c 1' });
      expect(itemArray(page.items)).toEqual([{ pageId: 'via-proxy' }]);
      expect(proxy.seen).toEqual([`${origin}/v0/page_groups/..%2Fx/pages?cursor=c+1`]);
      expect(server.requests[0]?.rawUrl).toBe('/v0/page_groups/..%2Fx/pages?cursor=c+1');
      expect(server.requests[0]?.headers['x-forwarded-by']).toBe('test-proxy');
      expect(server.requests[0]?.headers['x-api-key']).toBe(KEY);

      // A loopback base URL bypasses the proxy (the demo server must work behind a proxy).
      await client().listPageGroups();
      expect(proxy.seen).toHaveLength(1);
      expect(server.requests[1]?.headers['x-forwarded-by']).toBeUndefined();
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await proxy.close();
    }
  });

  it('reads the proxy variables from proxyEnv when given (an empty no_proxy hides NO_PROXY)', async () => {
    const proxy = await startForwardProxy();
    try {
      const c = client({ baseUrl: parseBaseUrl(`http://pagetui.test:${server.port}`, { allowInsecureHttp: true }), proxyEnv: { http_proxy: proxy.url, NO_PROXY: 'pagetui.test' , no_proxy: '' } });
      await c.listPageGroups();
      expect(proxy.seen).toHaveLength(1);
    } finally {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await proxy.close();
    }
  });
});
