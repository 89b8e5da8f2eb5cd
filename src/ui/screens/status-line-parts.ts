/** What the two status lines say, as text: shared by StatusLine and the text-only first frame. */
import type { PagerSnapshot } from '../../api/types.js';
import type { QuotaSnapshot } from '../../api/quota/quota-pacer.js';
import { displayWidth, sanitize, truncate } from '../../text/index.js';
import { countText } from '../../text/count.js';
import { layoutStatus } from '../components/status-format.js';
import type { StatusMessage } from '../store/status-message.js';
import { pacingMessage, quotaGauge, quotaTicking } from '../store/quota-status.js';
import { describeStatus, loadingBeyondNeed, type Toast, type ViewSummary } from '../store/status.js';

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
  return rateLimited || quotaTicking(quota, now) || (toast !== undefined && Number.isFinite(toast.until) && toast.until > now);
}

/**
 * The status by precedence (failure, toast, progress) and the key hints. Progress goes beside the
 * message when both fit; otherwise to the end of the hint row, so a long error never hides how
 * much is loaded.
 */
export function statusLineParts({ width, pager, toast, following, hint, view, row, refresh, quota }: StatusLineInput, now: number): StatusLineParts {
  const described = describeStatus(pager, toast, now, view, refresh);
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
