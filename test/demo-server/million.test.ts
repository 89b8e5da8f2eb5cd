import { afterEach, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../src/demo-server/cursor.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { request } from './helpers.js';

let server: DemoServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('demo server with 1,000,000 pages', () => {
  // How fast, and with how little heap (no list of a million): `node bench/limits.mjs`.
  it('computes pages from their index: the last page is served', async () => {
    server = await startDemoServer({ host: '127.0.0.1', port: 0, pages: 1_000_000 });
    const res = await request(server, `/v0/page_groups/grp-1/pages?limit=100&cursor=${encodeCursor('grp-1', 999_900)}`);
    expect(res.status).toBe(200);
    expect(res.body.hasMore).toBe(false);
    expect(res.body.items).toHaveLength(100);
    expect(res.body.items[0].pageId).toBe('grp-1-p999901');
    expect(res.body.items[99].pageId).toBe('grp-1-p1000000');
    const groups = await request(server, '/v0/page_groups?limit=1');
    expect(groups.body.items[0]).toMatchObject({ pageGroupId: 'grp-1', pageCount: 1_000_000 });
  });
});
