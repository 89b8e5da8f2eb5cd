import { Box, Text } from 'ink';
import TextInput from 'ink-text-input';
import { useContext, useState } from 'react';
import { useKeyCommands } from '../keys/index.js';
import { ThemeContext } from '../theme/index.js';

export interface LoginScreenProps {
  readonly origin: string;
  readonly height: number;
  readonly onSubmit: (key: string) => void;
  readonly onCancel: () => void;
  readonly onQuit: () => void;
}

/** Asks for the API key in a masked field. The key is never drawn, only one • per character. */
export function LoginScreen({ origin, height, onSubmit, onCancel, onQuit }: LoginScreenProps) {
  const theme = useContext(ThemeContext);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState('');
  useKeyCommands('keyEntry', (presses) => {
    const command = presses[0]?.command;
    if (command === 'cancel') onCancel();
    else if (command === 'interrupt') onQuit();
  });
  const submit = (entered: string) => {
    const trimmed = entered.trim();
    if (trimmed === '') {
      setProblem('The key is empty. Paste the key from the customer management app, or press Esc.');
      return;
    }
    onSubmit(trimmed);
  };
  return (
    <Box flexDirection="column" height={height} paddingX={1}>
      <Text bold>API key for {origin}</Text>
      <Text color={theme.text.secondary || undefined}>
        Sent as x-api-key. Kept for this session only. Enter to use it, Esc to cancel.
      </Text>
      <Box>
        <Text>Key: </Text>
        <TextInput value={value} onChange={(next) => { setValue(next); setProblem(''); }} onSubmit={submit} mask="•" />
      </Box>
      {problem ? <Text color={theme.status.error || undefined}>{problem}</Text> : null}
    </Box>
  );
}
