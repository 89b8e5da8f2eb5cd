import { Box, Text } from 'ink';
import TextInput from 'ink-text-input';
import { keysIn, type Command } from '../keys/index.js';
import { colorProps, useTheme } from '../theme/index.js';

export interface FilterBarProps {
  readonly width: number;
  readonly query: string;
  readonly onChange: (value: string) => void;
}

const key = (command: Command): string => keysIn(command, 'filter');
const HINT = `  ${key('submit')} keep · ${key('cancel')} clear · ${key('loadAll')} load all · ${key('moveUp')}${key('moveDown')} move`;
const PLACEHOLDER = 'type to filter the loaded rows';

/**
 * The filter field above the status bar: `/ query` with the keys it takes. Letters typed here go
 * to the field (ink-text-input); the store filters the loaded rows on every change.
 */
export function FilterBar({ width, query, onChange }: FilterBarProps) {
  const theme = useTheme();
  const room = width - 2 - (query || PLACEHOLDER).length - 1;
  return (
    <Box height={1} width={width} overflow="hidden">
      <Text {...colorProps(theme.text.accent)}>/ </Text>
      <TextInput value={query} onChange={onChange} placeholder={PLACEHOLDER} />
      {room > HINT.length ? <Text {...colorProps(theme.text.secondary)}>{HINT}</Text> : null}
    </Box>
  );
}
