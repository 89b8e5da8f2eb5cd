import { afterAll, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/http/base-url.js';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { itemId } from '../../src/api/items.js';
import { Pager } from '../../src/api/pager/pager.js';
import type { PagerSnapshot } from '../../src/api/types.js';
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../src/demo-server/index.js';

// The cases with the fields announced run side by side (each paces itself against its own server
// over seconds of windows); the one without runs alone, as it must be fast enough to meet the quota.
const opened: { client: ApiClient; server: DemoServer }[] = [];
afterAll(async () => {
  await Promise.all(opened.map(async ({ client, server }) => {
    await client.close();
    await server.close();
  }));
});

/** `G` on grp-1: the whole listing, 20 pages per request, as background work. */
async function loadAll(opts: DemoServerOptions): Promise<{ snap: PagerSnapshot; server: DemoServer }> {
  const server = await startDemoServer({ groups: 1, ...opts });
  const c = createApiClient({ baseUrl: parseBaseUrl(server.url, {}), getApiKey: () => server.apiKey });
  opened.push({ client: c, server });
  const pager = new Pager((cursor, signal, background) => c.listPages('grp-1', { cursor, limit: 20, signal, background }), {
    idOf: (r) => itemId('page', r),
    rateLimit: c.rateLimit,
  });
  pager.loadAll();
  const snap = await new Promise<PagerSnapshot>((resolve) => {
    const check = () => {
      const s = pager.getSnapshot();
      if (s.state === 'done' || s.state === 'error') resolve(s);
    };
    pager.subscribe(check);
    check();
  });
  pager.dispose();
  return { snap, server };
}

const statuses = (server: DemoServer) => server.requests.map((r) => r.status);

describe('loading a whole list against a quota', () => {
  describe.concurrent('with the fields announced', () => {
    it('sends no request the quota refuses when the server announces it (draft fields, 10,000 pages, 200 per 2 s)', async () => {
      const { snap, server } = await loadAll({ pages: 10_000, quota: 200, windowSeconds: 2, quotaHeaders: 'draft' });
      expect(snap.state).toBe('done');
      expect(snap.items).toHaveLength(10_000);
      expect(statuses(server).filter((s) => s === 429)).toEqual([]);
      expect(server.requests).toHaveLength(500);
      // Each window's last 10% (20 requests) was left unspent for the user. The windows are the
      // server's own: each starts on the whole second of the first request after the last one ended.
      const windows: number[] = [];
      let start = -Infinity;
      for (const r of server.requests) {
        if (r.at >= start + 2000) {
          start = Math.floor(r.at / 1000) * 1000;
          windows.push(0);
        }
        windows[windows.length - 1]! += 1;
      }
      expect(windows.length).toBeGreaterThanOrEqual(3);
      for (const n of windows) expect(n).toBeLessThanOrEqual(180);
    }, 30_000);

    it.each(['legacy', 'x'] as const)('sends no refused request with the %s fields either', async (quotaHeaders) => {
      const { snap, server } = await loadAll({ pages: 2000, quota: 40, windowSeconds: 1, quotaHeaders });
      expect(snap.state).toBe('done');
      expect(snap.items).toHaveLength(2000);
      expect(statuses(server).filter((s) => s === 429)).toEqual([]);
    }, 30_000);
  });

  it('without the fields, waits out each 429 as the contract says and never retries early', async () => {
    const { snap, server } = await loadAll({ pages: 10_000, quota: 200, windowSeconds: 2, quotaHeaders: 'none' });
    expect(snap.state).toBe('done');
    expect(snap.items).toHaveLength(10_000);
    const codes = statuses(server);
    // One refusal per window used up, and the retry after it is admitted: it waited for Retry-After.
    const refused = codes.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(refused).toBeLessThanOrEqual(3);
    codes.forEach((code, i) => {
      if (code === 429) expect(codes[i + 1]).toBe(200);
    });
  }, 30_000);
});
