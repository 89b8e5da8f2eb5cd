import { PromptLine } from '../components/PromptLine.js';
import { keysIn, type Command } from '../keys/index.js';

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

/**
 * The filter field above the status bar: `/ query` with the keys it takes. Letters typed here go
 * to the field; the store filters the loaded rows on every change.
 */
export function FilterBar({ width, query, onChange, onSubmit, history }: FilterBarProps) {
  return (
    <PromptLine
      width={width}
      sigil="/"
      context="filter"
      value={query}
      onChange={onChange}
      onSubmit={onSubmit}
      history={history}
      placeholder="type to filter the loaded rows"
      hint={HINT}
      minHint={`  ${key('submit')} keep`}
    />
  );
}
