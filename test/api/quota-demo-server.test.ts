import { afterAll, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/http/base-url.js';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { itemId } from '../../src/api/items.js';
import { Pager } from '../../src/api/pager/pager.js';
import type { PagerSnapshot } from '../../src/api/types.js';
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../src/demo-server/index.js';

// The cases with the fields announced run side by side (each paces itself against its own server
// over seconds of windows). Their time limits are wide: how long a load takes is the machine's
// business (a loaded one is several times slower), what they check is what was sent.
const opened: { client: ApiClient; server: DemoServer }[] = [];
afterAll(async () => {
  await Promise.all(opened.map(async ({ client, server }) => {
    await client.close();
    await server.close();
  }));
});

/** `G` on grp-1: the whole listing, 20 pages per request, as background work. */
async function loadAll(opts: DemoServerOptions, started?: (server: DemoServer) => void): Promise<{ snap: PagerSnapshot; server: DemoServer }> {
  const server = await startDemoServer({ groups: 1, ...opts });
  started?.(server);
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
    }, 180_000);

    it.each(['legacy', 'x'] as const)('sends no refused request with the %s fields either', async (quotaHeaders) => {
      const { snap, server } = await loadAll({ pages: 2000, quota: 40, windowSeconds: 1, quotaHeaders });
      expect(snap.state).toBe('done');
      expect(snap.items).toHaveLength(2000);
      expect(statuses(server).filter((s) => s === 429)).toEqual([]);
    }, 180_000);
  });

  it('without the fields, waits out each 429 as the contract says and never retries early', async () => {
    // The quota's windows move only when a refusal has been answered, as if its wait had passed:
    // the quota is met however slowly this machine sends, and the wait itself is the client's own.
    let server: DemoServer | undefined;
    const refusals = () => server?.requests.filter((r) => r.status === 429).length ?? 0;
    const result = await loadAll({ pages: 1000, quota: 20, windowSeconds: 2, quotaHeaders: 'none', quotaClock: () => refusals() * 2000 }, (s) => (server = s));
    const { snap } = result;
    expect(snap.state).toBe('done');
    expect(snap.items).toHaveLength(1000);
    const requests = result.server.requests;
    const codes = statuses(result.server);
    // 50 requests, 20 per window: one refusal per window used up, and the retry after it is admitted.
    expect(codes.filter((s) => s === 429)).toHaveLength(2);
    expect(codes).toHaveLength(52);
    codes.forEach((code, i) => {
      if (code !== 429) return;
      expect(codes[i + 1]).toBe(200);
      // Retry-After said 2 s: the retry came no earlier.
      expect(requests[i + 1]!.at - requests[i]!.at).toBeGreaterThanOrEqual(2000);
    });
  }, 180_000);
});
