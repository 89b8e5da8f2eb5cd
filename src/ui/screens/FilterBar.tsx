import { Box, Text } from 'ink';
import { displayWidth } from '../../text/index.js';
import { TextField } from '../components/TextField.js';
import { keysIn, type Command } from '../keys/index.js';
import { colorProps, useTheme } from '../theme/index.js';

export interface FilterBarProps {
  readonly width: number;
  readonly query: string;
  readonly onChange: (value: string) => void;
  readonly onSubmit: () => void;
  /** Earlier filters, oldest first (Ctrl-P / Ctrl-N; ↑/↓ keep moving the list). */
  readonly history: readonly string[];
}

const key = (command: Command): string => keysIn(command, 'filter');
const HINT = `  ${key('submit')} keep · ${key('cancel')} clear · ${key('loadAll')} load all · ${key('moveUp')}${key('moveDown')} move · ${key('olderFilter')} history`;
const PLACEHOLDER = 'type to filter the loaded rows';

/**
 * The filter field above the status bar: `/ query` with the keys it takes. Letters typed here go
 * to the field; the store filters the loaded rows on every change.
 */
export function FilterBar({ width, query, onChange, onSubmit, history }: FilterBarProps) {
  const theme = useTheme();
  const shown = displayWidth(query || PLACEHOLDER) + 1;
  const showHint = width - 2 - shown > HINT.length;
  return (
    <Box height={1} width={width} overflow="hidden">
      <Text {...colorProps(theme.text.accent)}>/ </Text>
      <TextField
        context="filter"
        value={query}
        onChange={onChange}
        onSubmit={onSubmit}
        history={history}
        placeholder={PLACEHOLDER}
        width={showHint ? undefined : width - 2}
      />
      {showHint ? <Text {...colorProps(theme.text.secondary)}>{HINT}</Text> : null}
    </Box>
  );
}
