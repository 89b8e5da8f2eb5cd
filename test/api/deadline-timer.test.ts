/**
 * The one timer behind a rate limit's wait (src/api/http/deadline-timer.ts): it never runs its call
 * before the deadline, however far off; Node's timers cannot wait more than 2^31-1 ms (~24.8 days)
 * and fire after 1 ms when asked to, which would make the timer re-arm every millisecond.
 */
import { expect, it } from 'vitest';
import { DeadlineTimer } from '../../src/api/http/deadline-timer.js';

it('waits a deadline years away in steps Node can time, and runs the call only once it is reached', () => {
  let now = 0;
  const asked: number[] = [];
  let pending: (() => void) | undefined;
  const timer = new DeadlineTimer({
    now: () => now,
    setTimer: (fn, ms) => {
      asked.push(ms);
      pending = fn;
      return 1;
    },
    clearTimer: () => undefined,
  });
  const tenYears = 10 * 365 * 86_400_000;
  let ran = 0;
  timer.start(tenYears, () => ran++);
  expect(asked[0]).toBeLessThanOrEqual(2 ** 31 - 1);
  expect(asked[0]).toBeGreaterThan(20 * 86_400_000);
  // Each step fires when Node says; the call waits for the deadline itself.
  while (now < tenYears) {
    now += asked.at(-1) ?? 0;
    pending?.();
  }
  expect(ran).toBe(1);
  expect(asked.length).toBeLessThan(200);
});
