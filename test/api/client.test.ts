import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/http/base-url.js';
import { clientsFor, failureWithout } from './helpers/client-checks.js';
import { json, startTestServer, text, type TestServer } from './helpers/test-server.js';

const KEY = 'sk-test-9f8e7d6c5b4a';
let server: TestServer;
const { clients, make: client } = clientsFor(() => server.origin, KEY);
const failure = (p: Promise<unknown>) => failureWithout(KEY, p);

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  server.requests.length = 0;
  server.handle(json(200, { hasMore: false, items: [] }));
});
afterAll(async () => {
  await server.close();
});

describe('requests', () => {
  it('sends x-api-key, accept and user-agent', async () => {
    await client({ version: '1.2.3' }).listPageGroups();
    const h = server.requests[0]?.headers;
    expect(h?.['x-api-key']).toBe(KEY);
    expect(h?.accept).toBe('application/json');
    expect(h?.['user-agent']).toBe('pagetui/1.2.3');
    await client({ userAgent: 'custom/9' }).listPageGroups();
    expect(server.requests[1]?.headers['user-agent']).toBe('custom/9');
    await client().listPageGroups();
    expect(server.requests[2]?.headers['user-agent']).toBe('pagetui/dev');
  });

  it('sends the path exactly as built, ids as one segment', async () => {
    const c = client();
    await c.listPages('../x', { cursor: 'a b/c', limit: 100 });
    await c.listPages('%2E%2E');
    await c.listPages('a?b#c');
    await c.listPages('日本 語');
    expect(server.requests.map((r) => r.rawUrl)).toEqual([
      '/v0/page_groups/..%2Fx/pages?cursor=a+b%2Fc&limit=100',
      '/v0/page_groups/%252E%252E/pages',
      '/v0/page_groups/a%3Fb%23c/pages',
      '/v0/page_groups/%E6%97%A5%E6%9C%AC%20%E8%AA%9E/pages',
    ]);
  });

  it('keeps the base URL path prefix', async () => {
    await client({ baseUrl: parseBaseUrl(`${server.origin}/api/`, {}) }).listPageGroups({ limit: 5 });
    expect(server.requests[0]?.rawUrl).toBe('/api/v0/page_groups?limit=5');
  });

  it('refuses ids that cannot be sent, without sending', async () => {
    const c = client();
    for (const id of ['', '.', '..']) expect((await failure(c.listPages(id))).code).toBe('BAD_ID');
    expect((await failure(c.listPageGroups({ limit: 500 }))).code).toBe('BAD_LIMIT');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a bad id after a good one, and a good id again after it, before the key', async () => {
    let key: string | undefined = 'k';
    const c = client({ getApiKey: () => key });
    await c.listPages('grp-1');
    key = undefined;
    expect((await failure(c.listPages('..'))).code).toBe('BAD_ID');
    expect((await failure(c.listPages(undefined as unknown as string))).code).toBe('BAD_ID');
    expect((await failure(c.listPages('grp-1'))).code).toBe('NO_API_KEY');
    expect(server.requests).toHaveLength(1);
  });

  it('reads the key on every request and refuses to send without one', async () => {
    let key: string | undefined;
    const c = client({ getApiKey: () => key });
    const err = await failure(c.listPageGroups());
    expect(err).toMatchObject({ kind: 'auth', code: 'NO_API_KEY' });
    expect(server.requests).toHaveLength(0);
    key = 'k-second';
    await c.listPageGroups();
    expect(server.requests[0]?.headers['x-api-key']).toBe('k-second');
    key = 'bad\r\nx-evil: 1';
    expect((await failure(c.listPageGroups())).code).toBe('BAD_API_KEY');
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a key too long to be one (a paste of a whole file) or with characters outside ASCII, without sending it or saying it', async () => {
    let key = `k${'x'.repeat(200_000)}`;
    const c = client({ getApiKey: () => key });
    const long = await failure(c.listPageGroups());
    expect(long).toMatchObject({ kind: 'auth', code: 'BAD_API_KEY' });
    expect(long.message).toContain('200,001 characters long');
    expect(long.message).toContain('4,096');
    expect(long.message).not.toContain('xxxxxxxx');
    key = 'k-caf\u00e9-key';
    const accented = await failure(c.listPageGroups());
    expect(accented.code).toBe('BAD_API_KEY');
    expect(accented.message).not.toContain('caf');
    expect(server.requests).toHaveLength(0);
    key = 'k'.repeat(4096);
    await c.listPageGroups();
    expect(server.requests).toHaveLength(1);
  });

  it('parses the envelope and a bare array', async () => {
    server.handle(json(200, { hasMore: true, items: [{ pageId: 'p1' }, 3], nextCursor: 'n' }));
    const page = await client().listPages('g');
    expect(page).toMatchObject({ hasMore: true, nextCursor: 'n', items: [{ pageId: 'p1' }] });
    expect(page.warnings).toHaveLength(1);
    server.handle(json(200, [{ pageGroupId: 'g' }]));
    expect(await client().listPageGroups()).toMatchObject({ hasMore: false, items: [{ pageGroupId: 'g' }] });
  });

  it('reuses keep-alive connections, also after error responses (bodies are consumed)', async () => {
    const c = client();
    const answers = [
      json(200, { hasMore: false, items: [] }),
      json(404, { code: 'NOT_FOUND', message: 'nope' }),
      text(502, '<h1>bad</h1>'),
      json(500, { code: 'BOOM', message: 'x'.repeat(2000) }),
    ];
    for (let i = 0; i < 12; i++) {
      server.handle(answers[i % answers.length] ?? answers[0]!);
      await c.listPages('g').catch(() => undefined);
    }
    expect(server.requests).toHaveLength(12);
    // Sequential requests share the pool's sockets; a leaked body would pin a socket each time.
    expect(new Set(server.requests.map((r) => r.socketId)).size).toBeLessThanOrEqual(3);
  });
});

describe('error responses', () => {
  it('maps 401, 403 and 404', async () => {
    const c = client();
    server.handle(json(401, { code: 'UNAUTHORIZED', message: 'Missing or invalid API key', requestId: 'r1' }));
    expect(await failure(c.listPageGroups())).toMatchObject({ kind: 'auth', code: 'UNAUTHORIZED', status: 401, requestId: 'r1' });
    server.handle(json(403, { message: 'no scope' }));
    expect(await failure(c.listPageGroups())).toMatchObject({ kind: 'auth', code: 'FORBIDDEN', message: 'no scope' });
    server.handle(json(404, { code: 'NOT_FOUND', message: 'Unknown page group' }));
    expect(await failure(c.listPages('nope'))).toMatchObject({ kind: 'not-found', code: 'NOT_FOUND', status: 404 });
  });

  it('maps 400 VALIDATION_ERROR', async () => {
    server.handle(json(400, { code: 'VALIDATION_ERROR', message: 'bad cursor', requestId: 'r2', details: { field: 'cursor', reason: 'unknown' } }));
    expect(await failure(client().listPages('g', { cursor: 'zzz' }))).toMatchObject({
      kind: 'validation',
      field: 'cursor',
      reason: 'unknown',
      requestId: 'r2',
    });
  });

  it('turns an HTML 502 page into a short message', async () => {
    server.handle(text(502, `<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>${'<p>filler</p>'.repeat(100)}</body></html>`));
    const err = await failure(client().listPageGroups());
    expect(err).toMatchObject({ kind: 'server', status: 502, code: 'HTTP_502' });
    expect(err.message).toMatch(/^HTTP 502 Bad Gateway: 502 Bad Gateway Bad Gateway filler/);
    expect(err.message).not.toContain('<');
    expect(err.message.length).toBeLessThan(150);
  });

  it('reports a 200 with a garbage body as bad-response', async () => {
    server.handle(text(200, 'Welcome to nginx!'));
    expect(await failure(client().listPageGroups())).toMatchObject({ kind: 'bad-response', code: 'BAD_RESPONSE' });
    server.handle(json(200, { hasMore: false }));
    expect(await failure(client().listPageGroups())).toMatchObject({ kind: 'bad-response', code: 'BAD_RESPONSE' });
  });
});
