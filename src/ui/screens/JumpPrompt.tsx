import { Box, Text } from 'ink';
import { displayWidth } from '../../text/index.js';
import { TextField } from '../components/TextField.js';
import { keysIn, type Command } from '../keys/index.js';
import type { ListKind } from '../store/list-view.js';
import { colorProps, useTheme } from '../theme/index.js';

export interface JumpPromptProps {
  readonly width: number;
  /** The list the prompt was opened on: a group id is asked for on the group list, a page id in a group. */
  readonly kind: ListKind;
  readonly text: string;
  /** Every change of the text goes to the store, which applies it as the other prompts' text is. */
  readonly onChange: (value: string) => void;
  readonly onSubmit: () => void;
  /** Earlier jumps, oldest first (↑/↓). */
  readonly history: readonly string[];
}

const key = (command: Command): string => keysIn(command, 'jump');
const HINT = `  ${key('submit')} go · ${key('cancel')} cancel · ${key('olderEntry')} history`;
const MIN_HINT = displayWidth(`  ${key('submit')} go`);

/** The `:` prompt above the status bar: the id to go to. */
export function JumpPrompt({ width, kind, text, onChange, onSubmit, history }: JumpPromptProps) {
  const theme = useTheme();
  const placeholder = kind === 'groups' ? 'page group id' : 'page id';
  const showHint = width - 2 - displayWidth(text || placeholder) - 1 >= MIN_HINT;
  return (
    <Box height={1} width={width} overflow="hidden">
      <Box flexShrink={0}>
        <Text {...colorProps(theme.text.accent)}>: </Text>
      </Box>
      <Box flexShrink={0}>
        <TextField
          context="jump"
          value={text}
          onChange={onChange}
          onSubmit={onSubmit}
          history={history}
          placeholder={placeholder}
          width={showHint ? undefined : width - 2}
        />
      </Box>
      {showHint ? <Text wrap="truncate" {...colorProps(theme.text.secondary)}>{HINT}</Text> : null}
    </Box>
  );
}
