import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { collectAll, request } from './helpers.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ faults: true, pages: 30 });
});
afterAll(() => server.close());

describe('fault groups', () => {
  it('are listed right after grp-3, only when faults are on', async () => {
    const res = await request(server, '/v0/page_groups?limit=8');
    expect(res.body.items.map((g: any) => g.pageGroupId)).toEqual([
      'grp-1',
      'grp-2',
      'grp-3',
      'fault-validation',
      'fault-rate-limit',
      'fault-bad-gateway',
      'fault-hostile-text',
      'grp-4',
    ]);
    const plain = await startDemoServer();
    try {
      const all = await collectAll(plain, '/v0/page_groups', 100);
      expect(all.some((g) => g.pageGroupId.startsWith('fault-'))).toBe(false);
      expect((await request(plain, '/v0/page_groups/fault-validation/pages')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('fault-validation answers 400 VALIDATION_ERROR on page_group_id', async () => {
    const res = await request(server, '/v0/page_groups/fault-validation/pages');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.requestId).toMatch(/^req-\d{6}$/);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.details.field).toBe('page_group_id');
    expect(typeof res.body.details.reason).toBe('string');
  });

  it('fault-bad-gateway answers 502 with an HTML page', async () => {
    const res = await request(server, '/v0/page_groups/fault-bad-gateway/pages');
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<h1>502 Bad Gateway</h1>');
    expect(res.body).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^req-\d{6}$/);
  });

  it('fault-rate-limit answers each new listing once with 429, then serves it', async () => {
    const first = await request(server, '/v0/page_groups/fault-rate-limit/pages?limit=10');
    expect(first.status).toBe(429);
    expect(first.headers['retry-after']).toBe('5');
    expect(first.body.code).toBe('RATE_LIMITED');
    expect(first.body.details.retryAfterSeconds).toBe(5);
    expect(first.body.requestId).toMatch(/^req-\d{6}$/);

    const pages = await collectAll(server, '/v0/page_groups/fault-rate-limit/pages', 10);
    expect(pages.map((p) => p.pageId)).toEqual(Array.from({ length: 30 }, (_, i) => `fault-rate-limit-p${i + 1}`));

    // A new listing (no cursor) after a successful one sees the 429 again.
    expect((await request(server, '/v0/page_groups/fault-rate-limit/pages')).status).toBe(429);
    expect((await request(server, '/v0/page_groups/fault-rate-limit/pages')).status).toBe(200);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and details beyond the per-key limit, then recovers', async () => {
    const limited = await startDemoServer({ rateLimit: 2 });
    try {
      const burst = await Promise.all(
        Array.from({ length: 5 }, () => request(limited, '/v0/page_groups?limit=1', { key: 'k1' })),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(2);
      const refused = burst.find((r) => r.status === 429);
      expect(refused).toBeDefined();
      const seconds = Number(refused?.headers['retry-after']);
      expect(Number.isInteger(seconds)).toBe(true);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(refused?.body.code).toBe('RATE_LIMITED');
      expect(refused?.body.details.retryAfterSeconds).toBe(seconds);
      expect(refused?.body.requestId).toMatch(/^req-\d{6}$/);

      // Limits are per key.
      expect((await request(limited, '/v0/page_groups?limit=1', { key: 'k2' })).status).toBe(200);

      // The limit's window is the server's clock: move it on instead of waiting it out.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + seconds * 1000 + 50 });
      expect((await request(limited, '/v0/page_groups?limit=1', { key: 'k1' })).status).toBe(200);
    } finally {
      vi.useRealTimers();
      await limited.close();
    }
  });
});

describe('latency', () => {
  it('delays every response by at least latencyMs', async () => {
    const slow = await startDemoServer({ latencyMs: 150 });
    try {
      for (const key of [slow.apiKey, null]) {
        const start = performance.now();
        const res = await request(slow, '/v0/page_groups?limit=1', { key });
        expect(res.status).toBe(key === null ? 401 : 200);
        expect(performance.now() - start).toBeGreaterThanOrEqual(150);
      }
    } finally {
      await slow.close();
    }
  });
});

describe('the hostile-text fault group', () => {
  it('serves escape sequences, an unknown status, and missing and unknown fields', async () => {
    const groups = await request(server, '/v0/page_groups?limit=100');
    const hostile = groups.body.items.find((g: any) => g.pageGroupId === 'fault-hostile-text');
    expect(hostile.status).toBe('scheduled');
    expect(hostile.title).toContain('\u001b]0;');
    const pages = await request(server, '/v0/page_groups/fault-hostile-text/pages?limit=10');
    const names = pages.body.items.map((p: any) => p.effectiveName).join('');
    expect(names).toContain('\u001b[31;1;5m');
    expect(names).toContain('\u009b');
    expect(pages.body.items[3].updatedAt).toBeUndefined();
    expect(pages.body.items[0].experiment).toEqual({ variant: 'B\u001b[32m', weights: [0.5, 0.5] });
  });
});
