import { Box, Text } from 'ink';
import { keyNamed, keysIn, useKeyCommands } from '../keys/index.js';
import { colorProps, useTheme } from '../theme/index.js';

export interface ConfirmPromptProps {
  /** Why the question is asked (one sentence). */
  readonly reason: string;
  /** The question, without the `(y/N)` suffix. */
  readonly question: string;
  /** True for y/Y; false for n, Enter, Esc or Ctrl-C (No is the default). */
  readonly onAnswer: (yes: boolean) => void;
}

/** A yes/no question whose default is No. */
export function ConfirmPrompt({ reason, question, onAnswer }: ConfirmPromptProps) {
  const theme = useTheme();
  const yes = keyNamed('confirmYes', 'confirm');
  const no = keyNamed('confirmNo', 'confirm');
  // `(y/N)`: the answer a plain Enter gives in capitals, when that capital answers it too.
  const noShown = keysIn('confirmNo', 'confirm').split('/').includes(no.toUpperCase()) ? no.toUpperCase() : no;
  useKeyCommands('confirm', (presses) => {
    // One key per answer: a read holding several keys ('yy', 'y' + Enter) is not an answer.
    if (presses.length !== 1) return;
    const command = presses[0]?.command;
    if (command === 'confirmYes') onAnswer(true);
    else if (command === 'confirmNo') onAnswer(false);
  });
  return (
    <Box flexDirection="column">
      <Text {...colorProps(theme.status.warning)}>{reason}</Text>
      <Text>
        {question} <Text bold>({yes}/{noShown})</Text>
      </Text>
    </Box>
  );
}
