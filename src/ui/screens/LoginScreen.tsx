import { Box } from 'ink';
import { MaskedApiKeyField } from '../login/index.js';

export interface LoginScreenProps {
  readonly origin: string;
  readonly height: number;
  readonly onSubmit: (key: string) => void;
  readonly onCancel: () => void;
  readonly onQuit: () => void;
}

const NOTE = 'Sent as x-api-key and checked with one request; kept for this session. Enter to use it, Esc to cancel.';

/** The `L` form: the shared masked key field. The key is never drawn, only one • per character. */
export function LoginScreen({ origin, height, onSubmit, onCancel, onQuit }: LoginScreenProps) {
  return (
    <Box flexDirection="column" height={height} paddingX={1}>
      <MaskedApiKeyField origin={origin} note={NOTE} context="keyEntry" onSubmit={onSubmit} onCancel={onCancel} onQuit={onQuit} />
    </Box>
  );
}
