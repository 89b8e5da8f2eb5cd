/** The status line as a screen reader hears it: announcements with their kind first, countdowns said sparsely. */
import { useRef } from 'react';
import type { PagerSnapshot } from '../../api/types.js';
import { displayWidth, padEnd, sanitize, truncate, wrap } from '../../text/index.js';
import { layoutStatus } from '../components/status-format.js';
import type { StatusMessage } from '../store/status-message.js';

const PREFIX: Partial<Record<StatusMessage['tone'], string>> = { error: 'Error:', warning: 'Warning:', success: 'Done:' };

const GAP = '  ';

/** The status line's two rows for a screen reader: the message (on one row or both), then the hints and progress when it takes one. */
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
 * The message with its kind first ("Error:", "Warning:", "Done:"; information as it is), laid out
 * as the normal mode lays it out in the most columns that still fit the two rows, broken at words:
 * one row, or two.
 */
function messageRows(message: StatusMessage | undefined, w: number): string[] {
  if (!message) return [''];
  const prefix = PREFIX[message.tone];
  const spoken = (room: number): string => {
    const said = (layoutStatus(message, undefined, room)[0]?.message ?? '').trimEnd();
    return prefix && said !== '' ? `${prefix} ${said}` : said;
  };
  const whole = spoken(2 * w);
  if (displayWidth(whole) <= w) return [whole];
  for (let room = 2 * (w - 1) - (prefix ? prefix.length + 1 : 0); room > w / 2; room--) {
    // One column short of the width: a row as wide as the terminal may be cut by its last cell.
    const rows = wrap(spoken(room), w - 1);
    if (rows.length <= 2) return rows;
  }
  return [truncate(spoken(w), w)];
}

/**
 * The status line for a screen reader in `width` columns. A message that fits one row has the key
 * hints below it and progress beside it or below; one that needs both rows has them to itself:
 * words are never cut to make room for the hints or the progress (the header keeps the count).
 */
export function spokenStatus(message: StatusMessage | undefined, right: string, hints: string, width: number): SpokenStatus {
  const w = Math.max(1, Math.floor(width));
  const [first = '', rest = ''] = messageRows(message, w);
  const whole = sanitize(right);
  // Alone on the first row, or beside a message that fits there; else at the end of the second where it fits.
  const rightOnFirst = rest === '' && whole !== '' && (first === '' || displayWidth(first) + GAP.length + displayWidth(whole) <= w);
  const progress = rest === '' ? truncate(whole, w) : '';
  const rightOnSecond = !rightOnFirst && progress !== '';
  const room = rightOnSecond ? Math.max(0, w - displayWidth(progress) - GAP.length) : w;
  const left = rest !== '' ? rest : truncate(sanitize(hints), room);
  return {
    first: rightOnFirst ? padEnd(first, w - displayWidth(progress)) + progress : first,
    second: rightOnSecond ? padEnd(left, w - displayWidth(progress)) + progress : left,
    restLength: rest.length,
    right: rightOnFirst || rightOnSecond ? progress : '',
    rightOnFirst,
  };
}

/** The countdown is said again when this little is left. */
const LAST_CALL_MS = 10_000;

/**
 * The clock the status line is read with: it moves only when something else on the line changes
 * (news, a count), never by itself — so a countdown or an elapsed time is not said again every few
 * seconds — except that a rate-limit wait is said once more when LAST_CALL_MS are left: "retry in
 * 30s", "retry in 10s", then the retry; and a first request that still waits after
 * FIRST_WAIT_SAID_MS is said once (what it waits for, its limit, Esc to stop).
 */
export function useSpokenClock(now: number, news: readonly unknown[], pager: PagerSnapshot, refresh: PagerSnapshot | undefined): number {
  const last = useRef<{ news: readonly unknown[]; at: number } | undefined>(undefined);
  const previous = last.current;
  if (previous === undefined || news.some((v, i) => !Object.is(v, previous.news[i]))) last.current = { news, at: now };
  return spokenClockAt(last.current?.at ?? now, now, pager, refresh);
}

/** A first request still waiting this long is said once: what it waits for, its limit and Esc. */
const FIRST_WAIT_SAID_MS = 3_000;

/** The spoken clock at `now`, frozen `at` the last news: the rate limit's last call, and a first request's wait, move it once each. */
export function spokenClockAt(at: number, now: number, pager: PagerSnapshot, refresh: PagerSnapshot | undefined): number {
  const retryAt = pager.state === 'rate-limited' ? pager.retryAt : refresh?.state === 'rate-limited' ? refresh.retryAt : undefined;
  if (retryAt !== undefined && retryAt - now <= LAST_CALL_MS) return Math.max(at, retryAt - LAST_CALL_MS);
  const since = pager.state === 'loading' && pager.pagesFetched === 0 ? pager.loadingSince : undefined;
  if (since !== undefined && now - since >= FIRST_WAIT_SAID_MS) return Math.max(at, since + FIRST_WAIT_SAID_MS);
  return at;
}
