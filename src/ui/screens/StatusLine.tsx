import { Box, Text } from 'ink';
import { memo } from 'react';
import type { PagerSnapshot } from '../../api/types.js';
import { StatusBar } from '../components/StatusBar.js';
import { useNow } from '../hooks/use-now.js';
import { hintLine, type Command } from '../keys/index.js';
import { colorProps, useTheme } from '../theme/index.js';
import { sanitize, truncate } from '../../text/index.js';
import { describeStatus, loadingBeyondNeed, type Toast, type ViewSummary } from '../store/status.js';

export interface StatusLineProps {
  readonly width: number;
  readonly pager: PagerSnapshot;
  readonly toast?: Toast;
  readonly following: boolean;
  readonly hints?: readonly Command[];
  /** The hint line as ready text (the screen's own footer); wins over `hints`. Cut to the width. */
  readonly hintText?: string;
  /** How many loaded rows a filter lets through; absent when nothing is filtered. */
  readonly view?: ViewSummary;
  /** The selected row (1-based) of what is shown, as a position like a pager's. */
  readonly row?: number;
  /** The new listing a refresh loads behind the rows shown. */
  readonly refresh?: PagerSnapshot;
}

const DEFAULT_HINTS: readonly Command[] = ['open', 'details', 'back', 'refresh', 'help', 'quit'];

/**
 * The bottom two lines: the status chosen by precedence (failure, toast, progress) on the first,
 * the key hints on the second, always both. Only this component ticks during a rate-limit
 * countdown or while a toast is due to fade.
 */
export const StatusLine = memo(function StatusLine({ width, pager, toast, following, hints = DEFAULT_HINTS, hintText, view, row, refresh }: StatusLineProps) {
  const theme = useTheme();
  const rateLimited = pager.state === 'rate-limited' || refresh?.state === 'rate-limited';
  const ticking = rateLimited || (toast !== undefined && Number.isFinite(toast.until) && toast.until > Date.now());
  const now = useNow(ticking);
  const status = describeStatus(pager, toast, now, view, refresh);
  const summary = row === undefined ? status.right : `row ${row.toLocaleString('en-US')} · ${status.right}`;
  const beyond = view?.matches === undefined && loadingBeyondNeed(pager);
  const right = following ? `${summary} — going to the end, Esc to stop` : beyond ? `${summary} — loading the rest, Esc to stop` : summary;
  return (
    <Box flexDirection="column" height={2}>
      <StatusBar width={width} message={status.message} right={right} spinner={status.busy} />
      <Text wrap="truncate" {...colorProps(theme.text.secondary)}>
        {hintText === undefined ? hintLine(hints, width) : truncate(sanitize(hintText), width)}
      </Text>
    </Box>
  );
});
