/**
 * A command's listing held back by the quota the server announces (src/api/quota/quota-pacer.ts):
 * each wait for the window to reset is said on stderr, as a 429's wait is, and a window that
 * resets later than a command waits ends the command (exit 4) instead of leaving a script hanging.
 */
import type { QuotaPacer } from '../../api/quota/quota-pacer.js';
import { MAX_SERVER_WAIT_MS } from '../../api/quota/retry-after.js';
import { utcClockTime, utcDateTime } from '../../text/clock-time.js';
import { durationText } from '../../text/duration.js';
import { COMMAND_MAX_WAIT_MS } from './stream-listing.js';

export interface QuotaWaits {
  /** Aborted when a wait is longer than a command waits: the listing's requests take it too. */
  readonly signal: AbortSignal;
  /** When the window resets, once the command gave up on waiting for it. */
  gaveUpUntil(): number | undefined;
  /** The error line of giving up (the caller prefixes it). */
  gaveUpLine(): string;
  stop(): void;
}

export function watchQuotaWaits(quota: QuotaPacer, say: (line: string) => void, now: () => number = Date.now): QuotaWaits {
  const quit = new AbortController();
  let said: number | undefined;
  let gaveUp: number | undefined;
  let leftThen = 0;
  const stop = quota.subscribe(() => {
    const { pacingUntil, left } = quota.getSnapshot();
    if (pacingUntil === undefined || pacingUntil === said || gaveUp !== undefined) return;
    said = pacingUntil;
    const wait = pacingUntil - now();
    if (wait > COMMAND_MAX_WAIT_MS) {
      gaveUp = pacingUntil;
      leftThen = left ?? 0;
      quit.abort();
      return;
    }
    const state = (left ?? 0) > 0 ? `quota down to its reserve (${left} left, kept for what you do by hand)` : 'quota used up (0 left)';
    say(`${state}; waiting ${durationText(wait / 1000)} for the window to reset (at ${utcClockTime(pacingUntil)}).`);
  });
  return {
    signal: quit.signal,
    gaveUpUntil: () => gaveUp,
    gaveUpLine: () => {
      const at = gaveUp ?? now();
      // A reset read as a day at most (rate-limit-fields.ts): one at the cap was further off.
      const when = at - now() >= MAX_SERVER_WAIT_MS - 60_000 ? 'for more than a day' : `until ${utcDateTime(at)}`;
      // The requests left are the reserve background work never spends (a command's listing is such work).
      const state = leftThen > 0 ? `the server's quota is down to its reserve (${leftThen} left, kept for what you do by hand)` : 'the server says no request is left';
      return `error QUOTA_USED_UP: ${state} ${when}, longer than a command waits (${COMMAND_MAX_WAIT_MS / 60_000} minutes). Gave up.`;
    },
    stop,
  };
}
