import { spokenKeys } from '../../text/glyphs.js';
import { Box, Text } from 'ink';
import { displayWidth, sanitize, truncate } from '../../text/index.js';
import { CursorIf } from '../presentation/CursorHere.js';
import { usePresentation } from '../presentation/presentation.js';
import { TextField } from '../components/TextField.js';
import { keyNamed, keysIn } from '../keys/index.js';
import type { InputBar } from '../store/prompts/input-bar.js';
import { itemsNoun } from '../store/prompts/export-flow.js';
import type { ListKind } from '../store/list/list-view.js';
import { colorProps, useTheme } from '../theme/index.js';
import { countText } from '../../text/count.js';
import { FORMAT_NAMES, formatForPath } from '../../formats/export-format.js';

export interface ExportPromptProps {
  readonly width: number;
  readonly kind: ListKind;
  readonly bar: Extract<InputBar, { kind: 'export' }>;
  readonly onChange: (value: string) => void;
  readonly onSubmit: () => void;
  /** Paths written to before, oldest first (↑/↓ or Ctrl-P/Ctrl-N). */
  readonly history: readonly string[];
}

/** Made when drawn: the key names depend on the mode (words for a screen reader). */
const hint = (): string => spokenKeys(`  ${keysIn('submit', 'export')} write · ${keysIn('cancel', 'export')} cancel · ${keysIn('olderEntry', 'export')} history`);

const minHint = (): number => displayWidth(`  ${keysIn('submit', 'export')} write`);

/**
 * The `e` prompt above the status bar: the path to write (prefilled, editable), then, when that
 * file exists, "overwrite? y/N" instead of replacing it.
 */
export function ExportPrompt({ width, kind, bar, onChange, onSubmit, history }: ExportPromptProps) {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  const what = `${itemsNoun(bar.count, kind)}${bar.filtered ? ' (filtered)' : ''}`;
  if (bar.stage === 'confirm') {
    const question = truncate(`${sanitize(bar.shownPath ?? bar.text)} exists — overwrite? ${keyNamed('confirmYes', 'overwrite')}/N`, width - 1);
    // The answer goes after the question: the cursor waits there.
    return (
      <Box height={1} width={width} overflow="hidden">
        <CursorIf on={screenReader} column={displayWidth(question)}>
          <Text wrap="truncate" {...colorProps(theme.status.warning)}>
            {question}
          </Text>
        </CursorIf>
      </Box>
    );
  }
  if (bar.stage === 'writing') {
    return (
      <Box height={1} width={width} overflow="hidden">
        <CursorIf on={screenReader}>
          <Text wrap="truncate">{`Exporting… ${countText(bar.done ?? 0)} of ${what} to ${sanitize(bar.shownPath ?? bar.text)} · ${keysIn('cancel', 'export')} cancel`}</Text>
        </CursorIf>
      </Box>
    );
  }
  const label = `Export ${what} as ${FORMAT_NAMES[formatForPath(bar.text)]} to: `;
  const room = width - displayWidth(label);
  // The hint (cut at the edge) while the path leaves room for its first words; else the path scrolls.
  const showHint = room - displayWidth(bar.text) - 1 >= minHint();
  return (
    <Box height={1} width={width} overflow="hidden">
      <Box flexShrink={0}>
        <Text {...colorProps(theme.text.accent)}>{label}</Text>
      </Box>
      <Box flexShrink={0}>
        <TextField context="export" value={bar.text} onChange={onChange} onSubmit={onSubmit} history={history} width={showHint ? undefined : room} />
      </Box>
      {showHint ? <Text wrap="truncate" {...colorProps(theme.text.secondary)}>{hint()}</Text> : null}
    </Box>
  );
}
