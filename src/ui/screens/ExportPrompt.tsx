import { spokenKeys } from '../../text/glyphs.js';
import { Box, Text } from 'ink';
import { FrameMarked } from '../components/FrameMarked.js';
import { displayWidth, truncate } from '../../text/index.js';
import { CursorIf } from '../presentation/CursorHere.js';
import { usePresentation } from '../presentation/presentation.js';
import { TextField } from '../components/TextField.js';
import { keyNamed, keysIn } from '../keys/index.js';
import type { InputBar } from '../store/prompts/input-bar.js';
import { itemsNoun } from '../store/prompts/export-flow.js';
import { shortPath } from '../store/prompts/export-message.js';
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
  /** More of the list exists to load (Tab), and no load of it runs. */
  readonly more?: boolean;
}

/** Made when drawn: the key names depend on the mode (words for a screen reader). */
/** Tab only while more of the list exists to load (it loads the rest, and the rows written are those shown then). */
const hint = (more: boolean): string =>
  spokenKeys(`  ${keysIn('submit', 'export')} write · ${keysIn('cancel', 'export')} cancel · ${more ? `${keysIn('loadAll', 'export')} load all · ` : ''}${keysIn('olderEntry', 'export')} history`);

const minHint = (): number => displayWidth(`  ${keysIn('submit', 'export')} write`);

/** Columns the path field keeps at least, where a shorter label leaves them. */
const MIN_FIELD = 24;

/** The label before the path: the longest of its forms that leaves the field room. */
function labelFor(what: string, format: string, text: string, width: number): string {
  const forms = [`Export ${what} as ${format} to: `, `Export as ${format} to: `, `Export to: `];
  const wanted = Math.min(MIN_FIELD, displayWidth(text) + 1);
  return forms.find((label) => width - displayWidth(label) >= wanted) ?? (forms.at(-1) as string);
}

/** `before`, the path shortened in its middle to what the width leaves, then `after`, cut at the width. */
const withPath = (before: string, path: string, after: string, width: number): string =>
  truncate(`${before}${shortPath(path, Math.max(12, width - 1 - displayWidth(before) - displayWidth(after)))}${after}`, width - 1);

/**
 * The `e` prompt above the status bar: the path to write (prefilled, editable), then, when that
 * file exists, "overwrite? y/N" instead of replacing it.
 */
export function ExportPrompt({ width, kind, bar, onChange, onSubmit, history, more = false }: ExportPromptProps) {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  const what = `${itemsNoun(bar.count, kind)}${bar.filtered ? ' (filtered)' : ''}`;
  if (bar.stage === 'confirm') {
    const question = withPath('', bar.shownPath ?? bar.text, ` exists — overwrite? ${keyNamed('confirmYes', 'overwrite')}/N`, width);
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
  if (bar.stage === 'writing' || bar.stage === 'checking') {
    const cancel = ` · ${keysIn('cancel', 'export')} cancel`;
    const path = bar.shownPath ?? bar.text;
    const line = bar.stage === 'checking' ? withPath('Checking ', path, `…${cancel}`, width) : withPath(`Exporting… ${countText(bar.done ?? 0)} of ${what} to `, path, cancel, width);
    return (
      <Box height={1} width={width} overflow="hidden">
        <CursorIf on={screenReader}>
          <FrameMarked escStops>{line}</FrameMarked>
        </CursorIf>
      </Box>
    );
  }
  const label = labelFor(what, FORMAT_NAMES[formatForPath(bar.text)], bar.text, width);
  const room = width - displayWidth(label);
  // The hint (cut at the edge) while the path leaves room for its first words; else the path scrolls.
  const showHint = room - displayWidth(bar.text) - 1 >= minHint();
  return (
    <Box height={1} width={width} overflow="hidden">
      <Box flexShrink={0}>
        <Text {...colorProps(theme.text.accent)}>{label}</Text>
      </Box>
      <Box flexShrink={0}>
        <TextField context="export" value={bar.text} onChange={onChange} onSubmit={onSubmit} history={history} width={showHint ? undefined : room} marksScroll />
      </Box>
      {showHint ? <Text wrap="truncate" {...colorProps(theme.text.secondary)}>{hint(more)}</Text> : null}
    </Box>
  );
}
