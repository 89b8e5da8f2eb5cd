import { Box, Text } from 'ink';
import { memo } from 'react';
import type { PagerSnapshot } from '../../api/types.js';
import { StatusBar } from '../components/StatusBar.js';
import { useNow } from '../hooks/use-now.js';
import { colorProps, useTheme } from '../theme/index.js';
import { displayWidth, sanitize, truncate } from '../../text/index.js';
import { layoutStatus } from '../components/status-format.js';
import { describeStatus, loadingBeyondNeed, type Toast, type ViewSummary } from '../store/status.js';
import type { QuotaSnapshot } from '../../api/quota-pacer.js';
import { pacingMessage, quotaGauge, quotaTicking } from '../store/quota-status.js';
import { countText } from '../../text/count.js';

export interface StatusLineProps {
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

/** What the spinner takes before the message (see StatusBar). */
const SPINNER_WIDTH = 2;

/**
 * The bottom two lines: the status chosen by precedence (failure, toast, progress) on the first,
 * the key hints on the second, always both. Only this component ticks during a rate-limit
 * countdown or while a toast is due to fade.
 */
export const StatusLine = memo(function StatusLine({ width, pager, toast, following, hint, view, row, refresh, quota }: StatusLineProps) {
  const theme = useTheme();
  const rateLimited = pager.state === 'rate-limited' || refresh?.state === 'rate-limited';
  const ticking = rateLimited || quotaTicking(quota, Date.now()) || (toast !== undefined && Number.isFinite(toast.until) && toast.until > Date.now());
  const now = useNow(ticking);
  const described = describeStatus(pager, toast, now, view, refresh);
  const status = { ...described, message: described.message ?? pacingMessage(quota, now) };
  const position = row === undefined ? '' : `row ${countText(row)}`;
  const summary = [position, status.right, quotaGauge(quota, now)].filter((p) => p !== '').join(' · ');
  const beyond = view?.matches === undefined && loadingBeyondNeed(pager);
  // A whole list loading redraws the screen about every 100 ms: the spinner moves with it.
  const bulk = following || pager.loadingAll;
  const right = following ? `${summary} — going to the end, Esc to stop` : beyond ? `${summary} — loading the rest, Esc to stop` : summary;
  // Progress goes beside the message when both fit; otherwise to the end of the hint row, so a
  // long error never hides how much is loaded.
  const messageWidth = status.busy ? Math.max(0, width - SPINNER_WIDTH) : width;
  const besideMessage = right === '' || !status.message || layoutStatus(status.message, right, messageWidth, 1)[0]?.right === right;
  const hintRight = besideMessage ? '' : truncate(sanitize(right), width);
  const hintRoom = hintRight === '' ? width : Math.max(0, width - displayWidth(hintRight) - 2);
  const hintsText = truncate(sanitize(hint), hintRoom);
  const gap = hintRight === '' ? '' : ' '.repeat(Math.max(0, width - displayWidth(hintsText) - displayWidth(hintRight)));
  return (
    <Box flexDirection="column" height={2}>
      <StatusBar width={width} message={status.message} right={besideMessage ? right : ''} spinner={status.busy} spinnerStep={bulk ? pager.version : undefined} />
      <Text wrap="truncate" {...colorProps(theme.text.secondary)}>
        {hintsText + gap + hintRight}
      </Text>
    </Box>
  );
});
