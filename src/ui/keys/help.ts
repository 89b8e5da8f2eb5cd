/** Help overlay rows and the footer hint line, generated from the binding table. */
import { displayWidth } from '../../text/index.js';
import { BINDINGS, bindingFor, TEXT_CONTEXTS, type Binding, type BindingGroup, type Command, type KeyContext, type KeySpec, type SpecialKey } from './bindings.js';

export interface HelpRow {
  readonly label: string;
  readonly description: string;
}

export interface HelpGroup {
  readonly group: BindingGroup;
  readonly rows: readonly HelpRow[];
}

const GROUP_ORDER: readonly BindingGroup[] = ['Navigation', 'Actions', 'General', 'Prompts'];

/** The contexts of the help overlay: browsing the lists (the prompts say their own keys). */
const BROWSING: readonly KeyContext[] = ['list', 'detail', 'help'];

/**
 * The help content for some contexts (browsing unless given): the bindings that act there, grouped,
 * in table order within each group.
 */
export function helpLines(bindings: readonly Binding[] = BINDINGS, contexts: readonly KeyContext[] = BROWSING): HelpGroup[] {
  const shown = bindings.filter((b) => b.contexts.some((c) => contexts.includes(c)));
  return GROUP_ORDER.map((group) => ({
    group,
    rows: shown
      .filter((b) => b.group === group)
      .map((b) => ({ label: b.label, description: b.description })),
  })).filter((g) => g.rows.length > 0);
}

const HINT_SEPARATOR = '  ';

/**
 * The footer hint: of the `commands` the current screen offers, those marked `hint` in the table,
 * in the given order, as 'Enter open  / filter  ? help'. Stops before the first entry that would
 * not fit, so the result is at most `width` columns and never cut mid-word.
 */
export function hintLine(commands: readonly Command[], width: number, bindings: readonly Binding[] = BINDINGS): string {
  let line = '';
  for (const command of commands) {
    const binding = bindings.find((b) => b.command === command);
    if (!binding?.hint) continue;
    const entry = `${binding.label.split(' / ')[0] ?? ''} ${binding.description}`;
    const next = line === '' ? entry : `${line}${HINT_SEPARATOR}${entry}`;
    if (displayWidth(next) > width) break;
    line = next;
  }
  return line;
}

const SPECIAL_LABELS: Readonly<Record<SpecialKey, string>> = {
  upArrow: '↑', downArrow: '↓', leftArrow: '←', rightArrow: '→', pageUp: 'PgUp', pageDown: 'PgDn',
  home: 'Home', end: 'End', return: 'Enter', escape: 'Esc', backspace: 'Bksp', delete: 'Del', tab: 'Tab',
  deleteForward: 'Delete',
};

const specLabel = (spec: KeySpec): string =>
  'char' in spec ? spec.char : 'ctrl' in spec ? `Ctrl-${spec.ctrl}` : 'alt' in spec ? `Alt-${spec.alt}` : SPECIAL_LABELS[spec.special];

/**
 * The names of the keys that run `command` in `context`, for a prompt's own hint: `keysIn('moveUp',
 * 'filter')` is '↑' (in a text field, letters are text). Empty when the command does not act there.
 */
export function keysIn(command: Command, context: KeyContext): string {
  const binding = bindingFor(command);
  if (!binding.contexts.includes(context)) return '';
  const keys = TEXT_CONTEXTS.has(context) ? binding.keys.filter((spec) => !('char' in spec)) : binding.keys;
  return keys.map(specLabel).join('/');
}
