/** The quota gauge says what its figure is: what is left of the limit. */
import { expect, it } from 'vitest';
import type { QuotaSnapshot } from '../../../src/api/quota/quota-pacer.js';
import { pacingMessage, quotaGauge } from '../../../src/ui/store/quota-status.js';
import { clockTime } from '../../../src/text/clock-time.js';

it('says "left" and the clock time of the reset, which stays true: quota 3/5 left, resets at 12:00:12', () => {
  const now = 1_000_000;
  const q = { left: 3, reading: { remaining: 3, limit: 5, resetAt: now + 12_000 } } as unknown as QuotaSnapshot;
  expect(quotaGauge(q, now)).toBe(`quota 3/5 left, resets at ${clockTime(now + 12_000)}`);
});

it('names the day of a reset that is not today: a clock time alone would read as one already past', () => {
  const now = new Date(2026, 10, 29, 5, 20, 10).getTime();
  const tomorrow = now + 24 * 3600 * 1000;
  const q = { left: 0, reading: { remaining: 0, limit: 100, resetAt: tomorrow }, pacingUntil: tomorrow } as unknown as QuotaSnapshot;
  expect(quotaGauge(q, now)).toBe('quota 0/100 left, resets at 2026-11-30 05:20:10');
  expect(pacingMessage(q, now)?.text).toBe('quota used up, resets at 2026-11-30 05:20:10');
  const soon = { left: 0, reading: { remaining: 0, limit: 100, resetAt: now + 5000 } } as unknown as QuotaSnapshot;
  expect(quotaGauge(soon, now)).toBe('quota 0/100 left, resets at 05:20:15');
});
