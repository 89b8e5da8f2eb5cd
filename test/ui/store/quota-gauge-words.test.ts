/** The quota gauge says what its figure is: what is left of the limit. */
import { expect, it } from 'vitest';
import type { QuotaSnapshot } from '../../../src/api/quota/quota-pacer.js';
import { quotaGauge } from '../../../src/ui/store/quota-status.js';
import { clockTime } from '../../../src/text/clock-time.js';

it('says "left" and the clock time of the reset, which stays true: quota 3/5 left, resets at 12:00:12', () => {
  const now = 1_000_000;
  const q = { left: 3, reading: { remaining: 3, limit: 5, resetAt: now + 12_000 } } as unknown as QuotaSnapshot;
  expect(quotaGauge(q, now)).toBe(`quota 3/5 left, resets at ${clockTime(now + 12_000)}`);
});
