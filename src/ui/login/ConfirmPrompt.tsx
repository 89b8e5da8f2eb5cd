import { Box, Text } from 'ink';
import { useKeyCommands } from '../keys/index.js';
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
        {question} <Text bold>(y/N)</Text>
      </Text>
    </Box>
  );
}
