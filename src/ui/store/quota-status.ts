/** What the status bar says about the quota the server announces, and when background work waits for it. */
import type { QuotaPacer, QuotaSnapshot } from '../../api/quota/quota-pacer.js';
import type { StatusMessage } from './status-message.js';
import { countText } from '../../text/count.js';
import { clockTime, localDateTime, localDay } from '../../text/clock-time.js';

const count = countText;

/** The quota while its window lasts: undefined when the server sent no fields, or they ran out. */
function liveReading(q: QuotaSnapshot | undefined, now: number) {
  const reading = q?.reading;
  if (reading === undefined) return undefined;
  return reading.resetAt !== undefined && reading.resetAt <= now ? undefined : reading;
}

/**
 * The gauge on the right of the status bar: 'quota 150/200 left, resets at 12:03:04'; '' without
 * fields. The reset is a clock time, not a countdown: a line read again later (a screen reader's,
 * which is not redrawn every second) still says what is true.
 */
export function quotaGauge(q: QuotaSnapshot | undefined, now: number): string {
  const reading = liveReading(q, now);
  if (reading === undefined) return '';
  const left = q?.left ?? reading.remaining;
  const amount = reading.limit === undefined ? `quota ${count(left)} left` : `quota ${count(left)}/${count(reading.limit)} left`;
  return reading.resetAt === undefined ? amount : `${amount}, resets at ${resetTime(reading.resetAt, now)}`;
}

/** '12:03:04' today (local time), '2026-11-30 12:03:04' another day: a clock time alone would read as one past. */
const resetTime = (at: number, now: number): string => (localDay(at) === localDay(now) ? clockTime(at) : localDateTime(at));

/** While a request waits for the quota's window to reset: 'pacing: 12 left, resets at 12:03:04'. */
export function pacingMessage(q: QuotaSnapshot | undefined, now: number): StatusMessage | undefined {
  if (q?.pacingUntil === undefined || q.pacingUntil <= now) return undefined;
  const left = q.left ?? 0;
  const reset = resetTime(q.pacingUntil, now);
  return left === 0
    ? { tone: 'warning', text: `quota used up, resets at ${reset}` }
    : { tone: 'info', text: `pacing: ${count(left)} left, resets at ${reset}` };
}

/** True while the status bar shows a countdown about the quota (so it ticks). */
export function quotaTicking(q: QuotaSnapshot | undefined, now: number): boolean {
  return q?.pacingUntil !== undefined || liveReading(q, now)?.resetAt !== undefined;
}

/** How often the gauge follows the count left while a whole list loads. */
const BULK_GAUGE_MS = 1000;

/**
 * Calls `onChange` when what the status bar says about the quota changes; returns the unsubscribe.
 * While `inBulk()` (`G` or Tab loading a whole list) a change of the count left alone, which comes
 * with every request and every answer, is told at most once a second: each call draws a frame,
 * and a frame for every request would double the time a bulk load takes. A new limit, a reset or
 * pacing is told at once.
 */
export function watchQuota(pacer: QuotaPacer | undefined, onChange: (q: QuotaSnapshot) => void, inBulk: () => boolean = () => false): () => void {
  if (pacer === undefined) return () => {};
  let shown = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const keyOf = (q: QuotaSnapshot) => `${q.reading?.limit}|${q.reading?.resetAt}|${q.pacingUntil}|${q.left}`;
  const tell = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const q = pacer.getSnapshot();
    const key = keyOf(q);
    if (key === shown) return;
    shown = key;
    onChange(q);
  };
  const check = () => {
    const key = keyOf(pacer.getSnapshot());
    if (key === shown) return;
    const countOnly = key.slice(0, key.lastIndexOf('|')) === shown.slice(0, shown.lastIndexOf('|'));
    if (countOnly && inBulk()) {
      timer ??= setTimeout(tell, BULK_GAUGE_MS);
      return;
    }
    tell();
  };
  // The first requests may have been answered before anyone watched.
  check();
  const unsubscribe = pacer.subscribe(check);
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    unsubscribe();
  };
}
