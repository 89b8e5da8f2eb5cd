import { Box, Text } from 'ink';
import TextInput from 'ink-text-input';
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
}

const key = (command: Command): string => keysIn(command, 'jump');
const HINT = `  ${key('submit')} go · ${key('cancel')} cancel`;

/** The `:` prompt above the status bar: the id to go to. */
export function JumpPrompt({ width, kind, text, onChange }: JumpPromptProps) {
  const theme = useTheme();
  const placeholder = kind === 'groups' ? 'page group id' : 'page id';
  const room = width - 2 - (text || placeholder).length - 1;
  return (
    <Box height={1} width={width} overflow="hidden">
      <Text {...colorProps(theme.text.accent)}>: </Text>
      <TextInput value={text} onChange={onChange} placeholder={placeholder} />
      {room > HINT.length ? <Text {...colorProps(theme.text.secondary)}>{HINT}</Text> : null}
    </Box>
  );
}
