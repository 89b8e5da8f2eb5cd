import { spokenKeys } from '../../text/glyphs.js';
import { PromptLine } from '../components/PromptLine.js';
import { keysIn, type Command } from '../keys/index.js';

export interface ViewNamePromptProps {
  readonly width: number;
  readonly text: string;
  readonly onChange: (value: string) => void;
  readonly onSubmit: () => void;
}

const key = (command: Command): string => keysIn(command, 'viewName');
/** Made when drawn: a screen reader hears the arrows as words. */
const hint = (): string => spokenKeys(`  ${key('submit')} save · ${key('cancel')} cancel`);

/** `V`: the name to save the list's query, sort and status under. */
export function ViewNamePrompt({ width, text, onChange, onSubmit }: ViewNamePromptProps) {
  return (
    <PromptLine
      width={width}
      sigil="view name:"
      context="viewName"
      value={text}
      onChange={onChange}
      onSubmit={onSubmit}
      history={[]}
      placeholder="e.g. drafts"
      hint={hint()}
      minHint={`  ${key('submit')} save`}
    />
  );
}
