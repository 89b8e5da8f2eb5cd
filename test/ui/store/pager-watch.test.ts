import dc from 'node:diagnostics_channel';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/http/client.js';
import { Pager } from '../../../src/api/pager/pager.js';
import { startDemoServer } from '../../../src/demo-server/index.js';
import { watchPager } from '../../../src/ui/store/list/pager-watch.js';
import { ids, rateLimit, Script } from '../../api/helpers/scripted-fetch.js';

const page = (from: number) => ({ items: ids(from, 10), hasMore: true, nextCursor: `c${from + 10}` });
const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * The clock that times each frame's cost: frames here cost what the test says (nothing, unless it
 * adds some), not what drawing them took on a busy machine. (Faking `performance` itself hangs.)
 */
function frameClock() {
  let now = 0;
  return { now: () => now, spend: (ms: number) => (now += ms) };
}

describe('watchPager: frames while a whole list loads', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('over a real connection, a frame during a bulk load is drawn only once the next request is on the wire', async () => {
    const server = await startDemoServer({ host: '127.0.0.1', port: 0, pages: 1500, latencyMs: 40 });
    const client = createApiClient({ baseUrl: new URL(server.url), getApiKey: () => server.apiKey });
    let sent = 0;
    const onSend = (): void => {
      sent++;
    };
    dc.subscribe('undici:client:sendHeaders', onSend);
    try {
      const pager = new Pager((cursor, signal) => client.listPages('grp-1', { cursor, limit: 100, signal }));
      const frames: { sent: number; pages: number; state: string }[] = [];
      const done = new Promise<void>((resolve) => {
        const stop = watchPager(pager, () => pager.getSnapshot().loadingAll, () => {
          const snap = pager.getSnapshot();
          frames.push({ sent, pages: snap.pagesFetched, state: snap.state });
          if (snap.state === 'done') {
            stop();
            resolve();
          }
        });
      });
      pager.loadAll();
      await done;
      expect(pager.getSnapshot().items).toHaveLength(1500);
      const midLoad = frames.filter((f) => f.state === 'loading' && f.pages > 0);
      expect(midLoad.length).toBeGreaterThanOrEqual(2);
      for (const f of midLoad) expect(f.sent).toBe(f.pages + 1);
    } finally {
      dc.unsubscribe('undici:client:sendHeaders', onSend);
      await client.close();
      await server.close();
    }
  });

  it('draws at most every 250 ms in bulk, and a frame left waiting comes 250 ms later when no page follows', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const s = new Script();
    const pager = new Pager(s.fetch);
    const frames: number[] = [];
    const stop = watchPager(pager, () => true, () => frames.push(Date.now()), frameClock().now);
    pager.loadAll();
    await immediate();
    expect(frames).toHaveLength(1);
    const start = Date.now();
    // Pages 80 ms apart: a frame is due on the fourth, and drawn just after it.
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(80);
      await s.answer(page(i * 10));
      await immediate();
    }
    expect(frames.map((at) => at - start)).toEqual([0, 320]);
    await s.answer(page(40));
    await immediate();
    expect(frames).toHaveLength(2);
    vi.advanceTimersByTime(249);
    expect(frames).toHaveLength(2);
    vi.advanceTimersByTime(1);
    await immediate();
    expect(frames.map((at) => at - start)).toEqual([0, 320, 570]);
    stop();
  });

  it('the change that ends or halts a bulk load (the last page, a failure, a rate limit) is drawn at once, not a frame gap later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const states = { 'last page': 'done', failure: 'error', 'rate limit': 'rate-limited' } as const;
    for (const end of ['last page', 'failure', 'rate limit'] as const) {
      const s = new Script();
      const pager = new Pager(s.fetch);
      const frames: { at: number; state: string }[] = [];
      // Following the end after G: still "in bulk" when the last page comes.
      const stop = watchPager(pager, () => true, () => frames.push({ at: Date.now(), state: pager.getSnapshot().state }), frameClock().now);
      pager.loadAll();
      await immediate();
      const start = Date.now();
      vi.advanceTimersByTime(30);
      await s.answer(page(0));
      await immediate();
      vi.advanceTimersByTime(30);
      if (end === 'last page') await s.answer({ items: ids(10, 10), hasMore: false });
      else if (end === 'failure') await s.fail(new Error('connection reset'));
      else await s.fail(rateLimit(Date.now() + 5000));
      await immediate();
      const last = frames.at(-1);
      expect(last?.state).toBe(states[end]);
      expect((last?.at ?? 0) - start).toBe(60);
      stop();
    }
  });

  it('a frame that costs more than a thirty-second of the gap (a busy machine) spaces the next ones out, up to a second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const s = new Script();
    const pager = new Pager(s.fetch);
    const frames: number[] = [];
    const clock = frameClock();
    const stop = watchPager(pager, () => true, () => {
      frames.push(Date.now());
      clock.spend(30); // a 30 ms frame
    }, clock.now);
    pager.loadAll();
    await immediate();
    const start = Date.now();
    for (let i = 0; i < 40; i++) {
      vi.advanceTimersByTime(30);
      await s.answer(page(i * 10));
      await immediate();
    }
    // 30 ms or more per frame: the next is due 960 ms or more later, not 100; never past a second.
    expect(frames[0]).toBe(start);
    expect(frames.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < frames.length; i++) {
      expect(frames[i]! - frames[i - 1]!).toBeGreaterThanOrEqual(960);
      expect(frames[i]! - frames[i - 1]!).toBeLessThanOrEqual(1030);
    }
    stop();
  });

  it('outside a bulk load every change is drawn at once; stopping drops a waiting frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const s = new Script();
    const pager = new Pager(s.fetch);
    let bulk = false;
    let frames = 0;
    const stop = watchPager(pager, () => bulk, () => frames++, frameClock().now);
    pager.ensure(5);
    await s.answer(page(0));
    expect(frames).toBe(2);
    bulk = true;
    pager.loadAll();
    await s.answer(page(10));
    expect(frames).toBe(2);
    stop();
    vi.advanceTimersByTime(500);
    await immediate();
    expect(frames).toBe(2);
  });
});
