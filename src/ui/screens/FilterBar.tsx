import { spokenKeys } from '../../text/glyphs.js';
import { PromptLine } from '../components/PromptLine.js';
import { keysIn, type Command } from '../keys/index.js';

export interface FilterBarProps {
  readonly width: number;
  readonly query: string;
  readonly onChange: (value: string) => void;
  readonly onSubmit: () => void;
  /** Earlier filters, oldest first (Ctrl-P / Ctrl-N; ↑/↓ keep moving the list). */
  readonly history: readonly string[];
  /** What is wrong with the query as typed ('col 7: …'), shown instead of the keys while it is. */
  readonly problem?: string;
  /** More of the list exists to load (Tab); false once the whole list is loaded. */
  readonly more?: boolean;
}

const key = (command: Command): string => keysIn(command, 'filter');
/** Made when drawn: a screen reader hears the arrows as words. Tab only while more of the list exists. */
const hint = (more: boolean): string =>
  spokenKeys(`  ${key('submit')} keep · ${key('cancel')} clear · ${more ? `${key('loadAll')} load all · ` : ''}${key('moveUp')}${key('moveDown')} move · ${key('olderFilter')} history`);

/**
 * The filter field above the status bar: `/ query` with the keys it takes, or what is wrong with
 * the query (docs/queries.md) while the rows stay those of the last query that was right. Letters
 * typed here go to the field; the store filters the loaded rows on every change.
 */
export function FilterBar({ width, query, onChange, onSubmit, history, problem, more = true }: FilterBarProps) {
  const column = problem === undefined ? undefined : /^col \d+/.exec(problem)?.[0];
  return (
    <PromptLine
      width={width}
      sigil="/"
      context="filter"
      value={query}
      onChange={onChange}
      onSubmit={onSubmit}
      history={history}
      placeholder="type to filter the loaded rows (words, field:value, -word, a | b)"
      hint={problem === undefined ? hint(more) : `  ${problem}`}
      minHint={problem === undefined ? `  ${key('submit')} keep` : `  ${column ?? problem}`}
      hintIsProblem={problem !== undefined}
    />
  );
}
