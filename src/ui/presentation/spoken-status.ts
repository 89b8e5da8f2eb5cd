/** The status line as a screen reader hears it: announcements with their kind first, countdowns said sparsely. */
import { useRef } from 'react';
import type { PagerSnapshot } from '../../api/types.js';
import type { StatusMessage } from '../store/status-message.js';

const PREFIX: Partial<Record<StatusMessage['tone'], string>> = { error: 'Error:', warning: 'Warning:', success: 'Done:' };

/** "Error: …", "Warning: …", "Done: …" (information as it is). */
export function announced(message: StatusMessage | undefined): StatusMessage | undefined {
  const prefix = message ? PREFIX[message.tone] : undefined;
  if (!message || !prefix) return message;
  return message.code === undefined ? { ...message, text: `${prefix} ${message.text}` } : { ...message, code: `${prefix} ${message.code}` };
}

/** The countdown is said again when this little is left. */
const LAST_CALL_MS = 10_000;

/**
 * The clock the status line is read with: it moves only when something else on the line changes
 * (news, a count), never by itself — so a countdown or an elapsed time is not said again every few
 * seconds — except that a rate-limit wait is said once more when LAST_CALL_MS are left: "retry in
 * 30s", "retry in 10s", then the retry.
 */
export function useSpokenClock(now: number, news: readonly unknown[], pager: PagerSnapshot, refresh: PagerSnapshot | undefined): number {
  const last = useRef<{ news: readonly unknown[]; at: number } | undefined>(undefined);
  const previous = last.current;
  if (previous === undefined || news.some((v, i) => !Object.is(v, previous.news[i]))) last.current = { news, at: now };
  const at = last.current?.at ?? now;
  const retryAt = pager.state === 'rate-limited' ? pager.retryAt : refresh?.state === 'rate-limited' ? refresh.retryAt : undefined;
  return retryAt !== undefined && retryAt - now <= LAST_CALL_MS ? Math.max(at, retryAt - LAST_CALL_MS) : at;
}
