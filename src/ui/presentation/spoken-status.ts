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
 * The clock a rate-limit countdown is read with: the moment the wait began until LAST_CALL_MS are
 * left, then that moment — so "retry in 30s" is said once, "retry in 10s" once, then the retry.
 */
export function useSparseClock(now: number, pager: PagerSnapshot, refresh: PagerSnapshot | undefined): number {
  const began = useRef<{ retryAt: number; at: number } | undefined>(undefined);
  const retryAt = pager.state === 'rate-limited' ? pager.retryAt : refresh?.state === 'rate-limited' ? refresh.retryAt : undefined;
  if (retryAt === undefined) {
    began.current = undefined;
    return now;
  }
  if (began.current?.retryAt !== retryAt) began.current = { retryAt, at: now };
  const start = began.current.at;
  return retryAt - now > LAST_CALL_MS ? start : Math.max(start, retryAt - LAST_CALL_MS);
}
