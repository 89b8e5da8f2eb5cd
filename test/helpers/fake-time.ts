/** For tests where time is the subject: deadlines checked on fake timers (vi.useFakeTimers), not a wall clock. */
import { vi } from 'vitest';

/** Moves fake time on by `ms` and tells whether `promise` has settled by then. */
export async function settledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}
