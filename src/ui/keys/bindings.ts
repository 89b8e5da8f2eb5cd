/**
 * Every key the app handles, as data: the key matcher, the help overlay and the hint bar are all
 * generated from `BINDINGS`, so a key is changed in exactly one place. Each binding says in which
 * contexts (screens and prompts) it acts; within one context a key has at most one command.
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
  | 'statusOther'
  | 'statusAll'
  | 'sort'
  | 'copyId'
  | 'copyJson'
  | 'export'
  | 'loadAll'
  // In the prompts (filter bar, export path, API key fields, yes/no questions).
  | 'submit'
  | 'cancel'
  | 'interrupt'
  | 'cancelLogin'
  | 'confirmYes'
  | 'confirmNo';

/**
 * Where keys are read. Browsing: `list`, `detail`, `help`. Prompts inside the app: `filter`,
 * `export` (the path field), `overwrite` (its "overwrite? y/N"), `keyEntry` (the `L` key form).
 * Prompts of `pagetui login`: `loginKey` (the masked field) and `confirm` (a yes/no question).
 */
export type KeyContext =
  | 'list'
  | 'detail'
  | 'help'
  | 'filter'
  | 'export'
  | 'overwrite'
  | 'keyEntry'
  | 'loginKey'
  | 'confirm';

/** Contexts with a text field: typed characters belong to the field and are never commands. */
export const TEXT_CONTEXTS: ReadonlySet<KeyContext> = new Set(['filter', 'export', 'keyEntry', 'loginKey']);

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

export type BindingGroup = 'Navigation' | 'Actions' | 'General' | 'Prompts';

/** A command with its keys and the words shown for it in help and hints. */
export interface Binding {
  readonly command: Command;
  readonly keys: readonly KeySpec[];
  /** The keys as shown in help, e.g. 'j / ↓'. The first part (before ' / ') is used in hints. */
  readonly label: string;
  /** Plain words, e.g. 'move down', 'copy id'. */
  readonly description: string;
  readonly group: BindingGroup;
  /** Where the command acts. */
  readonly contexts: readonly KeyContext[];
  /** Shown in the one-line hint bar when the screen offers the command. */
  readonly hint?: boolean;
}

const char = (c: string): KeySpec => ({ char: c });
const ctrl = (c: string): KeySpec => ({ ctrl: c });
const special = (k: SpecialKey): KeySpec => ({ special: k });

const BROWSE: readonly KeyContext[] = ['list', 'detail'];
const EVERYWHERE_IN_APP: readonly KeyContext[] = ['list', 'detail', 'help', 'filter', 'export', 'overwrite'];

/** The default key map. Order is the order of the help overlay. */
export const BINDINGS: readonly Binding[] = [
  { command: 'moveDown', keys: [char('j'), special('downArrow')], label: 'j / ↓', description: 'move down', group: 'Navigation', contexts: [...BROWSE, 'filter'] },
  { command: 'moveUp', keys: [char('k'), special('upArrow')], label: 'k / ↑', description: 'move up', group: 'Navigation', contexts: [...BROWSE, 'filter'] },
  { command: 'pageDown', keys: [special('pageDown')], label: 'PgDn', description: 'page down', group: 'Navigation', contexts: [...BROWSE, 'filter'] },
  { command: 'pageUp', keys: [special('pageUp')], label: 'PgUp', description: 'page up', group: 'Navigation', contexts: [...BROWSE, 'filter'] },
  { command: 'halfPageDown', keys: [ctrl('d')], label: 'Ctrl-d', description: 'half page down', group: 'Navigation', contexts: BROWSE },
  { command: 'halfPageUp', keys: [ctrl('u')], label: 'Ctrl-u', description: 'half page up', group: 'Navigation', contexts: BROWSE },
  { command: 'top', keys: [char('g'), special('home')], label: 'g / Home', description: 'go to top', group: 'Navigation', contexts: BROWSE },
  { command: 'bottom', keys: [char('G'), special('end')], label: 'G / End', description: 'go to bottom', group: 'Navigation', contexts: ['list'] },
  { command: 'open', keys: [special('return')], label: 'Enter', description: 'open', group: 'Navigation', contexts: BROWSE, hint: true },
  // Most terminals send DEL (0x7f) for Backspace, which ink reports as `delete`.
  { command: 'back', keys: [special('escape'), special('backspace'), special('delete'), char('h')], label: 'Esc / Bksp / h', description: 'back', group: 'Navigation', contexts: [...BROWSE, 'help'], hint: true },
  { command: 'details', keys: [char('d')], label: 'd', description: 'details', group: 'Actions', contexts: BROWSE, hint: true },
  { command: 'filter', keys: [char('/')], label: '/', description: 'filter', group: 'Actions', contexts: ['list'], hint: true },
  { command: 'statusDraft', keys: [char('1')], label: '1', description: 'show draft', group: 'Actions', contexts: ['list'] },
  { command: 'statusPublished', keys: [char('2')], label: '2', description: 'show published', group: 'Actions', contexts: ['list'] },
  { command: 'statusArchived', keys: [char('3')], label: '3', description: 'show archived', group: 'Actions', contexts: ['list'] },
  { command: 'statusOther', keys: [char('4')], label: '4', description: 'show other statuses', group: 'Actions', contexts: ['list'] },
  { command: 'statusAll', keys: [char('0')], label: '0', description: 'show all statuses', group: 'Actions', contexts: ['list'] },
  { command: 'sort', keys: [char('s')], label: 's', description: 'sort', group: 'Actions', contexts: ['list'], hint: true },
  { command: 'copyId', keys: [char('y')], label: 'y', description: 'copy id', group: 'Actions', contexts: BROWSE },
  { command: 'copyJson', keys: [char('Y')], label: 'Y', description: 'copy as JSON', group: 'Actions', contexts: BROWSE },
  { command: 'export', keys: [char('e')], label: 'e', description: 'export', group: 'Actions', contexts: ['list'] },
  { command: 'refresh', keys: [char('r')], label: 'r', description: 'refresh / retry', group: 'Actions', contexts: ['list'], hint: true },
  { command: 'loadAll', keys: [special('tab')], label: 'Tab', description: 'load the rest (filtered)', group: 'Actions', contexts: [...BROWSE, 'help', 'filter', 'export'] },
  { command: 'login', keys: [char('L')], label: 'L', description: 'log in (new key)', group: 'General', contexts: ['list'] },
  { command: 'help', keys: [char('?')], label: '?', description: 'help', group: 'General', contexts: [...BROWSE, 'help'], hint: true },
  { command: 'suspend', keys: [ctrl('z')], label: 'Ctrl-z', description: 'suspend', group: 'General', contexts: EVERYWHERE_IN_APP },
  { command: 'quit', keys: [char('q'), ctrl('c')], label: 'q / Ctrl-c', description: 'quit', group: 'General', contexts: [...BROWSE, 'help'], hint: true },
  { command: 'submit', keys: [special('return')], label: 'Enter', description: 'keep the filter / write / use the key', group: 'Prompts', contexts: ['filter', 'export', 'keyEntry', 'loginKey'] },
  // Alt+character arrives as Esc then the character; in a text field only the Esc counts.
  { command: 'cancel', keys: [special('escape')], label: 'Esc', description: 'clear the filter / cancel', group: 'Prompts', contexts: ['filter', 'export', 'keyEntry'] },
  { command: 'interrupt', keys: [ctrl('c')], label: 'Ctrl-c', description: 'quit', group: 'Prompts', contexts: ['filter', 'export', 'overwrite', 'keyEntry'] },
  { command: 'cancelLogin', keys: [special('escape'), ctrl('c')], label: 'Esc / Ctrl-c', description: 'cancel', group: 'Prompts', contexts: ['loginKey'] },
  { command: 'confirmYes', keys: [char('y'), char('Y')], label: 'y', description: 'yes', group: 'Prompts', contexts: ['overwrite', 'confirm'] },
  // In `overwrite`, any key other than y/Y answers no (see route-keys); these are the keys that do so in `confirm`.
  { command: 'confirmNo', keys: [char('n'), char('N'), special('return'), special('escape'), ctrl('c')], label: 'n / Enter / Esc', description: 'no (the default)', group: 'Prompts', contexts: ['confirm'] },
];

/** The binding of a command (every command has exactly one). */
export function bindingFor(command: Command): Binding {
  const binding = BINDINGS.find((b) => b.command === command);
  if (!binding) throw new Error(`No binding for command ${command}`);
  return binding;
}

/** The short key name for messages and hints, e.g. 'r' for refresh, 'Enter' for open. */
export function shortLabel(command: Command): string {
  return bindingFor(command).label.split(' / ')[0] ?? '';
}
