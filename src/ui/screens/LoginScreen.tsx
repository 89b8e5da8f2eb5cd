import { Box } from 'ink';
import { KeyStoreChoice, MaskedApiKeyField, type KeyStorage } from '../login/index.js';

export interface LoginScreenProps {
  readonly origin: string;
  readonly height: number;
  readonly onSubmit: (key: string) => void;
  readonly onCancel: () => void;
  readonly onQuit: () => void;
  /** Where a key that worked is saved; absent (the demo), it is kept for the session. */
  readonly keyStorage?: KeyStorage;
}

const NOTE = 'Sent as x-api-key and checked with one request; kept for this session. Enter to use it, Esc to cancel.';

/** The `L` form: the shared masked key field. The key is never drawn, only one • per character. */
export function LoginScreen({ origin, height, onSubmit, onCancel, onQuit, keyStorage }: LoginScreenProps) {
  return (
    <Box flexDirection="column" height={height} paddingX={1}>
      {keyStorage ? <KeyStoreChoice storage={keyStorage} /> : null}
      <MaskedApiKeyField origin={origin} note={NOTE} context="keyEntry" onSubmit={onSubmit} onCancel={onCancel} onQuit={onQuit} />
    </Box>
  );
}
