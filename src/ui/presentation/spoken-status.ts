/** The status line as a screen reader hears it: announcements with their kind first, countdowns said sparsely. */
import { useRef } from 'react';
import type { PagerSnapshot } from '../../api/types.js';
import type { QuotaSnapshot } from '../../api/quota/quota-pacer.js';
import { displayWidth, padEnd, sanitize, truncate } from '../../text/index.js';
import { layoutStatus, showsAll } from '../components/status-format.js';
import { SPOKEN_KIND as PREFIX, spokenRoom, type StatusMessage } from '../store/status-message.js';


/** Between the message and progress beside it. */
const GAP = '  ';
const DASH = ' — ';
/** Columns the words of a cut error keep at least before "E shows all" is said after them. */
const MIN_BESIDE_E = 12;

/** The status line's two rows for a screen reader: the message (or progress) on the first, the key hints on the second. */
export interface SpokenStatus {
  /** The status row: the message with its kind first, then progress where it is said beside it. */
  readonly first: string;
  /** How much of `first` is the message (the rest is progress). */
  readonly messageLength: number;
  /** The key-hint row. */
  readonly second: string;
}

/**
 * The message on one row of `w` columns, its kind first ("Error:", "Warning:", "Done:";
 * information as it is), laid out as the normal mode lays it out. Cut by width, it ends in "…";
 * a cut error (which `E` shows whole) ends in "E shows all" where that leaves its words room.
 */
function messageRow(message: StatusMessage | undefined, w: number): string {
  if (!message) return '';
  const prefix = PREFIX[message.tone];
  const room = spokenRoom(message.tone, w);
  const laid = (columns: number): string => (layoutStatus(message, undefined, columns)[0]?.message ?? '').trimEnd();
  let said = laid(room);
  const kept = wayOutKept(message, room, said);
  if (kept !== undefined) return `${prefix} ${kept}`;
  // Words said in a shorter form (`fitted`) are whole in that form: only a cut form is cut.
  const { fitted, hint: _widest, ...plain } = message;
  const whole = (layoutStatus(fitted ? { ...plain, ...fitted(room) } : message, undefined, Number.MAX_SAFE_INTEGER)[0]?.message ?? '').trimEnd();
  const shows = `, ${showsAll()}`;
  if (message.tone === 'error' && said !== whole && !said.endsWith(showsAll()) && room - displayWidth(shows) >= MIN_BESIDE_E) {
    // The shorter row may name E itself (its words cut where the wider row's were not): once only.
    const shorter = laid(room - displayWidth(shows));
    said = shorter.endsWith(showsAll()) ? shorter : `${shorter}${shows}`;
  }
  return prefix && said !== '' ? `${prefix} ${said}` : said;
}

/** Columns an error's words keep at least before its way out ("press r to retry"). */
const MIN_BEFORE_WAY_OUT = 8;

/**
 * An error whose row lost its way out ("press r to retry") to the width: the rest of its words cut
 * to leave room for it and for "E shows all" (the detail is `E`'s), the way out said shorter
 * ("r retries, E shows all") where both would not fit whole. Undefined where the row kept it.
 */
function wayOutKept(message: StatusMessage, room: number, said: string): string | undefined {
  const hint = sanitize(message.hint ?? '');
  if (message.tone !== 'error' || hint === '' || said.includes(hint)) return undefined;
  const { hint: _hint, ...withoutHint } = message;
  const retry = /^press (\S+) to retry$/.exec(hint)?.[1];
  // The long way out only where the words keep as much as "E shows all" asks; the short one keeps the code's start.
  const ends: [string, number][] = [[`${DASH}${hint}, ${showsAll()}`, MIN_BESIDE_E], ...(retry === undefined ? [] : [[`, ${retry} retries, ${showsAll()}`, MIN_BEFORE_WAY_OUT] as [string, number]]), [`${DASH}${hint}`, MIN_BEFORE_WAY_OUT]];
  for (const [end, least] of ends) {
    const rest = room - displayWidth(end);
    if (rest < least) continue;
    const words = (layoutStatus(withoutHint, undefined, rest)[0]?.message ?? '').trimEnd();
    if (words !== '') return `${words}${end}`;
  }
  return undefined;
}

/**
 * Progress as it is read: its parts joined by commas (a separator glyph drawn as a comma would
 * leave a double space where it stood), and a quota's "2/5" as "2 of 5" (not "2 slash 5").
 */
function spokenProgress(text: string): string {
  return text
    .replace(/ [·—] /g, ', ')
    .replace(/quota ([\d,]+)\/([\d,]+)/g, 'quota $1 of $2')
    .replace(/ {2,}/g, ' ');
}

/**
 * The status line for a screen reader in `width` columns. The message keeps to the status row and
 * the key hints to the row below, whatever the message. An outcome (`Error:`, `Warning:`,
 * `Done:`) is alone on its row: the count returns with the next key (the header says it
 * meanwhile). Information has progress beside it where both fit; progress alone is cut to the row.
 */
export function spokenStatus(message: StatusMessage | undefined, right: string, hints: string, width: number): SpokenStatus {
  const w = Math.max(1, Math.floor(width));
  const said = messageRow(message, w);
  const second = truncate(sanitize(hints), w);
  const outcome = message !== undefined && message.tone !== 'info';
  const progress = outcome ? '' : truncate(spokenProgress(sanitize(right)), w);
  const beside = progress !== '' && (said === '' || displayWidth(said) + GAP.length + displayWidth(progress) <= w);
  return { first: beside ? padEnd(said, w - displayWidth(progress)) + progress : said, messageLength: said.length, second };
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
export function useSpokenClock(now: number, news: readonly unknown[], pager: PagerSnapshot, refresh: PagerSnapshot | undefined, quota?: QuotaSnapshot): number {
  const last = useRef<{ news: readonly unknown[]; at: number } | undefined>(undefined);
  const previous = last.current;
  if (previous === undefined || news.some((v, i) => !Object.is(v, previous.news[i]))) last.current = { news, at: now };
  return spokenClockAt(last.current?.at ?? now, now, pager, refresh, quota);
}

/** A first request still waiting this long is said once: what it waits for, its limit and Esc. */
const FIRST_WAIT_SAID_MS = 3_000;

/**
 * The spoken clock at `now`, frozen `at` the last news: the rate limit's last call, a first
 * request's wait and the quota window's reset (its time, said as a clock time, is then past) move it once each.
 */
export function spokenClockAt(at: number, now: number, pager: PagerSnapshot, refresh: PagerSnapshot | undefined, quota?: QuotaSnapshot): number {
  const retryAt = pager.state === 'rate-limited' ? pager.retryAt : refresh?.state === 'rate-limited' ? refresh.retryAt : undefined;
  if (retryAt !== undefined && retryAt - now <= LAST_CALL_MS) return Math.max(at, retryAt - LAST_CALL_MS);
  const since = pager.state === 'loading' && pager.pagesFetched === 0 ? pager.loadingSince : undefined;
  if (since !== undefined && now - since >= FIRST_WAIT_SAID_MS) return Math.max(at, since + FIRST_WAIT_SAID_MS);
  const resets = [quota?.reading?.resetAt, quota?.pacingUntil].filter((t): t is number => t !== undefined && t > at && t <= now);
  return resets.length === 0 ? at : Math.max(...resets);
}
