import { itemArray } from '../../src/api/pager/packed-items.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/http/base-url.js';
import { createApiClient, type ApiClient } from '../../src/api/http/client.js';
import { itemId } from '../../src/api/items.js';
import { Pager } from '../../src/api/pager/pager.js';
import type { PagerSnapshot } from '../../src/api/types.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';

let demo: DemoServer;
let client: ApiClient;
let clock = Date.now();

const until = async (pager: Pager, done: (s: PagerSnapshot) => boolean): Promise<PagerSnapshot> => {
  return new Promise((resolve) => {
    const check = (): void => {
      const s = pager.getSnapshot();
      if (done(s)) {
        unsubscribe();
        resolve(s);
      }
    };
    const unsubscribe = pager.subscribe(check);
    check();
  });
};

beforeAll(async () => {
  demo = await startDemoServer({ pages: 1050, faults: true, groups: 6 });
  client = createApiClient({ baseUrl: parseBaseUrl(demo.url, {}), getApiKey: () => demo.apiKey, now: () => clock });
});
afterAll(async () => {
  await client.close();
  await demo.close();
});

describe('Pager against the demo server', () => {
  it('loads every page group', async () => {
    const pager = new Pager((cursor, signal) => client.listPageGroups({ cursor, limit: 100, signal }), {
      idOf: (r) => itemId('pageGroup', r),
    });
    pager.ensure(Infinity);
    const s = await until(pager, (x) => x.state === 'done' || x.state === 'error');
    expect(s.state).toBe('done');
    expect(s.items.length).toBeGreaterThanOrEqual(6);
    pager.dispose();
  });

  it('loads all pages of the largest group, each cursor once, without duplicates', async () => {
    const before = demo.requests.length;
    const pager = new Pager((cursor, signal) => client.listPages('grp-1', { cursor, limit: 100, signal }), {
      idOf: (r) => itemId('page', r),
    });
    pager.ensure(Infinity);
    const s = await until(pager, (x) => x.state === 'done' || x.state === 'error');
    expect(s.state).toBe('done');
    expect(s.items).toHaveLength(1050);
    expect(new Set(itemArray(s.items).map((r) => itemId('page', r))).size).toBe(1050);
    expect(s.pagesFetched).toBe(11);
    const sent = demo.requests.slice(before);
    expect(sent).toHaveLength(11);
    expect(new Set(sent.map((r) => r.rawUrl)).size).toBe(11);
    expect(sent.every((r) => r.path === '/v0/page_groups/grp-1/pages' && r.hadKey)).toBe(true);
    pager.dispose();
  });

  it('waits out the planned 429 without sending anything before retryAt', async () => {
    const timers: { fn: () => void; at: number }[] = [];
    const pager = new Pager((cursor, signal) => client.listPages('fault-rate-limit', { cursor, limit: 100, signal }), {
      now: () => clock,
      setTimer: (fn, ms) => timers.push({ fn, at: clock + ms }),
      clearTimer: () => {},
    });
    const before = demo.requests.length;
    pager.ensure(Infinity);
    const limited = await until(pager, (x) => x.state === 'rate-limited' || x.state === 'error');
    expect(limited.state).toBe('rate-limited');
    expect(limited.retryAt).toBe(clock + 5000);
    expect(client.rateLimitedUntil()).toBe(limited.retryAt);
    // Another listing on the same key is gated too, without a request.
    await expect(client.listPageGroups()).rejects.toMatchObject({ kind: 'rate-limit' });
    expect(demo.requests.length - before).toBe(1);

    const timer = timers.shift();
    expect(timer?.at).toBe(limited.retryAt);
    clock = timer?.at ?? clock;
    timer?.fn();
    const s = await until(pager, (x) => x.state === 'done' || x.state === 'error');
    expect(s.state).toBe('done');
    expect(s.items.length).toBeGreaterThan(0);
    expect(demo.requests.length - before).toBe(1 + s.pagesFetched);
    pager.dispose();
  });

  it('surfaces the validation and bad-gateway fault groups as errors', async () => {
    for (const [group, kind] of [
      ['fault-validation', 'validation'],
      ['fault-bad-gateway', 'server'],
    ] as const) {
      const pager = new Pager((cursor, signal) => client.listPages(group, { cursor, signal }));
      pager.ensure(1);
      const s = await until(pager, (x) => x.state === 'error' || x.state === 'done');
      expect(s.state).toBe('error');
      expect(s.error?.kind).toBe(kind);
      pager.dispose();
    }
  });
});
