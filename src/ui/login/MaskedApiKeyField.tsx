import { Box, Text } from 'ink';
import { useState } from 'react';
import { apiKeyShapeProblem } from '../../auth/login.js';
import { TextField } from '../components/TextField.js';
import { glyph } from '../../text/glyphs.js';
import { useKeyCommands } from '../keys/index.js';
import { colorProps, useTheme } from '../theme/index.js';

export interface MaskedApiKeyFieldProps {
  /** The service the key is for (its origin). */
  readonly origin: string;
  /** `pagetui login`: where the key will go once it works, said before it is typed (e.g. "the system keychain"). */
  readonly destination?: string;
  /** The line under the title instead of the `pagetui login` one (the app's `L` form says its own). */
  readonly note?: string;
  /** `loginKey` in `pagetui login` (the default), `keyEntry` inside the app (`L`). */
  readonly context?: 'keyEntry' | 'loginKey';
  /** Called with the trimmed key once it has a sendable shape. */
  readonly onSubmit: (key: string) => void;
  /** Esc (and Ctrl-C in `pagetui login`). */
  readonly onCancel: () => void;
  /** Ctrl-C inside the app: quit. */
  readonly onQuit?: () => void;
  /** What became of the last key (being checked, rejected), shown under the field. */
  readonly feedback?: { readonly tone: 'info' | 'error'; readonly text: string };
  /** A new value empties the field (after a rejected key). */
  readonly fieldKey?: number;
}

/**
 * The one masked API-key field, used by the app's `L` form and by `pagetui login`: every character
 * is drawn as •, so the key never reaches the screen. Line editing, pastes (a trailing newline
 * submits) and fast typing behave as in every other prompt; a key that could not be sent as a
 * header is refused in place.
 */
export function MaskedApiKeyField({ origin, destination, note, context = 'loginKey', onSubmit, onCancel, onQuit, feedback, fieldKey = 0 }: MaskedApiKeyFieldProps) {
  const theme = useTheme();
  const [problem, setProblem] = useState('');
  useKeyCommands(context, (presses) => {
    const command = presses[0]?.command;
    if (command === 'cancel' || command === 'cancelLogin') onCancel();
    else if (command === 'interrupt') (onQuit ?? onCancel)();
  });
  const submit = (entered: string): void => {
    const trimmed = entered.trim();
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
        {note ?? `It is checked with one request, then saved in ${destination ?? 'your settings'}. Enter to continue, Esc to cancel.`}
      </Text>
      <Box>
        <Text>Key: </Text>
        <TextField key={fieldKey} context={context} mask={glyph('mask')} onChange={() => setProblem('')} onSubmit={submit} />
      </Box>
      {problem ? (
        <Text {...colorProps(theme.status.error)}>{problem}</Text>
      ) : feedback ? (
        <Text {...colorProps(feedback.tone === 'error' ? theme.status.error : theme.text.secondary)}>{feedback.text}</Text>
      ) : null}
    </Box>
  );
}
