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
  it('computes pages from their index: the last page is served at once, without a list of a million', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    server = await startDemoServer({ host: '127.0.0.1', port: 0, pages: 1_000_000 });
    const res = await request(server, `/v0/page_groups/grp-1/pages?limit=100&cursor=${encodeCursor('grp-1', 999_900)}`);
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.hasMore).toBe(false);
    expect(res.body.items).toHaveLength(100);
    expect(res.body.items[0].pageId).toBe('grp-1-p999901');
    expect(res.body.items[99].pageId).toBe('grp-1-p1000000');
    const groups = await request(server, '/v0/page_groups?limit=1');
    expect(groups.body.items[0]).toMatchObject({ pageGroupId: 'grp-1', pageCount: 1_000_000 });
    // A million page objects would be well over 100 MB and take seconds to build.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(50 * 1024 * 1024);
    expect(elapsed).toBeLessThan(5000);
  });
});
