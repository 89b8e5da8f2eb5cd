/**
 * Fuzzing the pager: an adversarial server answers every fetch from an endless generated script
 * of pages (duplicate ids, repeated and missing cursors, empty pages, wrong hasMore, pages that
 * come back peeked while everything loads, with a peek that is right, wrong or over a body that
 * does not parse) and failures (every error kind, rate limits with any wait), while a user presses
 * keys in between. Whatever
 * happens: no duplicate id, no cursor that succeeded is fetched again, never a fetch before a rate
 * limit's time, at most one fetch in flight, the items are exactly the first copy of each id in
 * server order, and the listing always comes to rest.
 */
import { itemArray } from '../../src/api/pager/packed-items.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../../src/api/http/errors.js';
import { Pager } from '../../src/api/pager/pager.js';
import { peekedPage, type PageAnswer } from '../../src/api/pager/peeked-page.js';
import type { ListPage } from '../../src/api/types.js';
import { fuzzParams, fuzzTimeout } from './helpers/fuzz.js';

/** How a page asked for with a peek comes back: parsed, peeked rightly, over a bad body, or peeked wrongly. */
type Peek = 'parsed' | 'right' | 'bad-body' | { readonly wrong: string };

type Answer =
  | { readonly t: 'page'; readonly ids: readonly number[]; readonly hasMore: boolean | 'junk'; readonly cursor?: string; readonly peek?: Peek }
  | { readonly t: 'fail'; readonly kind: ApiErrorKind }
  | { readonly t: 'limit'; readonly waitMs: number }
  | { readonly t: 'weird' };

type Action = 'ensure-all' | 'ensure-some' | 'cancel' | 'retry' | 'none';

const CURSORS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

const answerArb: fc.Arbitrary<Answer> = fc.oneof(
  { weight: 6, arbitrary: fc.record({
    t: fc.constant('page' as const),
    ids: fc.array(fc.integer({ min: 0, max: 25 }), { maxLength: 6 }),
    hasMore: fc.oneof(fc.boolean(), fc.constant('junk' as const)),
    cursor: fc.option(fc.constantFrom<string>(...CURSORS, ''), { nil: undefined }),
    peek: fc.oneof(
      fc.constantFrom<Peek>('parsed', 'right', 'right', 'bad-body'),
      fc.record({ wrong: fc.constantFrom<string>(...CURSORS, 'w') }),
    ),
  }) },
  { weight: 2, arbitrary: fc.record({
    t: fc.constant('fail' as const),
    kind: fc.constantFrom<ApiErrorKind>('network', 'timeout', 'server', 'bad-response', 'auth', 'not-found', 'validation'),
  }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('limit' as const), waitMs: fc.integer({ min: 0, max: 90_000 }) }) },
  { weight: 1, arbitrary: fc.constant({ t: 'weird' as const }) },
);

const actionArb = fc.constantFrom<Action>('ensure-all', 'ensure-some', 'cancel', 'retry', 'none', 'none');

interface Call {
  readonly cursor: string | undefined;
  readonly peek: boolean;
  readonly resolve: (p: PageAnswer) => void;
  readonly reject: (e: unknown) => void;
  settled: boolean;
}

/** The promise chains, then the immediate in which a page held behind its next request is taken (as on a real loop). */
const flush = async (): Promise<void> => {
  for (let i = 0; i < 6; i++) await Promise.resolve();
  await new Promise<void>((resolve) => setImmediate(resolve));
};

/** Runs one generated scenario; throws (via expect) on any broken guarantee. */
async function scenario(script: readonly Answer[], actions: readonly Action[], earlyTimers: boolean, maxEmptyPages: number): Promise<void> {
  let clock = 1_000_000;
  const timers = new Map<number, { fn: () => void; at: number }>();
  let nextTimer = 1;
  const calls: Call[] = [];
  const succeeded = new Set<string | undefined>();
  /** The cursors the next fetch may ask for, once a page succeeded: its next cursor, or a peek's. */
  let mayFetch = new Set<string | undefined>();
  let notBefore = 0;
  let inFlight = 0;
  const pagesServed: number[][] = [];
  const violations: string[] = [];
  let userAsking = false;

  const fetchPage = (cursor: string | undefined, signal: AbortSignal, _background: boolean, peek: boolean): Promise<PageAnswer> => {
    // The guarantees, checked at the moment a request would go out. (Recorded, not thrown: the
    // pager would turn a throw from fetchPage into an error state and hide it.)
    if (inFlight !== 0) violations.push('a second fetch while one is in flight');
    if (succeeded.has(cursor)) violations.push(`cursor ${String(cursor)} fetched again after it succeeded`);
    // A fetch the user asked for directly (ensure after a cancel, retry) may go out early: the
    // client's rate-limit gate refuses it without a request (tested over sockets). The pager's own
    // fetches (timers, prefetch after a page) must wait.
    if (clock < notBefore && !userAsking) violations.push(`a fetch ${notBefore - clock} ms before the rate limit allowed it`);
    if (succeeded.size > 0 && !mayFetch.has(cursor)) violations.push(`fetched ${String(cursor)}, not the last nextCursor (or peek)`);
    if (clock < notBefore) {
      // What the real client does: its gate refuses without sending anything.
      return Promise.reject(new ApiError('rate-limit', 'RATE_LIMITED', 'gate', { retryAt: notBefore }));
    }
    inFlight++;
    return new Promise((resolve, reject) => {
      const call: Call = { cursor, peek, resolve, reject, settled: false };
      calls.push(call);
      // A withdrawn request (a peek the page did not bear out) is aborted: the client rejects it.
      signal.addEventListener(
        'abort',
        () => {
          if (call.settled) return;
          call.settled = true;
          inFlight--;
          reject(new ApiError('aborted', 'ABORTED', 'The request was cancelled.'));
        },
        { once: true },
      );
    });
  };

  const maxAutoRetries = 3;
  const pager = new Pager(fetchPage, {
    maxAutoRetries,
    maxEmptyPages,
    now: () => clock,
    setTimer: (fn, ms) => {
      const id = nextTimer++;
      timers.set(id, { fn, at: clock + ms });
      return id;
    },
    clearTimer: (h) => {
      timers.delete(h as number);
    },
  });

  let answered = 0;
  const answerNext = async (call: Call): Promise<void> => {
    const a = script[answered % script.length];
    answered++;
    call.settled = true;
    inFlight--;
    if (a === undefined) throw new Error('empty script');
    switch (a.t) {
      case 'page': {
        const raw = { hasMore: a.hasMore === 'junk' ? 'yes' : a.hasMore, items: a.ids.map((n) => ({ pageId: `p${n}` })), nextCursor: a.cursor };
        // Parsed as the client would (a junk hasMore is decided by the cursor).
        const nextCursor = a.cursor === '' ? undefined : a.cursor;
        const hasMore = typeof raw.hasMore === 'boolean' ? raw.hasMore : nextCursor !== undefined;
        const page = { items: raw.items, hasMore, nextCursor, warnings: [] };
        // The client peeks only a body whose ends say more follows (a wrong peek: its ends lied).
        const peek = call.peek && hasMore && nextCursor !== undefined ? (a.peek ?? 'parsed') : 'parsed';
        if (peek === 'bad-body') {
          // Not a success: the page fails when parsed; the pager may have sent its peek ahead,
          // and asks for this page's cursor again on retry.
          mayFetch = new Set([...mayFetch, nextCursor, call.cursor]);
          call.resolve(peekedPage(nextCursor as string, () => {
            throw new ApiError('bad-response', 'BAD_RESPONSE', 'The server sent a response that is not valid JSON.');
          }));
          break;
        }
        succeeded.add(call.cursor);
        pagesServed.push([...a.ids]);
        mayFetch = new Set(hasMore && nextCursor !== undefined ? [nextCursor] : []);
        if (peek === 'parsed') call.resolve(page);
        else if (peek === 'right') call.resolve(peekedPage(nextCursor as string, () => page));
        else {
          mayFetch.add(peek.wrong);
          call.resolve(peekedPage(peek.wrong, () => page));
        }
        break;
      }
      case 'fail':
        call.reject(new ApiError(a.kind, 'FUZZ', 'injected'));
        break;
      case 'limit':
        notBefore = clock + a.waitMs;
        call.reject(new ApiError('rate-limit', 'RATE_LIMITED', 'slow down', { status: 429, retryAt: notBefore }));
        break;
      case 'weird':
        call.reject(new TypeError('not an ApiError'));
        break;
    }
    await flush();
  };

  const runTimer = async (): Promise<boolean> => {
    const [id, t] = [...timers.entries()].sort((x, y) => x[1].at - y[1].at)[0] ?? [];
    if (id === undefined || t === undefined) return false;
    timers.delete(id);
    // Sometimes a timer fires a little early, as real timers may.
    clock = Math.max(clock, earlyTimers && t.at - clock > 1 ? t.at - 1 : t.at);
    t.fn();
    await flush();
    return true;
  };

  const apply = (action: Action): void => {
    userAsking = true;
    try {
      applyAction(action);
    } finally {
      userAsking = false;
    }
  };
  const applyAction = (action: Action): void => {
    if (action === 'ensure-all') pager.ensure(Number.POSITIVE_INFINITY);
    else if (action === 'ensure-some') pager.ensure(pager.getSnapshot().items.length + 3);
    else if (action === 'cancel') pager.cancelEnsure();
    else if (action === 'retry') pager.retry();
  };

  pager.ensure(Number.POSITIVE_INFINITY);
  // Bound on the work an endless adversarial server can cause: each success needs a fresh cursor
  // (at most CURSORS.length + 1), each failure streak ends after maxAutoRetries or a user retry.
  const maxSteps = (CURSORS.length + 2) * (actions.length + 2) * (maxAutoRetries + 2) * 3 + 50;
  let step = 0;
  let actionIndex = 0;
  for (; step < maxSteps; step++) {
    const pending = calls.find((c) => !c.settled);
    if (pending) {
      await answerNext(pending);
      const act = actions[actionIndex++];
      if (act !== undefined) apply(act);
      await flush();
      continue;
    }
    if (await runTimer()) continue;
    // Nothing in flight, no timer: the user may still act; once out of actions, the run is over.
    const act = actions[actionIndex++];
    if (act === undefined) break;
    apply(act);
    await flush();
  }
  expect(violations).toEqual([]);
  expect(step, 'the listing never came to rest').toBeLessThan(maxSteps);
  expect(calls.every((c) => c.settled)).toBe(true);
  expect(timers.size).toBe(0);

  const snap = pager.getSnapshot();
  const ids = itemArray(snap.items).map((i) => String(i.pageId));
  expect(new Set(ids).size).toBe(ids.length);
  // Items are the first copy of each id, in server order.
  const expected: string[] = [];
  const seen = new Set<string>();
  for (const page of pagesServed) {
    for (const n of page) {
      const id = `p${n}`;
      if (!seen.has(id)) expected.push(id);
      seen.add(id);
    }
  }
  expect(ids).toEqual(expected);
  expect(succeeded.size).toBeLessThanOrEqual(CURSORS.length + 1);
  expect(['done', 'error', 'idle']).toContain(snap.state);
  if (snap.state === 'error') expect(snap.error).toBeInstanceOf(ApiError);
  if (snap.state === 'idle') expect(snap.hasMore).toBe(true); // only after a cancel
  pager.dispose();
}

describe('pager fuzzing (fast-check)', () => {
  it(
    'never duplicates an id, never refetches a succeeded cursor or fetches early, and always comes to rest',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(answerArb, { minLength: 1, maxLength: 30 }),
          fc.array(actionArb, { maxLength: 30 }),
          fc.boolean(),
          fc.integer({ min: 1, max: 5 }),
          async (script, actions, early, maxEmpty) => {
            await scenario(script, actions, early, maxEmpty);
          },
        ),
        fuzzParams(400, 20_240_601),
      );
    },
    fuzzTimeout(20_000),
  );

  it(
    'loads every item exactly once from a well-behaved server however failures are interleaved',
    async () => {
      // A correct listing of 8 pages; failures come before some requests and are retried by the user.
      const pageArb = fc.array(fc.oneof(
        fc.constant<Answer>({ t: 'fail', kind: 'network' }),
        fc.constant<Answer>({ t: 'limit', waitMs: 1500 }),
        fc.constant<Answer>({ t: 'weird' }),
      ), { maxLength: 3 });
      await fc.assert(
        fc.asyncProperty(fc.array(pageArb, { minLength: 8, maxLength: 8 }), async (failures) => {
          const script: Answer[] = [];
          failures.forEach((fs, i) => {
            script.push(...fs);
            const last = i === failures.length - 1;
            script.push({ t: 'page', ids: [i * 3, i * 3 + 1, i * 3 + 2], hasMore: !last, cursor: last ? undefined : `k${i}` });
          });
          // After the end the script would wrap; the listing must be done before that.
          await scenarioAllOnce(script);
        }),
        fuzzParams(150, 77),
      );
    },
    fuzzTimeout(20_000),
  );
});

/** A well-behaved listing interleaved with failures: the user retries each error; all 24 items load once. */
async function scenarioAllOnce(script: readonly Answer[]): Promise<void> {
  const retries: Action[] = Array.from({ length: script.length * 2 }, () => 'retry');
  const pager = await runToRest(script, retries);
  const ids = itemArray(pager.getSnapshot().items).map((i) => String(i.pageId));
  expect(ids).toEqual(Array.from({ length: 24 }, (_, i) => `p${i}`));
  expect(pager.getSnapshot().state).toBe('done');
}

/** Like `scenario` but with unique cursors and returns the pager for further checks. */
async function runToRest(script: readonly Answer[], actions: readonly Action[]): Promise<Pager> {
  let clock = 0;
  let timers: { fn: () => void; at: number }[] = [];
  let pending: { resolve: (p: ListPage) => void; reject: (e: unknown) => void; cursor: string | undefined } | undefined;
  const fetched = new Set<string | undefined>();
  let notBefore = 0;
  const violations: string[] = [];
  const pager = new Pager(
    (cursor) =>
      new Promise((resolve, reject) => {
        if (clock < notBefore) violations.push('a fetch before the rate limit allowed it');
        if (fetched.has(cursor)) violations.push(`cursor ${String(cursor)} fetched again after it succeeded`);
        pending = { resolve, reject, cursor };
      }),
    { now: () => clock, setTimer: (fn, ms) => timers.push({ fn, at: clock + ms }), clearTimer: () => { timers = []; } },
  );
  pager.ensure(Number.POSITIVE_INFINITY);
  let i = 0;
  let a = 0;
  for (let guard = 0; guard < 500; guard++) {
    if (pending) {
      const call = pending;
      pending = undefined;
      const ans = script[i++];
      if (ans === undefined) throw new Error('the pager asked for more than the listing has');
      if (ans.t === 'page') {
        fetched.add(call.cursor);
        call.resolve({ items: ans.ids.map((n) => ({ pageId: `p${n}` })), hasMore: ans.hasMore === true, nextCursor: ans.cursor, warnings: [] });
      } else if (ans.t === 'limit') {
        notBefore = clock + ans.waitMs;
        call.reject(new ApiError('rate-limit', 'RATE_LIMITED', 'x', { retryAt: notBefore }));
      } else if (ans.t === 'fail') call.reject(new ApiError(ans.kind, 'X', 'x'));
      else call.reject(new Error('odd'));
      await flush();
    } else if (timers.length > 0) {
      const t = timers.shift();
      if (t) {
        clock = Math.max(clock, t.at);
        t.fn();
      }
      await flush();
    } else if (pager.getSnapshot().state === 'error' && a < actions.length) {
      const act = actions[a++];
      if (act === 'retry') pager.retry();
      await flush();
    } else break;
  }
  expect(violations).toEqual([]);
  return pager;
}
