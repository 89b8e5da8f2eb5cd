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
const MIN_HINT = displayWidth(`  ${key('submit')} keep`);

/**
 * The filter field above the status bar: `/ query` with the keys it takes. Letters typed here go
 * to the field; the store filters the loaded rows on every change.
 */
export function FilterBar({ width, query, onChange, onSubmit, history }: FilterBarProps) {
  const theme = useTheme();
  // The hint (cut at the edge) while the query leaves room for its first words; else the query scrolls.
  const showHint = width - 2 - displayWidth(query || PLACEHOLDER) - 1 >= MIN_HINT;
  return (
    <Box height={1} width={width} overflow="hidden">
      <Box flexShrink={0}>
        <Text {...colorProps(theme.text.accent)}>/ </Text>
      </Box>
      <Box flexShrink={0}>
        <TextField
          context="filter"
          value={query}
          onChange={onChange}
          onSubmit={onSubmit}
          history={history}
          placeholder={PLACEHOLDER}
          width={showHint ? undefined : width - 2}
        />
      </Box>
      {showHint ? <Text wrap="truncate" {...colorProps(theme.text.secondary)}>{HINT}</Text> : null}
    </Box>
  );
}
