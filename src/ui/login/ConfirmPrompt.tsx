import { Box, Text, useInput } from 'ink';
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
  useInput((input, key) => {
    if (input === 'y' || input === 'Y') onAnswer(true);
    else if (input === 'n' || input === 'N' || key.return || key.escape || (key.ctrl && input === 'c')) onAnswer(false);
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
