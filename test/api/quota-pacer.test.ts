import { describe, expect, it } from 'vitest';
import { Pager } from '../../src/api/pager/pager.js';
import { QuotaPacer } from '../../src/api/quota/quota-pacer.js';
import { flush, ids, manualTimers } from './helpers/scripted-fetch.js';

/** Resolves to true once the promise settled (after a flush), false while it is pending. */
async function settled(p: unknown): Promise<boolean> {
  if (!(p instanceof Promise)) return true;
  let done = false;
  p.then(() => (done = true), () => (done = true));
  await flush();
  return done;
}

describe('QuotaPacer', () => {
  it('lets everything through when the server says nothing', async () => {
    const pacer = new QuotaPacer(manualTimers());
    for (let i = 0; i < 5; i++) (await pacer.admit(true)).answered(undefined);
    expect(pacer.getSnapshot().reading).toBeUndefined();
  });

  it('keeps 10% of the quota from background work and waits for the reset, saying until when', async () => {
    const t = manualTimers();
    const pacer = new QuotaPacer(t);
    const resetAt = t.now() + 20_000;
    (await pacer.admit(true)).answered({ remaining: 21, limit: 200, resetAt });
    (await pacer.admit(true)).answered({ remaining: 20, limit: 200, resetAt });
    expect(QuotaPacer.reserveOf({ remaining: 20, limit: 200 })).toBe(20);
    const background = pacer.admit(true);
    expect(await settled(background)).toBe(false);
    expect(pacer.getSnapshot()).toMatchObject({ pacingUntil: resetAt, left: 20 });
    // What the user does by hand goes at once, and may spend the reserve.
    const foreground = await pacer.admit(false);
    expect(pacer.getSnapshot().left).toBe(19);
    foreground.answered({ remaining: 19, limit: 200, resetAt });
    expect(await settled(background)).toBe(false);
    await t.runNext();
    expect(t.now()).toBe(resetAt);
    expect(await settled(background)).toBe(true);
    expect(pacer.getSnapshot().pacingUntil).toBeUndefined();
  });

  it('keeps at least one request, and makes the user wait only when the quota is used up', async () => {
    const t = manualTimers();
    const pacer = new QuotaPacer(t);
    const resetAt = t.now() + 3000;
    (await pacer.admit(false)).answered({ remaining: 1, limit: 5, resetAt });
    expect(await settled(pacer.admit(true))).toBe(false);
    (await pacer.admit(false)).answered({ remaining: 0, limit: 5, resetAt });
    const user = pacer.admit(false);
    expect(await settled(user)).toBe(false);
    expect(pacer.getSnapshot().pacingUntil).toBe(resetAt);
    await t.runNext();
    await t.runNext();
    expect(await settled(user)).toBe(true);
  });

  it('lets what the user asks for go when the quota is used up until a reset more than a minute off: the server answers (a 429 has its own way out), nothing is locked', async () => {
    const t = manualTimers();
    const pacer = new QuotaPacer(t);
    const resetAt = t.now() + 10 * 365 * 24 * 3600 * 1000;
    (await pacer.admit(false)).answered({ remaining: 0, limit: 100, resetAt });
    expect(await settled(pacer.admit(false))).toBe(true);
    // Background work still waits for the reset.
    expect(await settled(pacer.admit(true))).toBe(false);
  });

  it('counts requests in flight against what remains', async () => {
    const t = manualTimers();
    const pacer = new QuotaPacer(t);
    (await pacer.admit(false)).answered({ remaining: 12, limit: 100, resetAt: t.now() + 5000 });
    const inFlight = [await pacer.admit(true), await pacer.admit(true)];
    expect(pacer.getSnapshot().left).toBe(10);
    expect(await settled(pacer.admit(true))).toBe(false);
    inFlight[0]?.failed();
    inFlight[0]?.failed();
    expect(pacer.getSnapshot().left).toBe(11);
  });

  it('assumes nothing once the fields stop coming', async () => {
    const t = manualTimers();
    const pacer = new QuotaPacer(t);
    (await pacer.admit(false)).answered({ remaining: 5, limit: 100, resetAt: t.now() + 60_000 });
    const waiting = pacer.admit(true);
    expect(await settled(waiting)).toBe(false);
    (await pacer.admit(false)).answered(undefined);
    expect(pacer.getSnapshot().reading).toBeUndefined();
    expect(await settled(waiting)).toBe(true);
    expect(await settled(pacer.admit(true))).toBe(true);
  });

  it('takes the earliest reset a window announced (resets are whole seconds)', async () => {
    const t = manualTimers();
    const pacer = new QuotaPacer(t);
    const base = t.now();
    (await pacer.admit(false)).answered({ remaining: 50, limit: 100, resetAt: base + 2000 });
    (await pacer.admit(false)).answered({ remaining: 49, limit: 100, resetAt: base + 1400 });
    (await pacer.admit(false)).answered({ remaining: 48, limit: 100, resetAt: base + 2000 });
    expect(pacer.getSnapshot().reading?.resetAt).toBe(base + 1400);
  });

  it('gives up waiting when the request is cancelled', async () => {
    const t = manualTimers();
    const pacer = new QuotaPacer(t);
    (await pacer.admit(false)).answered({ remaining: 1, limit: 10, resetAt: t.now() + 5000 });
    const controller = new AbortController();
    const waiting = pacer.admit(true, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow();
    expect(pacer.getSnapshot().pacingUntil).toBeUndefined();
  });
});

describe('Pager: background requests', () => {
  it('marks fetches beyond the rows on screen, and a whole-list load, as background', async () => {
    const calls: boolean[] = [];
    const resolvers: ((page: { items: ReturnType<typeof ids>; hasMore: boolean; nextCursor?: string; warnings: string[] }) => void)[] = [];
    const pager = new Pager((_cursor, _signal, background) => {
      calls.push(background === true);
      return new Promise((resolve) => resolvers.push(resolve));
    });
    const answer = async (n: number) => {
      resolvers.shift()?.({ items: ids(n * 10, 10), hasMore: true, nextCursor: `c${n + 1}`, warnings: [] });
      await flush();
    };
    pager.ensure(30, 10);
    await answer(0); // the first page: on screen
    await answer(1); // items 10..19: ahead of the screen
    await answer(2);
    pager.ensure(50, 35); // the user scrolled: 30..34 are on screen now
    await answer(3);
    pager.loadAll();
    await answer(4);
    expect(calls).toEqual([false, true, true, false, true, true]);
  });
});
