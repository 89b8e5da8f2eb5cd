import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { request } from './helpers.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ pages: 50 });
});
afterAll(() => server.close());

function expectErrorShape(res: { headers: Record<string, unknown>; body: any }, code: string): void {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body.code).toBe(code);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(res.body.requestId).toMatch(/^req-\d{6}$/);
  expect(res.headers['x-request-id']).toBe(res.body.requestId);
}

describe('not found and paths', () => {
  it('answers an unknown group with 404 NOT_FOUND', async () => {
    const res = await request(server, '/v0/page_groups/nope/pages');
    expect(res.status).toBe(404);
    expectErrorShape(res, 'NOT_FOUND');
  });

  it('answers any other path with 404', async () => {
    for (const path of ['/', '/v0', '/v0/page_groups/', '/v0/page_groups/grp-1', '/v1/page_groups', '/v0/pages']) {
      const res = await request(server, path);
      expect(res.status, path).toBe(404);
      expectErrorShape(res, 'NOT_FOUND');
    }
  });

  it('decodes the raw segment: a%2Fb is the id "a/b", not a path, and the raw url is recorded', async () => {
    const res = await request(server, '/v0/page_groups/a%2Fb/pages?limit=3');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    const recorded = server.requests.find((r) => r.rawUrl === '/v0/page_groups/a%2Fb/pages?limit=3');
    expect(recorded).toBeDefined();
    expect(recorded?.path).toBe('/v0/page_groups/a%2Fb/pages');
    expect(recorded?.query).toEqual({ limit: '3' });
    expect(recorded?.status).toBe(404);
  });

  it('does not normalise dot segments into another path', async () => {
    const res = await request(server, '/v0/page_groups/%2E%2E/pages');
    expect(res.status).toBe(404);
    expect(server.requests.at(-1)?.rawUrl).toBe('/v0/page_groups/%2E%2E/pages');
  });

  it('serves a group whose id is percent-encoded needlessly', async () => {
    const res = await request(server, '/v0/page_groups/grp%2D1/pages?limit=2');
    expect(res.status).toBe(200);
    expect(res.body.items[0].pageId).toBe('grp-1-p1');
  });

  it('answers a malformed percent-encoding with 400 on page_group_id', async () => {
    const res = await request(server, '/v0/page_groups/%E0%A4%A/pages');
    expect(res.status).toBe(400);
    expectErrorShape(res, 'VALIDATION_ERROR');
    expect(res.body.details.field).toBe('page_group_id');
  });

  it('answers non-GET methods with 405 and the error shape', async () => {
    for (const method of ['POST', 'DELETE', 'PUT']) {
      const res = await request(server, '/v0/page_groups', { method });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET');
      expectErrorShape(res, 'METHOD_NOT_ALLOWED');
    }
  });
});

describe('auth', () => {
  it.each([
    ['missing', null],
    ['empty', ''],
    ['"invalid"', 'invalid'],
  ])('rejects a %s key with 401 UNAUTHORIZED', async (_label, key) => {
    for (const path of ['/v0/page_groups', '/v0/page_groups/grp-1/pages']) {
      const res = await request(server, path, { key });
      expect(res.status).toBe(401);
      expectErrorShape(res, 'UNAUTHORIZED');
      expect(res.text).not.toContain('invalid');
    }
  });

  it('accepts any other non-empty key and records whether a key was sent', async () => {
    const ok = await request(server, '/v0/page_groups?limit=1', { key: 'anything-else' });
    expect(ok.status).toBe(200);
    expect(server.requests.at(-1)?.hadKey).toBe(true);
    await request(server, '/v0/page_groups?limit=1', { key: null });
    expect(server.requests.at(-1)?.hadKey).toBe(false);
    expect(server.requests.at(-1)?.status).toBe(401);
  });
});

describe('request ids and recording', () => {
  it('puts an increasing x-request-id on every response, success included', async () => {
    const a = await request(server, '/v0/page_groups?limit=1');
    const b = await request(server, '/v0/page_groups?limit=1');
    const idA = String(a.headers['x-request-id']);
    const idB = String(b.headers['x-request-id']);
    expect(idA).toMatch(/^req-\d{6}$/);
    expect(Number(idB.slice(4))).toBe(Number(idA.slice(4)) + 1);
  });

  it('records requests in arrival order with method, arrival time and socket', async () => {
    const before = server.requests.length;
    const start = Date.now();
    await request(server, '/v0/page_groups?limit=2');
    await request(server, '/v0/page_groups/grp-1/pages?limit=2');
    const [first, second] = server.requests.slice(before);
    expect(first?.rawUrl).toBe('/v0/page_groups?limit=2');
    expect(second?.rawUrl).toBe('/v0/page_groups/grp-1/pages?limit=2');
    expect(first?.method).toBe('GET');
    expect(first?.at).toBeGreaterThanOrEqual(start);
    // agent:false opens a new connection per request.
    expect(first?.socketId).not.toBe(second?.socketId);
    expect(first?.socketId).toBeGreaterThan(0);
  });
});
