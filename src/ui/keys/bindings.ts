/**
 * Every key binding of the app, as data: the key matcher, the help overlay and the hint bar are
 * all generated from `BINDINGS`, so a key is changed in exactly one place.
 */

/** Everything a key can ask the app to do. */
export type Command =
  | 'moveDown'
  | 'moveUp'
  | 'pageDown'
  | 'pageUp'
  | 'halfPageDown'
  | 'halfPageUp'
  | 'top'
  | 'bottom'
  | 'open'
  | 'details'
  | 'back'
  | 'refresh'
  | 'help'
  | 'quit'
  | 'suspend'
  | 'login'
  | 'filter'
  | 'statusDraft'
  | 'statusPublished'
  | 'statusArchived'
  | 'statusAll'
  | 'sort'
  | 'copyId'
  | 'copyJson'
  | 'export';

/** Special keys as ink's `useInput` reports them (the names of its `Key` flags). */
export type SpecialKey =
  | 'upArrow'
  | 'downArrow'
  | 'leftArrow'
  | 'rightArrow'
  | 'pageUp'
  | 'pageDown'
  | 'home'
  | 'end'
  | 'return'
  | 'escape'
  | 'backspace'
  | 'delete'
  | 'tab';

/**
 * One physical key: a printable character (`{ char: 'G' }`, case-sensitive), a control
 * combination (`{ ctrl: 'd' }` for Ctrl-D), or a special key (`{ special: 'downArrow' }`).
 */
export type KeySpec =
  | { readonly char: string }
  | { readonly ctrl: string }
  | { readonly special: SpecialKey };

export type BindingGroup = 'Navigation' | 'Actions' | 'General';

/** A command with its keys and the words shown for it in help and hints. */
export interface Binding {
  readonly command: Command;
  readonly keys: readonly KeySpec[];
  /** The keys as shown in help, e.g. 'j / ↓'. The first part (before ' / ') is used in hints. */
  readonly label: string;
  /** Plain words, e.g. 'move down', 'copy id'. */
  readonly description: string;
  readonly group: BindingGroup;
  /** Shown in the one-line hint bar when the screen offers the command. */
  readonly hint?: boolean;
}

const char = (c: string): KeySpec => ({ char: c });
const ctrl = (c: string): KeySpec => ({ ctrl: c });
const special = (k: SpecialKey): KeySpec => ({ special: k });

/** The default key map. Order is the order of the help overlay. */
export const BINDINGS: readonly Binding[] = [
  { command: 'moveDown', keys: [char('j'), special('downArrow')], label: 'j / ↓', description: 'move down', group: 'Navigation' },
  { command: 'moveUp', keys: [char('k'), special('upArrow')], label: 'k / ↑', description: 'move up', group: 'Navigation' },
  { command: 'pageDown', keys: [special('pageDown')], label: 'PgDn', description: 'page down', group: 'Navigation' },
  { command: 'pageUp', keys: [special('pageUp')], label: 'PgUp', description: 'page up', group: 'Navigation' },
  { command: 'halfPageDown', keys: [ctrl('d')], label: 'Ctrl-d', description: 'half page down', group: 'Navigation' },
  { command: 'halfPageUp', keys: [ctrl('u')], label: 'Ctrl-u', description: 'half page up', group: 'Navigation' },
  { command: 'top', keys: [char('g'), special('home')], label: 'g / Home', description: 'go to top', group: 'Navigation' },
  { command: 'bottom', keys: [char('G'), special('end')], label: 'G / End', description: 'go to bottom', group: 'Navigation' },
  { command: 'open', keys: [special('return')], label: 'Enter', description: 'open', group: 'Navigation', hint: true },
  // Most terminals send DEL (0x7f) for Backspace, which ink reports as `delete`.
  { command: 'back', keys: [special('escape'), special('backspace'), special('delete'), char('h')], label: 'Esc / Bksp / h', description: 'back', group: 'Navigation', hint: true },
  { command: 'details', keys: [char('d')], label: 'd', description: 'details', group: 'Actions', hint: true },
  { command: 'filter', keys: [char('/')], label: '/', description: 'filter', group: 'Actions', hint: true },
  { command: 'statusDraft', keys: [char('1')], label: '1', description: 'show draft', group: 'Actions' },
  { command: 'statusPublished', keys: [char('2')], label: '2', description: 'show published', group: 'Actions' },
  { command: 'statusArchived', keys: [char('3')], label: '3', description: 'show archived', group: 'Actions' },
  { command: 'statusAll', keys: [char('0')], label: '0', description: 'show all statuses', group: 'Actions' },
  { command: 'sort', keys: [char('s')], label: 's', description: 'sort', group: 'Actions', hint: true },
  { command: 'copyId', keys: [char('y')], label: 'y', description: 'copy id', group: 'Actions' },
  { command: 'copyJson', keys: [char('Y')], label: 'Y', description: 'copy as JSON', group: 'Actions' },
  { command: 'export', keys: [char('e')], label: 'e', description: 'export', group: 'Actions' },
  { command: 'refresh', keys: [char('r')], label: 'r', description: 'refresh / retry', group: 'Actions', hint: true },
  { command: 'login', keys: [char('L')], label: 'L', description: 'log in (new key)', group: 'General' },
  { command: 'help', keys: [char('?')], label: '?', description: 'help', group: 'General', hint: true },
  { command: 'suspend', keys: [ctrl('z')], label: 'Ctrl-z', description: 'suspend', group: 'General' },
  { command: 'quit', keys: [char('q'), ctrl('c')], label: 'q / Ctrl-c', description: 'quit', group: 'General', hint: true },
];

/** The binding of a command (every command has exactly one). */
function bindingFor(command: Command): Binding {
  const binding = BINDINGS.find((b) => b.command === command);
  if (!binding) throw new Error(`No binding for command ${command}`);
  return binding;
}

/** The short key name for messages and hints, e.g. 'r' for refresh, 'Enter' for open. */
export function shortLabel(command: Command): string {
  return bindingFor(command).label.split(' / ')[0] ?? '';
}
