/** The status line as a screen reader hears it: announcements with their kind first, countdowns said sparsely. */
import { useRef } from 'react';
import type { PagerSnapshot } from '../../api/types.js';
import { displayWidth, padEnd, sanitize, truncate, wrap } from '../../text/index.js';
import { layoutStatus } from '../components/status-format.js';
import type { StatusMessage } from '../store/status-message.js';

const PREFIX: Partial<Record<StatusMessage['tone'], string>> = { error: 'Error:', warning: 'Warning:', success: 'Done:' };

const GAP = '  ';

/** The status line's two rows for a screen reader: the message, then what did not fit of it and the hints. */
export interface SpokenStatus {
  /** The first row, progress included where it fits beside the message (`first.length - right.length` is the message). */
  readonly first: string;
  /** The second row: the message's words that did not fit the first (`restLength` characters), then the hints and progress. */
  readonly second: string;
  readonly restLength: number;
  /** Progress ('all 36 loaded') as placed at the end of one of the rows; '' when it fits on neither. */
  readonly right: string;
  readonly rightOnFirst: boolean;
}

/**
 * The message as the normal mode lays it out in `width` columns, with its kind first ("Error:",
 * "Warning:", "Done:"; information as it is). Nothing of it is cut to make room for the kind: the
 * words that no longer fit go to the start of the second row, before the hints.
 */
export function spokenStatus(message: StatusMessage | undefined, right: string, hints: string, width: number): SpokenStatus {
  const w = Math.max(1, Math.floor(width));
  const said = message ? (layoutStatus(message, undefined, w)[0]?.message ?? '').trimEnd() : '';
  const prefix = message ? PREFIX[message.tone] : undefined;
  const text = prefix && said !== '' ? `${prefix} ${said}` : said;
  const [first = '', ...more] = displayWidth(text) <= w ? [text] : wrap(text, w);
  const rest = truncate(more.join(' '), w);
  const whole = sanitize(right);
  // Alone on the first row, or beside a message that fits there; else at the end of the second, cut if it must be.
  const rightOnFirst = rest === '' && whole !== '' && (first === '' || displayWidth(first) + GAP.length + displayWidth(whole) <= w);
  const progress = truncate(whole, rightOnFirst ? w : Math.max(0, w - displayWidth(rest) - (rest === '' ? 0 : GAP.length)));
  const rightOnSecond = !rightOnFirst && progress !== '';
  const shownRight = rightOnFirst || rightOnSecond ? progress : '';
  const room = rightOnSecond ? Math.max(0, w - displayWidth(progress) - GAP.length) : w;
  const left = truncate([rest, sanitize(hints)].filter((p) => p !== '').join(GAP), room);
  const restLength = Math.min(rest.length, left.length);
  return {
    first: rightOnFirst ? padEnd(first, w - displayWidth(progress)) + progress : first,
    second: rightOnSecond ? padEnd(left, w - displayWidth(progress)) + progress : left,
    restLength,
    right: shownRight,
    rightOnFirst,
  };
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
