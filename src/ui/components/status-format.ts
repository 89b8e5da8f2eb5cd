/**
 * What the status line says, as text (shared by StatusLine and the text-only first frame), and
 * the pure layout of the status message on one line (the hints have the other) within the width
 * by display width. An error reads in the order of `summarizeError`: code, the specific reason
 * (field and reason), the generic detail, what to press, the countdown, the request id. When the
 * line is short the parts give way in the order of GIVE_WAY: the detail first, then the hint and
 * the request id, then the reason, the code last (the empty list and the inspector show the
 * error in full, and so does `E`, which a cut error's line names where it fits). Every part is sanitised.
 */
import { FIRST_WAIT_OFFERED_MS } from '../store/reload/stop-first-wait.js';
import { retryInText } from '../../api/quota/rate-limit.js';
import { HUNG_MS } from '../../api/pager/pager.js';
import { errorDetail } from '../../text/error-summary.js';
import { displayWidth, padStart, sanitize, truncate } from '../../text/index.js';
import type { FittedWords, StatusMessage } from '../store/status-message.js';
import type { PagerSnapshot } from '../../api/types.js';
import type { QuotaSnapshot } from '../../api/quota/quota-pacer.js';
import { countText } from '../../text/count.js';
import { singleSpaced } from '../../text/message-spacing.js';
import { pacingMessage, quotaGauge, quotaTicking } from '../store/quota-status.js';
import { describeStatus, loadingBeyondNeed, type Toast, type ViewSummary } from '../store/status.js';
import { listKey } from '../keys/help.js';

/** One status line split into the message part and the right-aligned part. */
export interface LaidOutLine {
  /** Message text, padded so that `message + right` is the whole line. */
  readonly message: string;
  readonly right: string;
}

/** Between the message and the progress right-aligned beside it. */
const GAP = '  ';
const DASH = ' — ';
/** After the code ("RATE_LIMITED: Too many requests"): the line has single spaces only (singleSpaced). */
const AFTER_HEAD = ': ';
/** Before "E shows all" (as wide as the gap it replaced, so a cut falls where it did). */
const BEFORE_SHOWS = ', ';

/** The parts of the message, in the order they are said. */
interface Parts {
  head: string;
  reason: string;
  detail: string;
  hint: string;
  countdown: string;
  /** What may be pressed during the countdown ('r to try now'): a hint, it gives way with the hint. */
  countdownHint: string;
  requestId: string;
}

type PartName = keyof Parts;

/** One way a part gives room: cut to `to` columns (not below), or go. */
type GiveWay = { readonly part: PartName; readonly to: number } | { readonly part: PartName; readonly drop: true } | { readonly part: 'countdown'; readonly short: true };

/** The order in which the parts give way when the line is too long. */
const GIVE_WAY: readonly GiveWay[] = [
  { part: 'detail', to: 16 },
  { part: 'detail', drop: true },
  { part: 'hint', drop: true },
  { part: 'countdownHint', drop: true },
  { part: 'requestId', drop: true },
  { part: 'reason', to: 8 },
  { part: 'reason', drop: true },
  // The code is cut before the countdown loses its "retry in": a bare "5s" says nothing.
  { part: 'head', to: 12 },
  { part: 'countdown', short: true },
  { part: 'head', to: 1 },
];

const joinNonEmpty = (parts: readonly string[], separator: string): string => parts.filter((p) => p !== '').join(separator);

/** `CODE: reason — detail — hint — retry in 12s (req-1)`. */
function lineOf(p: Parts): string {
  // A sentence's full stop goes before a dash: "(--timeout) — press r", never "(--timeout). — press r".
  const parts = [p.reason, p.detail, p.hint, p.countdown, p.countdownHint].filter((part) => part !== '');
  const free = parts.map((part, i) => (i < parts.length - 1 ? part.replace(/(?<!\.)\.$/, '') : part)).join(DASH);
  return singleSpaced(joinNonEmpty([joinNonEmpty([p.head, free], AFTER_HEAD), p.requestId === '' ? '' : `(${p.requestId})`], ' '));
}

/** The message's parts on one line of at most `w` columns, giving way in GIVE_WAY's order. */
function fitLine(parts: Parts, w: number): string {
  return fitParts(parts, w).line;
}

/** Said after an API error whose line had to be cut, where it fits (`E` shows the error whole). */
export const showsAll = (): string => `${listKey('showError')} shows all`;
/** Columns of the reason still said when it is cut to make room for showsAll (else the reason keeps them). */
const MIN_REASON_BESIDE_E = 20;

/**
 * An API error's line that had to be cut ends in `E shows all` (E being the key in effect) when that costs only the detail,
 * or more of the end of a reason that was cut anyway (MIN_REASON_BESIDE_E columns of it still
 * said); a whole reason and every other part kept at the full width are kept beside it.
 */
function errorLine(parts: Parts, w: number): string {
  const full = fitParts(parts, w);
  if (full.line === lineOf(parts)) return full.line;
  const shows = showsAll();
  const short = fitParts(parts, w - BEFORE_SHOWS.length - displayWidth(shows));
  const same = (['head', 'hint', 'countdown', 'requestId'] as const).every((k) => short.kept[k] === full.kept[k]);
  // A whole reason stays whole; one already cut may lose more of its end, not all of it.
  const reasonCut = full.kept.reason !== parts.reason;
  const reasonSaid = short.kept.reason === full.kept.reason || (reasonCut && displayWidth(short.kept.reason) >= Math.min(displayWidth(full.kept.reason), MIN_REASON_BESIDE_E));
  return same && reasonSaid && short.line === lineOf(short.kept) ? `${short.line}${BEFORE_SHOWS}${shows}` : full.line;
}

function fitParts(parts: Parts, w: number): { line: string; kept: Parts } {
  const p = { ...parts };
  for (const step of GIVE_WAY) {
    const over = displayWidth(lineOf(p)) - w;
    if (over <= 0) break;
    if ('drop' in step) p[step.part] = '';
    else if ('short' in step) p.countdown = p.countdown.replace(/^retry in /, '');
    else {
      const whole = p[step.part];
      const now = displayWidth(whole);
      // A cut part no longer ends in the full stop lineOf leaves out before a dash: the line may
      // still be a column over, which one column more of the part gives back (not the whole part).
      for (let width = Math.max(step.to, now - over); width < now; width--) {
        p[step.part] = truncate(whole, width);
        if (width <= step.to || displayWidth(lineOf(p)) <= w) break;
      }
    }
  }
  // A part that went early comes back if a later cut left room for it.
  for (const part of ['requestId', 'hint', 'countdownHint'] as const) {
    if (p[part] === '' && displayWidth(lineOf({ ...p, [part]: parts[part] })) <= w) p[part] = parts[part];
  }
  const line = lineOf(p);
  return { line: displayWidth(line) <= w ? line : truncate(line, w), kept: p };
}

/** The parts of a status message, sanitised. */
function partsOf(message: StatusMessage): Parts {
  const seconds = message.countdownSeconds;
  const fieldErrors = message.field || message.reason ? [{ field: message.field, reason: message.reason }] : [];
  const { reason, detail } = errorDetail(message.text, fieldErrors);
  return {
    head: sanitize(message.code ?? ''),
    reason,
    detail,
    hint: sanitize(message.hint ?? ''),
    countdown: seconds !== undefined && Number.isFinite(seconds) ? retryInText(seconds) : '',
    countdownHint: seconds !== undefined && Number.isFinite(seconds) && message.countdownHint ? sanitize(message.countdownHint) : '',
    requestId: sanitize(message.requestId ?? ''),
  };
}

/** `message` with the words it has at `width` columns. */
function wordsAt(message: StatusMessage, fitted: (width: number) => FittedWords, width: number): StatusMessage {
  const { hint: _widest, ...rest } = message;
  return { ...rest, ...fitted(width) };
}

/**
 * The status bar as line parts (for colouring): the message, and `right` right-aligned where it
 * fits; with `rightFirst` (a way out) the message is cut to leave `right` its room.
 */
export function layoutStatus(message: StatusMessage | undefined, right: string | undefined, width: number, rightFirst = false): LaidOutLine[] {
  const w = Math.max(0, Math.floor(width));
  const rightText = sanitize(right ?? '');
  if (!message) return rightText === '' ? [] : [{ message: '', right: padStart(truncate(rightText, w), w) }];
  const lineWidth = rightFirst && rightText !== '' ? Math.max(0, w - displayWidth(rightText) - GAP.length) : w;
  const parts = partsOf(message.fitted ? wordsAt(message, message.fitted, lineWidth) : message);
  const line = message.code === undefined ? fitLine(parts, lineWidth) : errorLine(parts, lineWidth);
  const room = w - displayWidth(line) - (line === '' ? 0 : GAP.length);
  if (rightText === '' || room < displayWidth(rightText)) return [{ message: line, right: '' }];
  return [{ message: line + ' '.repeat(w - displayWidth(line) - displayWidth(rightText)), right: rightText }];
}

/**
 * The status as one line of at most `width` columns. A rate limit reads
 * `RATE_LIMITED: Too many requests — retry in 12s (req-000123)`; `right` (progress such as
 * 'all 120 loaded') is right-aligned where it fits and dropped before any message text.
 */
export function formatStatus(message: StatusMessage | undefined, right: string | undefined, width: number): string[] {
  return layoutStatus(message, right, width).map((l) => l.message + l.right);
}

export interface StatusLineInput {
  readonly width: number;
  readonly pager: PagerSnapshot;
  readonly toast?: Toast;
  readonly following: boolean;
  /** The key hints of the screen shown (see `footerHint`); cut to the width. */
  readonly hint: string;
  /** How many loaded rows a filter lets through; absent when nothing is filtered. */
  readonly view?: ViewSummary;
  /** The selected row (1-based) of what is shown, as a position like a pager's. */
  readonly row?: number;
  /** The new listing a refresh loads behind the rows shown. */
  readonly refresh?: PagerSnapshot;
  /** How many rows that refresh loads before it replaces the shown ones. */
  readonly refreshTarget?: number;
  /** The quota the server announces (a gauge), and pacing while background work waits for it. */
  readonly quota?: QuotaSnapshot;
  /** The clock moves only with news (a screen reader's): elapsed times are not said. */
  readonly sparseClock?: boolean;
}

export interface StatusLineParts {
  /** The status bar's message, progress beside it, and whether a spinner leads it. */
  readonly message?: StatusMessage;
  readonly right: string;
  /** `right` is the way out (`Esc to stop`), which the message is cut for (layoutStatus's `rightFirst`). */
  readonly rightFirst: boolean;
  /** The progress whole, wherever it was placed (`right` or the end of `hintLine`). */
  readonly progress: string;
  readonly busy: boolean;
  /** The whole window of rows is loading (`G`, Tab): the spinner moves with the frames. */
  readonly bulk: boolean;
  /** The hint row, exactly as drawn. */
  readonly hintLine: string;
  /** The line says Esc stops something under way (`… Esc to stop`). */
  readonly escStops: boolean;
}

/** What the spinner takes before the message (see StatusBar). */
export const SPINNER_WIDTH = 2;

/**
 * While a whole list loads, a request that has waited this long is shown waiting by the status
 * line's own clock: a page arriving at least every second brings a frame anyway (pager-watch.ts),
 * and a clock of its own would draw the whole screen again each second for nothing.
 */
const BULK_WAIT_SHOWN_MS = HUNG_MS;

/**
 * When the status line starts ticking every second (undefined: it does not tick). A countdown (a
 * rate-limit wait, the quota's reset, a toast due to fade) ticks at once (0: a time long past, the
 * same on every frame); a request in flight once it has waited a second, the first second the
 * wait can show (later while a whole list loads).
 */
export function statusTicksFrom({ pager, refresh, quota, toast, following }: Pick<StatusLineInput, 'pager' | 'refresh' | 'quota' | 'toast' | 'following'>, now: number): number | undefined {
  const rateLimited = pager.state === 'rate-limited' || refresh?.state === 'rate-limited';
  if (rateLimited || quotaTicking(quota, now) || (toast !== undefined && Number.isFinite(toast.until) && toast.until > now)) return 0;
  if (pager.loadingSince === undefined) return undefined;
  return pager.loadingSince + (following || pager.loadingAll ? BULK_WAIT_SHOWN_MS : 1_000);
}

/**
 * The status by precedence (failure, toast, progress) and the key hints. Progress goes beside the
 * message when both fit; otherwise after the whole hints where they leave it room, else it waits
 * for the message to go, but for its way out (`Esc to stop`), which the message is cut for.
 */
export function statusLineParts({ width, pager, toast, following, hint, view, row, refresh, quota, refreshTarget, sparseClock }: StatusLineInput, now: number): StatusLineParts {
  // Following the end says its own way out (wayOut below): the filter's summary does not say a second one.
  const summary = { ...view, sparseClock: sparseClock === true || view?.sparseClock === true, wayOutSaid: following };
  const described = describeStatus(pager, toast, now, summary, refresh, refreshTarget);
  const beyond = view?.matches === undefined && loadingBeyondNeed(pager);
  // A long refresh's way out is said as a load's is: kept whole while its count gives way.
  const refreshStop = ` — ${stopWords()}`;
  const refreshWayOut = described.right.startsWith('Refreshing ') && described.right.endsWith(refreshStop) ? refreshStop : '';
  const progressText = refreshWayOut === '' ? described.right : described.right.slice(0, -refreshWayOut.length);
  const wayOut = following
    ? ` — going to the end, ${listKey('back')} to stop`
    : beyond
      ? ` — loading the rest, ${listKey('back')} to stop`
      : waitingForFirstPage(pager, now)
        ? ` — ${listKey('back')} to stop`
        : '';
  const tail = wayOut === '' ? refreshWayOut : wayOut;
  const pacing = described.message ? undefined : pacingMessage(quota, now);
  // While a load Esc stops is paced, the pacing joins the progress (in place of the gauge) and the way out stays said.
  const pacingJoins = pacing !== undefined && wayOut !== '';
  const message = described.message ?? (pacingJoins ? undefined : pacing);
  const position = row === undefined ? '' : `row ${countText(row)}`;
  const quotaNote = pacingJoins ? pacing.text : quotaGauge(quota, now);
  const messageWidth = described.busy ? Math.max(0, width - SPINNER_WIDTH) : width;
  const shownProgress = wayOut === '' ? progressText : described.right;
  const right = message ? [position, shownProgress, quotaNote].filter((p) => p !== '').join(' · ') + tail : fitProgress([position, quotaNote, shownProgress], tail, messageWidth);
  const besideMessage = right === '' || !message || layoutStatus(message, right, messageWidth)[0]?.right === right;
  const hintsText = truncate(sanitize(hint), width);
  // The hints are never cut for the progress: it goes after them where it fits (shortened as on its own row), or waits for the message to go.
  const hintRight = besideMessage ? '' : (progressBesideHints([position, quotaNote, shownProgress], tail, width - displayWidth(hintsText) - GAP.length, true) ?? '');
  const gap = hintRight === '' ? '' : ' '.repeat(Math.max(0, width - displayWidth(hintsText) - displayWidth(hintRight)));
  // Where the progress found no room, its way out is still said: beside the message, which is cut for it.
  const wayOutKept = !besideMessage && hintRight === '' && tail !== '';
  return {
    ...(message ? { message } : {}),
    right: besideMessage ? right : wayOutKept ? stopWords() : '',
    rightFirst: wayOutKept,
    progress: right,
    busy: described.busy,
    bulk: following || pager.loadingAll,
    hintLine: hintsText + gap + hintRight,
    // The app's own words only: the progress, or a notice of its own ending with the way out (server text is never info).
    escStops: right.includes(stopWords()) || (message?.tone === 'info' && message.text.endsWith(stopWords())),
  };
}

/** The list's first request has waited a second or more: Esc (or `r`) stops it (stop-first-wait.ts). */
const waitingForFirstPage = (pager: PagerSnapshot, now: number): boolean =>
  pager.state === 'loading' && pager.pagesFetched === 0 && pager.loadingSince !== undefined && now - pager.loadingSince >= FIRST_WAIT_OFFERED_MS;

const stopWords = (): string => `${listKey('back')} to stop`;

const shortTailOf = (tail: string): string => (tail === '' ? '' : ` — ${listKey('back')} to stop`);

/**
 * The progress within `width` without cutting a word of it: the row goes first, then the way out
 * shrinks to `Esc to stop` (kept), then the count or the quota note goes; undefined where none fits.
 */
function progressBesideHints(parts: readonly string[], tail: string, width: number, countAlone = false): string | undefined {
  const [position = '', quota = '', loaded = ''] = parts;
  const shortTail = shortTailOf(tail);
  const tries: [readonly string[], string][] = [[[position, loaded, quota], tail], [[loaded, quota], tail], [[loaded, quota], shortTail], [[quota], shortTail], [[loaded], shortTail]];
  // A refresh's count without its total ("Refreshing 278" of "Refreshing 278 of 100,000"), rather than a number cut.
  const withoutTotal = loaded.replace(/^(Refreshing [\d,]+) of [\d,]+$/, '$1');
  if (withoutTotal !== loaded) tries.push([[withoutTotal], shortTail]);
  // Beside the hints, last the count alone ("100 loaded" of "100 loaded, more available"): after a failed refresh the place is still said.
  if (countAlone) tries.push([[loaded.split(', ')[0] ?? ''], shortTail]);
  for (const [kept, end] of tries) {
    // With nothing of its own to say, a try would drop the count only to show the way out alone.
    if (kept.every((p) => p === '') && loaded !== '') continue;
    const line = sanitize(kept.filter((p) => p !== '').join(' · ') + end);
    if (line !== '' && displayWidth(line) <= width) return line;
  }
  return undefined;
}

/** The progress alone on the status row, within `width`: as progressBesideHints, and cut where even the shortest does not fit. */
function fitProgress(parts: readonly string[], tail: string, width: number): string {
  const fitted = progressBesideHints(parts, tail, width);
  if (fitted !== undefined) return fitted;
  const shortTail = shortTailOf(tail);
  const room = width - displayWidth(shortTail);
  return room > 0 ? truncate(parts[2] ?? '', room) + shortTail : truncate(shortTail.replace(/^ — /, ''), width);
}
