import { spokenKeys } from '../../text/glyphs.js';
import { PromptLine } from '../components/PromptLine.js';
import { keysIn, type Command } from '../keys/index.js';
import type { ListKind } from '../store/list/list-view.js';

export interface JumpPromptProps {
  readonly width: number;
  /** The list the prompt was opened on: a group id is asked for on the group list, a page id in a group. */
  readonly kind: ListKind;
  readonly text: string;
  /** Every change of the text goes to the store, which applies it as the other prompts' text is. */
  readonly onChange: (value: string) => void;
  readonly onSubmit: () => void;
  /** Earlier jumps, oldest first (↑/↓). */
  readonly history: readonly string[];
}

const key = (command: Command): string => keysIn(command, 'jump');
/** Made when drawn: a screen reader hears the arrows as words. */
const hint = (): string => spokenKeys(`  ${key('submit')} go · ${key('cancel')} cancel · ${key('olderEntry')} history`);

/** The `:` prompt above the status bar: the id to go to. */
export function JumpPrompt({ width, kind, text, onChange, onSubmit, history }: JumpPromptProps) {
  return (
    <PromptLine
      width={width}
      sigil=":"
      context="jump"
      value={text}
      onChange={onChange}
      onSubmit={onSubmit}
      history={history}
      placeholder={kind === 'groups' ? 'page group id' : 'page id'}
      hint={hint()}
      minHint={`  ${key('submit')} go`}
    />
  );
}
