import { Box, Text } from 'ink';
import TextInput from 'ink-text-input';
import { useRef, useState } from 'react';
import { apiKeyShapeProblem } from '../../auth/login.js';
import { useKeyCommands } from '../keys/index.js';
import { colorProps, useTheme } from '../theme/index.js';

export interface MaskedKeyFieldProps {
  /** The service the key is for (its origin). */
  readonly origin: string;
  /** Where the key will go once it works, said before it is typed (e.g. "the system keychain"). */
  readonly destination: string;
  /** Called with the trimmed key once it has a sendable shape. */
  readonly onSubmit: (key: string) => void;
  /** Esc or Ctrl-C. */
  readonly onCancel: () => void;
}

/**
 * The masked API-key field of `pagetui login`: every character is drawn as •, so the key never
 * reaches the screen. A key that could not be sent as a header is refused in place.
 */
export function MaskedKeyField({ origin, destination, onSubmit, onCancel }: MaskedKeyFieldProps) {
  const theme = useTheme();
  const [value, setValue] = useState('');
  // ink-text-input's Enter handler can still hold the previous value when Enter follows a paste
  // within one render; the latest text is kept here and submitted instead.
  const latest = useRef('');
  const [problem, setProblem] = useState('');
  useKeyCommands('loginKey', (presses) => {
    if (presses.some((p) => p.command === 'cancelLogin')) onCancel();
  });
  const submit = (): void => {
    const trimmed = latest.current.trim();
    const shape = apiKeyShapeProblem(trimmed);
    if (shape !== undefined) {
      setProblem(trimmed === '' ? 'The key is empty. Paste the key, or press Esc to cancel.' : shape);
      return;
    }
    onSubmit(trimmed);
  };
  return (
    <Box flexDirection="column">
      <Text bold>API key for {origin}</Text>
      <Text {...colorProps(theme.text.secondary)}>
        It is checked with one request, then saved in {destination}. Enter to continue, Esc to cancel.
      </Text>
      <Box>
        <Text>Key: </Text>
        <TextInput
          value={value}
          onChange={(next) => {
            latest.current = next;
            setValue(next);
            setProblem('');
          }}
          onSubmit={submit}
          mask="•"
        />
      </Box>
      {problem ? <Text {...colorProps(theme.status.error)}>{problem}</Text> : null}
    </Box>
  );
}
