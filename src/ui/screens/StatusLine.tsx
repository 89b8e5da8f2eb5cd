import { Box, Text } from 'ink';
import { memo } from 'react';
import type { PagerSnapshot } from '../../api/types.js';
import { StatusBar } from '../components/StatusBar.js';
import { layoutStatus } from '../components/status-format.js';
import { useNow } from '../hooks/use-now.js';
import { colorProps, useTheme } from '../theme/index.js';
import { describeStatus, loadingBeyondNeed, type Toast, type ViewSummary } from '../store/status.js';

export interface StatusLineProps {
  readonly width: number;
  readonly pager: PagerSnapshot;
  readonly toast?: Toast;
  readonly following: boolean;
  /** The key hints of the screen shown (see `footerHint`). */
  readonly hint: string;
  /** How many loaded rows a filter lets through; absent when nothing is filtered. */
  readonly view?: ViewSummary;
  /** The selected row (1-based) of what is shown, as a position like a pager's. */
  readonly row?: number;
  /** The new listing a refresh loads behind the rows shown. */
  readonly refresh?: PagerSnapshot;
}

/**
 * The bottom two lines: the status chosen by precedence (failure, toast, progress) and, when the
 * message leaves room, the key hints. Only this component ticks during a rate-limit countdown.
 */
export const StatusLine = memo(function StatusLine({ width, pager, toast, following, hint, view, row, refresh }: StatusLineProps) {
  const theme = useTheme();
  const rateLimited = pager.state === 'rate-limited' || refresh?.state === 'rate-limited';
  const ticking = rateLimited || (toast !== undefined && toast.until > Date.now());
  const now = useNow(ticking);
  const status = describeStatus(pager, toast, now, view, refresh);
  const summary = row === undefined ? status.right : `row ${row.toLocaleString('en-US')} · ${status.right}`;
  const beyond = view?.matches === undefined && loadingBeyondNeed(pager);
  const right = following ? `${summary} — going to the end, Esc to stop` : beyond ? `${summary} — loading the rest, Esc to stop` : summary;
  const lines = layoutStatus(status.message, right, width).length;
  return (
    <Box flexDirection="column" height={2}>
      <StatusBar width={width} message={status.message} right={right} spinner={status.busy} />
      {lines < 2 ? (
        <Text wrap="truncate" {...colorProps(theme.text.secondary)}>
          {hint}
        </Text>
      ) : null}
    </Box>
  );
});
