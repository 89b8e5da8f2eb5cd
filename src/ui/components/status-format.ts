/**
 * What the two status lines say, as text (shared by StatusLine and the text-only first frame),
 * and the pure layout of the status message: one line in the app (the hints have the other), or
 * two where there is room; each within the width by display width.
 * An error's `code` and `requestId` are never cut (support needs them); the free text (message,
 * field, reason) is what gets shortened. Every part is sanitised.
 */
import { retryInText } from '../../api/quota/rate-limit.js';
import { errorDetail } from '../../text/error-summary.js';
import { displayWidth, padStart, sanitize, truncate, wrap } from '../../text/index.js';
import type { StatusMessage } from '../store/status-message.js';
import type { PagerSnapshot } from '../../api/types.js';
import type { QuotaSnapshot } from '../../api/quota/quota-pacer.js';
import { countText } from '../../text/count.js';
import { pacingMessage, quotaGauge, quotaTicking } from '../store/quota-status.js';
import { describeStatus, loadingBeyondNeed, type Toast, type ViewSummary } from '../store/status.js';

/** One status line split into the message part and the right-aligned part. */
export interface LaidOutLine {
  /** Message text, padded so that `message + right` is the whole line. */
  readonly message: string;
  readonly right: string;
}

const GAP = '  ';
const DASH = ' — ';
/** Below this many free columns after the code, the text starts on the second line. */
const MIN_TEXT_ON_FIRST_LINE = 8;
/** A message is not shortened below this (to make room for the fields). */
const MIN_MESSAGE_WHEN_SHORTENED = 12;

const joinNonEmpty = (parts: readonly string[], separator: string): string =>
  parts.filter((p) => p !== '').join(separator);

/** Right-aligns `right` after `left` on one line of exactly `width`, or null if it does not fit. */
function withRight(left: string, right: string, width: number): LaidOutLine | null {
  if (right === '') return { message: left, right: '' };
  const room = width - displayWidth(left) - (left === '' ? 0 : GAP.length);
  if (room < displayWidth(right)) return null;
  return { message: left + ' '.repeat(width - displayWidth(left) - displayWidth(right)), right };
}

/** The status bar as line parts (for colouring); see `formatStatus`. */
export function layoutStatus(
  message: StatusMessage | undefined,
  right: string | undefined,
  width: number,
  maxLines: 1 | 2 = 2,
): LaidOutLine[] {
  const w = Math.max(0, Math.floor(width));
  const rightText = sanitize(right ?? '');
  const rightOnly = (): LaidOutLine => ({ message: '', right: padStart(truncate(rightText, w), w) });
  if (!message) return rightText === '' ? [] : [rightOnly()];

  const code = sanitize(message.code ?? '');
  const requestId = sanitize(message.requestId ?? '');
  const seconds = message.countdownSeconds;
  const countdown = seconds !== undefined && Number.isFinite(seconds) ? retryInText(seconds) + (message.countdownHint ? ` — ${message.countdownHint}` : '') : '';
  const fieldErrors = message.fieldErrors ?? (message.field || message.reason ? [{ field: message.field, reason: message.reason }] : []);
  const detail = errorDetail(message.text, fieldErrors, message.moreErrors);
  const kept = joinNonEmpty([detail.fields, sanitize(message.hint ?? '')], DASH);
  const tail = joinNonEmpty([countdown, requestId ? `(${requestId})` : ''], GAP);

  // One line: 'CODE  text — detail — retry in 12s  (req-1)'.
  const free = joinNonEmpty([detail.message, kept], DASH);
  const single = joinNonEmpty([code, joinNonEmpty([joinNonEmpty([free, countdown], DASH), requestId ? `(${requestId})` : ''], GAP)], GAP);
  if (displayWidth(single) <= w) {
    const oneLine = withRight(single, rightText, w);
    if (oneLine) return [oneLine];
    return rightText === '' || maxLines === 1 ? [{ message: single, right: '' }] : [{ message: single, right: '' }, rightOnly()];
  }

  if (maxLines === 1) {
    const line = oneLine(code, detail.message, kept, countdown, requestId, w);
    return [withRight(line, rightText, w) ?? { message: line, right: '' }];
  }

  // Two lines. When the fields and the hint would be cut, the message is shortened first.
  let lines = twoLines(code, free, tail, countdown !== '', w);
  if (kept !== '' && detail.message !== '') {
    for (let budget = displayWidth(detail.message) - 4; lines.cut && budget >= MIN_MESSAGE_WHEN_SHORTENED; budget -= 4) {
      const shorter = twoLines(code, joinNonEmpty([truncate(detail.message, budget), kept], DASH), tail, countdown !== '', w);
      if (!shorter.cut) lines = shorter;
    }
  }
  const second = withRight(lines.line2, rightText, w) ?? { message: lines.line2, right: '' };
  return [{ message: lines.line1, right: '' }, second];
}

/**
 * One line: code, free text, countdown and requestId. Only the free text is cut: the server's
 * message first (down to a readable stub), then the fields and the hint.
 */
function oneLine(code: string, message: string, kept: string, countdown: string, requestId: string, w: number): string {
  const head = code === '' ? '' : code + GAP;
  const suffix = (countdown === '' ? '' : DASH + countdown) + (requestId === '' ? '' : `${GAP}(${requestId})`);
  const budget = w - displayWidth(head) - displayWidth(suffix);
  if (budget < MIN_TEXT_ON_FIRST_LINE) {
    // No room for words: the parts support needs, the countdown shortened to '12s' if it must be.
    const bare = joinNonEmpty([code, countdown, requestId === '' ? '' : `(${requestId})`], GAP);
    if (displayWidth(bare) <= w) return bare;
    const short = joinNonEmpty([code, countdown.replace(/^retry in /, ''), requestId === '' ? '' : `(${requestId})`], GAP);
    if (displayWidth(short) <= w) return short;
    return truncate(joinNonEmpty([code, requestId === '' ? '' : `(${requestId})`], GAP), w);
  }
  let free = joinNonEmpty([message, kept], DASH);
  if (displayWidth(free) > budget && message !== '' && kept !== '') {
    const messageBudget = Math.max(MIN_MESSAGE_WHEN_SHORTENED, budget - displayWidth(kept) - DASH.length);
    free = joinNonEmpty([truncate(message, messageBudget), kept], DASH);
  }
  free = truncate(free, budget);
  if (free === '') return joinNonEmpty([code, countdown, requestId === '' ? '' : `(${requestId})`], GAP);
  return head + free + suffix;
}

/** Code and the start of the text, then the rest of the text and the protected tail; `cut` when text was lost. */
function twoLines(code: string, free: string, tail: string, hasCountdown: boolean, w: number): { line1: string; line2: string; cut: boolean } {
  const head = code === '' ? '' : code + GAP;
  let line1: string;
  let rest: string;
  if (w - displayWidth(head) < MIN_TEXT_ON_FIRST_LINE) {
    line1 = truncate(code, w);
    rest = free;
  } else {
    const first = wrap(free, w - displayWidth(head))[0] ?? '';
    line1 = (head + first).trimEnd();
    rest = free.startsWith(first) ? free.slice(first.length).trimStart() : free;
  }
  if (displayWidth(tail) > w) return { line1, line2: truncate(tail, w), cut: rest !== '' };
  const budget = w - displayWidth(tail) - (tail === '' ? 0 : DASH.length);
  const restText = rest === '' || budget < 1 ? '' : truncate(rest, budget);
  const line2 = joinNonEmpty([restText, tail], restText !== '' && hasCountdown ? DASH : GAP);
  return { line1, line2, cut: restText !== rest };
}

/**
 * The status as at most `maxLines` (two unless told) lines of at most `width` columns. A rate limit reads
 * `RATE_LIMITED  Too many requests — retry in 12s  (req-000123)`; `right` (progress such as
 * 'all 120 loaded') is right-aligned where it fits and dropped before any message text.
 */
export function formatStatus(message: StatusMessage | undefined, right: string | undefined, width: number, maxLines: 1 | 2 = 2): string[] {
  return layoutStatus(message, right, width, maxLines).map((l) => l.message + l.right);
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
}

export interface StatusLineParts {
  /** The status bar's message, progress beside it, and whether a spinner leads it. */
  readonly message?: StatusMessage;
  readonly right: string;
  readonly busy: boolean;
  /** The whole window of rows is loading (`G`, Tab): the spinner moves with the frames. */
  readonly bulk: boolean;
  /** The hint row, exactly as drawn. */
  readonly hintLine: string;
}

/** What the spinner takes before the message (see StatusBar). */
export const SPINNER_WIDTH = 2;

/** Whether the status line counts down now (a rate-limit wait, the quota's reset, a toast due to fade): it then ticks every second. */
export function statusTicks({ pager, refresh, quota, toast }: Pick<StatusLineInput, 'pager' | 'refresh' | 'quota' | 'toast'>, now: number): boolean {
  const rateLimited = pager.state === 'rate-limited' || refresh?.state === 'rate-limited';
  return rateLimited || pager.loadingSince !== undefined || quotaTicking(quota, now) || (toast !== undefined && Number.isFinite(toast.until) && toast.until > now);
}

/**
 * The status by precedence (failure, toast, progress) and the key hints. Progress goes beside the
 * message when both fit; otherwise to the end of the hint row, so a long error never hides how
 * much is loaded.
 */
export function statusLineParts({ width, pager, toast, following, hint, view, row, refresh, quota, refreshTarget }: StatusLineInput, now: number): StatusLineParts {
  const described = describeStatus(pager, toast, now, view, refresh, refreshTarget);
  const message = described.message ?? pacingMessage(quota, now);
  const position = row === undefined ? '' : `row ${countText(row)}`;
  const summary = [position, described.right, quotaGauge(quota, now)].filter((p) => p !== '').join(' · ');
  const beyond = view?.matches === undefined && loadingBeyondNeed(pager);
  const right = following ? `${summary} — going to the end, Esc to stop` : beyond ? `${summary} — loading the rest, Esc to stop` : summary;
  const messageWidth = described.busy ? Math.max(0, width - SPINNER_WIDTH) : width;
  const besideMessage = right === '' || !message || layoutStatus(message, right, messageWidth, 1)[0]?.right === right;
  const hintRight = besideMessage ? '' : truncate(sanitize(right), width);
  const hintRoom = hintRight === '' ? width : Math.max(0, width - displayWidth(hintRight) - 2);
  const hintsText = truncate(sanitize(hint), hintRoom);
  const gap = hintRight === '' ? '' : ' '.repeat(Math.max(0, width - displayWidth(hintsText) - displayWidth(hintRight)));
  return {
    ...(message ? { message } : {}),
    right: besideMessage ? right : '',
    busy: described.busy,
    bulk: following || pager.loadingAll,
    hintLine: hintsText + gap + hintRight,
  };
}
