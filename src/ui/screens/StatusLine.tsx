import { Box, Text } from 'ink';
import { memo, useRef } from 'react';
import { StatusBar } from '../components/StatusBar.js';
import { FrameMarked } from '../components/FrameMarked.js';
import { useNow } from '../hooks/use-now.js';
import { CALM_MS, usePresentation } from '../presentation/presentation.js';
import { spokenStatus, useSpokenClock } from '../presentation/spoken-status.js';
import { CursorIf } from '../presentation/CursorHere.js';
import { useAnnouncementCursor } from '../presentation/use-announcement-cursor.js';
import type { Toast } from '../store/status.js';
import { colorProps, useTheme } from '../theme/index.js';
import { statusLineParts, statusTicksFrom, type StatusLineInput } from '../components/status-format.js';
import type { StatusMessage } from '../store/status-message.js';

export type StatusLineProps = StatusLineInput;

/**
 * The bottom two lines: the status chosen by precedence (failure, toast, progress) on the first,
 * the key hints on the second, always both. Only this component ticks during a rate-limit
 * countdown or while a toast is due to fade. Without motion it ticks every CALM_MS and has no
 * spinner; for a screen reader its messages say their kind ("Error: …"), stay until replaced, the
 * countdown is said sparsely, and the row number is left to the row itself.
 */
export const StatusLine = memo(function StatusLine({ width, pager, toast, following, hint, view, row, refresh, quota, refreshTarget }: StatusLineProps) {
  const theme = useTheme();
  const { screenReader, reduceMotion } = usePresentation();
  // Without motion the clock keeps the counts' cadence: it ticks only once CALM_MS have passed since
  // the progress last changed, so a wait's seconds and the counts never make two updates in one period.
  const shownPager = useRef(pager);
  const pagerShownAt = useRef(Date.now());
  if (shownPager.current !== pager) {
    shownPager.current = pager;
    pagerShownAt.current = Date.now();
  }
  const ticksFrom = statusTicksFrom({ pager, refresh, quota, toast, following }, Date.now());
  const clockFrom = reduceMotion && ticksFrom !== undefined ? Math.max(ticksFrom, pagerShownAt.current + CALM_MS) : ticksFrom;
  const now = useNow(clockFrom, reduceMotion ? CALM_MS : 1000);
  const said = useSpokenClock(now, [width, pager, toast, following, hint, view, refresh, quota, refreshTarget], pager, refresh, quota);
  const input = { width, pager, following, hint, view, refresh, quota, refreshTarget };
  // For a screen reader the row number is left to the row itself (the store keeps its messages until the next key).
  const parts = screenReader ? statusLineParts({ ...input, toast, sparseClock: true }, said) : statusLineParts({ ...input, toast, row }, now);
  if (screenReader) return <SpokenStatusRows width={width} message={parts.message} toast={toast} failure={pager.error ?? refresh?.error} progress={parts.progress} hint={hint} escStops={parts.escStops} />;
  return (
    <Box flexDirection="column" height={2}>
      <StatusBar width={width} message={parts.message} right={parts.right} rightFirst={parts.rightFirst} spinner={parts.busy && !reduceMotion} spinnerStep={parts.bulk ? pager.version : undefined} escStops={parts.escStops} />
      <Text wrap="truncate" {...colorProps(theme.text.secondary)}>
        {parts.hintLine}
      </Text>
    </Box>
  );
});

/**
 * What the status line announces (an outcome: "Error:", "Warning:", "Done:"); undefined for
 * information, for nothing, and for an outcome that came after the keys that followed its key.
 */
function announcementOf(message: StatusMessage | undefined, toast: Toast | undefined, failure: unknown): readonly unknown[] | undefined {
  if (!message || message.tone === 'info') return undefined;
  const ofToast = message.text === toast?.text;
  if (ofToast && toast.afterKeys === true) return undefined;
  return [ofToast ? toast : failure, message.tone, message.code, message.text, message.countdownSeconds];
}

/**
 * The status line for a screen reader: the message with its kind first on the status row (cut to
 * it), the key hints on the row below; the cursor on the message in the frame that announces it,
 * until the next key.
 */
function SpokenStatusRows({ width, message, toast, failure, progress, hint, escStops }: { width: number; message: StatusMessage | undefined; toast: Toast | undefined; failure: unknown; progress: string; hint: string; escStops: boolean }) {
  const theme = useTheme();
  const rows = spokenStatus(message, progress, hint, width);
  const announcing = useAnnouncementCursor(announcementOf(message, toast, failure));
  const tone = colorProps(message ? theme.status[message.tone] : theme.text.primary);
  const secondary = colorProps(theme.text.secondary);
  const said = rows.first.slice(0, rows.messageLength);
  return (
    <Box flexDirection="column" height={2}>
      <CursorIf on={announcing}>
        <FrameMarked status escStops={escStops}>
          <Text {...tone}>{said === '' && rows.first.length === said.length ? ' ' : said}</Text>
          <Text {...secondary}>{rows.first.slice(rows.messageLength)}</Text>
        </FrameMarked>
      </CursorIf>
      <Text wrap="truncate" {...secondary}>
        {rows.second === '' ? ' ' : rows.second}
      </Text>
    </Box>
  );
}
