import { Box, Text } from 'ink';
import { useState } from 'react';
import { apiKeyShapeProblem } from '../../auth/login.js';
import { TextField } from '../components/TextField.js';
import { glyph } from '../../text/glyphs.js';
import { useFieldKeys } from '../keys/field-keys.js';
import { keyNamed } from '../keys/index.js';
import { colorProps, useTheme } from '../theme/index.js';
import { keyFormLayout, type FormText } from './key-form-layout.js';
import type { KeyDraft } from './use-key-draft.js';

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
  /** The room the form has (the app's `L` form): it then lays itself out in whole lines, dropping what does not fit. */
  readonly box?: { readonly width: number; readonly height: number };
  /** Warnings above the field (with `box`). */
  readonly warnings?: readonly FormText[];
  /** A shorter note for a small terminal (with `box`). */
  readonly shortNote?: string;
  /** One line saying where the key goes, kept when even the short note does not fit (with `box`). */
  readonly where?: string;
  /** The text typed, held by the caller so the field can be drawn again with it (see useKeyDraft). */
  readonly draft?: KeyDraft;
}

/**
 * The one masked API-key field, used by the app's `L` form and by `pagetui login`: whatever was
 * typed is drawn as the same 8 •, so neither the key nor its length reaches the screen. Line
 * editing, pastes (a trailing newline submits) and fast typing behave as in every other prompt; a
 * key that could not be sent as a header is refused in place.
 */
export function MaskedApiKeyField(props: MaskedApiKeyFieldProps) {
  const { origin, destination, note, context = 'loginKey', onSubmit, onCancel, onQuit, feedback, fieldKey = 0, box, draft } = props;
  const theme = useTheme();
  const [problem, setProblem] = useState('');
  const [submitKey, cancelKey] = [keyNamed('submit', context), keyNamed(context === 'keyEntry' ? 'cancel' : 'cancelLogin', context)];
  // Read as the field reads: Esc or Ctrl-c typed in the same read as characters still counts.
  useFieldKeys(context, (inputs) => {
    for (const input of inputs) {
      const command = 'command' in input ? input.command : undefined;
      if (command === 'cancel' || command === 'cancelLogin') return onCancel();
      if (command === 'interrupt') return (onQuit ?? onCancel)();
    }
  });
  const submit = (entered: string): void => {
    const trimmed = entered.trim();
    const shape = apiKeyShapeProblem(trimmed);
    if (shape !== undefined) {
      setProblem(trimmed === '' ? `The key is empty. Paste the key, or press ${cancelKey} to cancel.` : shape);
      return;
    }
    onSubmit(trimmed);
  };
  const field = (
    <Box>
      <Text>Key: </Text>
      <TextField key={fieldKey} context={context} mask={glyph('mask')} value={draft?.value} onChange={(value) => {
        setProblem('');
        draft?.onChange(value);
      }} onSubmit={submit} {...(box ? { width: box.width - 5 } : {})} />
    </Box>
  );
  const noteText = note ?? `It is checked with one request, then saved in ${destination ?? 'your settings'}. ${submitKey} to continue, ${cancelKey} to cancel.`;
  const feedbackColor = problem || feedback?.tone === 'error' ? theme.status.error : theme.text.secondary;
  if (box) {
    const shown = problem || feedback?.text;
    const lines = keyFormLayout({
      ...box,
      heading: `API key for ${origin}`,
      warnings: props.warnings ?? [],
      note: { text: noteText, ...(props.shortNote === undefined ? {} : { short: props.shortNote }) },
      ...(props.where === undefined ? {} : { where: props.where }),
      ...(shown ? { feedback: shown } : {}),
    });
    const block = (texts: readonly string[], color: Parameters<typeof colorProps>[0], bold = false) =>
      texts.map((line, i) => (
        <Text key={i} bold={bold} wrap="truncate-end" {...colorProps(color)}>
          {line}
        </Text>
      ));
    return (
      <Box flexDirection="column">
        {lines.warnings.map((w, i) => (
          <Box key={i} flexDirection="column">
            {block(w, theme.status.warning)}
          </Box>
        ))}
        {lines.heading.map((line) => (
          <Text key="heading" bold wrap="truncate-end">
            {line}
          </Text>
        ))}
        {block(lines.note, theme.text.secondary)}
        {field}
        {block(lines.feedback, feedbackColor)}
      </Box>
    );
  }
  return (
    <Box flexDirection="column">
      <Text bold>API key for {origin}</Text>
      <Text {...colorProps(theme.text.secondary)}>{noteText}</Text>
      {field}
      {problem || feedback ? <Text {...colorProps(feedbackColor)}>{problem || feedback?.text}</Text> : null}
    </Box>
  );
}
