import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseDemoServerArgs } from '../../src/demo-server/args.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { request } from './helpers.js';

let server: DemoServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

describe('demo server --quota', () => {
  it('parses --quota, --window and --quota-headers, and refuses a bad form', () => {
    expect(parseDemoServerArgs(['--quota', '200', '--window=2', '--quota-headers', 'x'])).toEqual({ quota: 200, windowSeconds: 2, quotaHeaders: 'x' });
    expect(() => parseDemoServerArgs(['--quota-headers', 'ietf'])).toThrow('--quota-headers must be one of draft, legacy, x, none, not "ietf".');
    expect(() => parseDemoServerArgs(['--window', '0'])).toThrow(/--window must be a whole number from 1/);
  });

  it('enforces the quota per key and announces it in the draft form', async () => {
    // The server's clock held still, early in a second: the seconds left cannot tick over between requests.
    vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / 1000) * 1000 + 100 });
    server = await startDemoServer({ pages: 10, quota: 3, windowSeconds: 60 });
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await request(server, '/v0/page_groups?limit=1');
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"default";q=3;w=60');
      seen.push(String(res.headers.ratelimit));
    }
    expect(seen).toEqual(['"default";r=2;t=60', '"default";r=1;t=60', '"default";r=0;t=60']);
    const refused = await request(server, '/v0/page_groups?limit=1');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers.ratelimit).toBe('"default";r=0;t=60');
    // Another key has its own quota.
    expect((await request(server, '/v0/page_groups?limit=1', { key: 'other-key' })).status).toBe(200);
  });

  it('announces it as RateLimit-*, X-RateLimit-* (a Unix time) or not at all', async () => {
    server = await startDemoServer({ pages: 10, quota: 5, windowSeconds: 10, quotaHeaders: 'legacy' });
    const legacy = await request(server, '/v0/page_groups?limit=1');
    expect(legacy.headers).toMatchObject({ 'ratelimit-limit': '5', 'ratelimit-remaining': '4', 'ratelimit-reset': '10' });
    await server.close();
    server = await startDemoServer({ pages: 10, quota: 5, windowSeconds: 10, quotaHeaders: 'x' });
    const before = Date.now();
    const x = await request(server, '/v0/page_groups?limit=1');
    expect(x.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4' });
    const reset = Number(x.headers['x-ratelimit-reset']);
    // Windows start on a whole second, so the Unix time is the exact reset.
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset * 1000).toBeGreaterThan(before + 9000);
    expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 10_000);
    await server.close();
    server = await startDemoServer({ pages: 10, quota: 1, windowSeconds: 10, quotaHeaders: 'none' });
    const none = await request(server, '/v0/page_groups?limit=1');
    expect(Object.keys(none.headers).filter((h) => h.includes('ratelimit'))).toEqual([]);
    expect((await request(server, '/v0/page_groups?limit=1')).status).toBe(429);
  });

  it('opens a new window once the old one is over', async () => {
    server = await startDemoServer({ pages: 10, quota: 1, windowSeconds: 1 });
    expect((await request(server, '/v0/page_groups?limit=1')).status).toBe(200);
    expect((await request(server, '/v0/page_groups?limit=1')).status).toBe(429);
    // The window is the server's clock: move it on instead of waiting out the second.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1050 });
    const again = await request(server, '/v0/page_groups?limit=1');
    expect(again.status).toBe(200);
    expect(again.headers.ratelimit).toBe('"default";r=0;t=1');
  });
});
