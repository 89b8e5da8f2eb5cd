/**
 * Hostile page group ids: each must travel as exactly one path segment (the server records the raw
 * request target), or be refused by the client before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { ApiError } from '../../src/api/http/errors.js';
import { HostileServer, makePages } from './helpers/hostile-server.js';
import { API_KEY } from './helpers/pager-run.js';

let server: HostileServer;
let client: ApiClient;
let prefixed: ApiClient;

const SENDABLE = ['../x', 'a/b', 'a?b#c', '%2e%2e', '%2E%2E', '..%2f', '...', ' ', 'a b', '\\..\\x', ';x=1', '世界', '%', '.a', 'a.'];
const REFUSED = ['', '.', '..'];

beforeAll(async () => {
  server = await HostileServer.start();
  for (const id of SENDABLE) server.pages.set(id, makePages(`${id}-`, 2));
  client = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => API_KEY });
  prefixed = createApiClient({ baseUrl: new URL(`${server.url}/api/`), getApiKey: () => API_KEY });
});
afterAll(async () => {
  await client.close();
  await prefixed.close();
  await server.close();
});

/** The segments of a raw path, each still percent-encoded. */
const segments = (path: string): string[] => path.split('/').slice(1);

describe('group ids stay one path segment', () => {
  it.each(SENDABLE)('%j is sent as one encoded segment and reaches the right group', async (id) => {
    const before = server.requests.length;
    const page = await client.listPages(id, { limit: 100 });
    expect(page.items.map((i) => i.pageId)).toEqual([`${id}-0`, `${id}-1`]);
    const seen = server.requests.slice(before);
    expect(seen).toHaveLength(1);
    const raw = seen[0]!.rawUrl;
    expect(raw).toBe(`/v0/page_groups/${encodeURIComponent(id)}/pages?limit=100`);
    const parts = segments(seen[0]!.path);
    expect(parts).toHaveLength(4);
    expect(parts[2]).not.toMatch(/^\.{1,2}$/);
    expect(parts[2]).not.toMatch(/[/?#]/);
    expect(decodeURIComponent(parts[2]!)).toBe(id);
  });

  it.each(SENDABLE.slice(0, 5))('%j keeps a base URL path prefix', async (id) => {
    const before = server.requests.length;
    await prefixed.listPages(id, { limit: 5 }).catch(() => undefined); // the prefixed path is a 404 here
    const seen = server.requests.slice(before);
    expect(seen.map((r) => r.rawUrl)).toEqual([`/api/v0/page_groups/${encodeURIComponent(id)}/pages?limit=5`]);
  });

  it.each(REFUSED)('%j is refused with one clear line and no request', async (id) => {
    const before = server.requests.length;
    const error = await client.listPages(id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'usage', code: 'BAD_ID' });
    expect((error as ApiError).message).not.toContain('\n');
    expect(server.requests.length).toBe(before);
  });

  it('a cursor full of URL syntax stays inside the query parameter', async () => {
    server.inject(() => true, { kind: 'json', body: { hasMore: false, items: [] } });
    const before = server.requests.length;
    const cursor = '../../v0/x?y=1&cursor=z#frag';
    await client.listPages('a/b', { cursor, limit: 1 });
    const [req] = server.requests.slice(before);
    expect(req?.path).toBe('/v0/page_groups/a%2Fb/pages');
    expect(req?.cursor).toBe(cursor);
  });
});
