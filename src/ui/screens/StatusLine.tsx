import { Box, Text } from 'ink';
import { memo } from 'react';
import { StatusBar } from '../components/StatusBar.js';
import { useNow } from '../hooks/use-now.js';
import { colorProps, useTheme } from '../theme/index.js';
import { statusLineParts, statusTicks, type StatusLineInput } from '../components/status-format.js';

export type StatusLineProps = StatusLineInput;

/**
 * The bottom two lines: the status chosen by precedence (failure, toast, progress) on the first,
 * the key hints on the second, always both. Only this component ticks during a rate-limit
 * countdown or while a toast is due to fade.
 */
export const StatusLine = memo(function StatusLine({ width, pager, toast, following, hint, view, row, refresh, quota, refreshTarget }: StatusLineProps) {
  const theme = useTheme();
  const now = useNow(statusTicks({ pager, refresh, quota, toast }, Date.now()));
  const parts = statusLineParts({ width, pager, toast, following, hint, view, row, refresh, quota, refreshTarget }, now);
  return (
    <Box flexDirection="column" height={2}>
      <StatusBar width={width} message={parts.message} right={parts.right} spinner={parts.busy} spinnerStep={parts.bulk ? pager.version : undefined} />
      <Text wrap="truncate" {...colorProps(theme.text.secondary)}>
        {parts.hintLine}
      </Text>
    </Box>
  );
});
