/**
 * Every key the app handles, as data: the key matcher, the help overlay and the hint bar are all
 * generated from `BINDINGS`, so a key is changed in exactly one place. Each binding says in which
 * contexts (screens and prompts) it acts; within one context a key has at most one command. A command
 * may have more than one binding, in different contexts, where its keys differ there (pageDown has
 * no Ctrl-f in the filter bar); the config's `"keys"` names it once and gives all of them its keys.
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
  | 'reloadFromStart'
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
  | 'reverseSort'
  | 'nextMatch'
  | 'prevMatch'
  | 'jump'
  // Saved views (docs/views.md).
  | 'saveView'
  | 'pickView'
  // The HTTP inspector.
  | 'inspector'
  | 'copyCurl'
  | 'copyListCurl'
  | 'exportHar'
  | 'watch'
  // The last error in full (`E`).
  | 'showError'
  | 'closeError'
  | 'copyError'
  // In the prompts (filter bar, export path, API key fields, yes/no questions).
  | 'submit'
  | 'cancel'
  | 'interrupt'
  | 'cancelLogin'
  | 'switchKeyStore'
  | 'confirmYes'
  | 'confirmNo'
  // In the details and help.
  | 'nextItem'
  | 'prevItem'
  | 'copyField'
  | 'closeHelp'
  // Line editing inside a text field (the field applies them; see FIELD_COMMANDS).
  | 'lineStart'
  | 'lineEnd'
  | 'charBack'
  | 'charForward'
  | 'wordBack'
  | 'wordForward'
  | 'deleteBack'
  | 'deleteForward'
  | 'deleteToStart'
  | 'deleteToEnd'
  | 'deleteWordBack'
  | 'olderEntry'
  | 'newerEntry'
  | 'olderFilter'
  | 'newerFilter'
  // A command of the user's own (`"commands"` in the config), by its place in that list.
  | `custom:${number}`;

/**
 * Where keys are read. Browsing: `list`, `detail`, `help`. Prompts inside the app: `filter`,
 * `export` (the path field), `overwrite` (its "overwrite? y/N"), `keyEntry` (the `L` key form),
 * `jump` (the `:` id prompt). The HTTP inspector: `inspector` (its list of requests) and `exchange`
 * (one request and its response). `errorView`: the last error in full (`E`).
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
  | 'confirm'
  | 'jump'
  | 'inspector'
  | 'exchange'
  | 'errorView'
  /** `V`: the name of the view to save; `v`: the picker of saved views. */
  | 'viewName'
  | 'viewPicker';

/** Contexts with a text field: typed characters belong to the field and are never commands. */
export const TEXT_CONTEXTS: ReadonlySet<KeyContext> = new Set(['filter', 'export', 'keyEntry', 'loginKey', 'jump', 'viewName']);

/** Special keys as the input decoder names them (the names of ink's `Key` flags, as the app always used). */
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
  | 'tab'
  /** The Delete key (ESC [ 3 ~) as a text field reads it; elsewhere it counts as `delete`, like DEL. */
  | 'deleteForward'
  | 'f1' | 'f2' | 'f3' | 'f4' | 'f5' | 'f6' | 'f7' | 'f8' | 'f9' | 'f10' | 'f11' | 'f12';

/**
 * One physical key: a printable character (`{ char: 'G' }`, case-sensitive), a control
 * combination (`{ ctrl: 'd' }` for Ctrl-D), or a special key (`{ special: 'downArrow' }`).
 */
export type KeySpec =
  | { readonly char: string }
  | { readonly ctrl: string }
  | { readonly special: SpecialKey }
  /** Alt+letter, which terminals send as Esc then the letter. Read only inside text fields. */
  | { readonly alt: string };

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
  /** What the command does in a context where it means something more precise than `description`. */
  readonly describedIn?: Partial<Record<KeyContext, string>>;
  /** Only in a footer while the screen offers it (a way out of an error), not always. */
  readonly whenOffered?: true;
  /** A command of the user's own: the one screen it acts on (`list` holds both groups and pages). */
  readonly screen?: 'groups' | 'pages' | 'detail';
}

const char = (c: string): KeySpec => ({ char: c });
const ctrl = (c: string): KeySpec => ({ ctrl: c });
const special = (k: SpecialKey): KeySpec => ({ special: k });
const alt = (c: string): KeySpec => ({ alt: c });

const BROWSE: readonly KeyContext[] = ['list', 'detail'];
/** Prompts with a history and no list to move: ↑/↓ walk the history. */
const HISTORY_ARROWS: readonly KeyContext[] = ['export', 'jump'];
const EVERYWHERE_IN_APP: readonly KeyContext[] = ['list', 'detail', 'help', 'filter', 'export', 'overwrite', 'jump', 'inspector', 'exchange', 'errorView', 'viewName', 'viewPicker'];
/** The inspector's two screens, where moves select a request or scroll one. */
const INSPECTOR: readonly KeyContext[] = ['inspector', 'exchange'];
/** Where the list, the details, help, the inspector and the last error page by a screenful. */
const PAGING: readonly KeyContext[] = [...BROWSE, 'help', ...INSPECTOR, 'errorView'];

/** The default key map. Order is the order of the help overlay. */
export const BINDINGS: readonly Binding[] = [
  { command: 'moveDown', keys: [char('j'), special('downArrow')], label: 'j / ↓', description: 'move down', group: 'Navigation', contexts: [...BROWSE, 'help', 'filter', ...INSPECTOR, 'errorView', 'viewPicker'], describedIn: { detail: 'next field', help: 'scroll down', exchange: 'scroll down', errorView: 'scroll down' } },
  { command: 'moveUp', keys: [char('k'), special('upArrow')], label: 'k / ↑', description: 'move up', group: 'Navigation', contexts: [...BROWSE, 'help', 'filter', ...INSPECTOR, 'errorView', 'viewPicker'], describedIn: { detail: 'previous field', help: 'scroll up', exchange: 'scroll up', errorView: 'scroll up' } },
  // Ctrl-f / Ctrl-b page as in less, vim and k9s, but not from the filter bar: in a text field they move the cursor.
  { command: 'pageDown', keys: [special('pageDown'), ctrl('f')], label: 'PgDn / Ctrl-f', description: 'page down', group: 'Navigation', contexts: PAGING },
  { command: 'pageDown', keys: [special('pageDown')], label: 'PgDn', description: 'page down', group: 'Navigation', contexts: ['filter'] },
  { command: 'pageUp', keys: [special('pageUp'), ctrl('b')], label: 'PgUp / Ctrl-b', description: 'page up', group: 'Navigation', contexts: PAGING },
  { command: 'pageUp', keys: [special('pageUp')], label: 'PgUp', description: 'page up', group: 'Navigation', contexts: ['filter'] },
  { command: 'halfPageDown', keys: [ctrl('d')], label: 'Ctrl-d', description: 'half page down', group: 'Navigation', contexts: [...BROWSE, 'help'] },
  { command: 'halfPageUp', keys: [ctrl('u')], label: 'Ctrl-u', description: 'half page up', group: 'Navigation', contexts: [...BROWSE, 'help'] },
  { command: 'top', keys: [char('g'), special('home')], label: 'g / Home', description: 'go to top', group: 'Navigation', contexts: [...BROWSE, 'help', ...INSPECTOR, 'errorView'], describedIn: { detail: 'first field' } },
  { command: 'bottom', keys: [char('G'), special('end')], label: 'G / End', description: 'go to bottom', group: 'Navigation', contexts: [...BROWSE, 'help', ...INSPECTOR, 'errorView'], describedIn: { list: 'go to the bottom (loads the rest)', detail: 'last field' } },
  { command: 'open', keys: [special('return')], label: 'Enter', description: 'open', group: 'Navigation', contexts: [...BROWSE, 'inspector'], hint: true, describedIn: { detail: 'open the group', inspector: 'show it' } },
  // Most terminals send DEL (0x7f) for Backspace, which the decoder names `delete`.
  { command: 'back', keys: [special('escape'), special('backspace'), special('delete'), char('h')], label: 'Esc / Bksp / h', description: 'back', group: 'Navigation', contexts: [...BROWSE, 'help', ...INSPECTOR, 'errorView'], hint: true, describedIn: { help: 'close help', inspector: 'close', errorView: 'close' } },
  { command: 'details', keys: [char('d')], label: 'd', description: 'details', group: 'Actions', contexts: BROWSE, hint: true, describedIn: { detail: 'close details' } },
  { command: 'nextItem', keys: [char(']'), char('n')], label: '] / n', description: 'next item', group: 'Navigation', contexts: ['detail'], hint: true },
  { command: 'prevItem', keys: [char('['), char('p')], label: '[ / p', description: 'previous item', group: 'Navigation', contexts: ['detail'], hint: true },
  { command: 'filter', keys: [char('/')], label: '/', description: 'filter', group: 'Actions', contexts: ['list'], hint: true },
  { command: 'statusDraft', keys: [char('1')], label: '1', description: 'show draft', group: 'Actions', contexts: ['list'] },
  { command: 'statusPublished', keys: [char('2')], label: '2', description: 'show published', group: 'Actions', contexts: ['list'] },
  { command: 'statusArchived', keys: [char('3')], label: '3', description: 'show archived', group: 'Actions', contexts: ['list'] },
  { command: 'statusOther', keys: [char('4')], label: '4', description: 'show other statuses', group: 'Actions', contexts: ['list'] },
  { command: 'statusAll', keys: [char('0')], label: '0', description: 'show all statuses', group: 'Actions', contexts: ['list'] },
  { command: 'sort', keys: [char('s')], label: 's', description: 'sort', group: 'Actions', contexts: ['list'], hint: true },
  { command: 'copyId', keys: [char('y')], label: 'y', description: 'copy id', group: 'Actions', contexts: ['list'] },
  { command: 'copyField', keys: [char('y')], label: 'y', description: 'copy value', group: 'Actions', contexts: ['detail'], hint: true },
  { command: 'copyJson', keys: [char('Y')], label: 'Y', description: 'copy as JSON', group: 'Actions', contexts: BROWSE },
  { command: 'export', keys: [char('e')], label: 'e', description: 'export', group: 'Actions', contexts: ['list'] },
  { command: 'refresh', keys: [char('r')], label: 'r', description: 'refresh / retry', group: 'Actions', contexts: ['list'], hint: true },
  { command: 'reloadFromStart', keys: [char('R')], label: 'R', description: 'reload from the first page', group: 'Actions', contexts: ['list'], whenOffered: true },
  { command: 'watch', keys: [char('w')], label: 'w', description: 'watch (live list)', group: 'Actions', contexts: ['list'] },
  { command: 'loadAll', keys: [special('tab')], label: 'Tab', description: 'load the rest (filtered)', group: 'Actions', contexts: [...BROWSE, 'help', 'filter', 'export'] },
  { command: 'login', keys: [char('L')], label: 'L', description: 'log in (new key)', group: 'General', contexts: ['list'] },
  { command: 'help', keys: [char('?')], label: '?', description: 'help', group: 'General', contexts: [...BROWSE, 'help'], hint: true, describedIn: { help: 'close help' } },
  { command: 'closeHelp', keys: [special('return'), char('q')], label: 'Enter / q', description: 'close help', group: 'General', contexts: ['help'], hint: true },
  { command: 'suspend', keys: [ctrl('z')], label: 'Ctrl-z', description: 'suspend', group: 'General', contexts: EVERYWHERE_IN_APP },
  { command: 'quit', keys: [char('q'), ctrl('c')], label: 'q / Ctrl-c', description: 'quit', group: 'General', contexts: [...BROWSE, ...INSPECTOR], hint: true },
  { command: 'submit', keys: [special('return')], label: 'Enter', description: 'keep the filter / write / use the key', group: 'Prompts', contexts: ['filter', 'export', 'keyEntry', 'loginKey', 'jump', 'viewName', 'viewPicker'], describedIn: { filter: 'keep the filter', export: 'write the file', keyEntry: 'use the key', loginKey: 'check and save the key', jump: 'jump', viewName: 'save the view', viewPicker: 'apply the view' } },
  // Alt+character arrives as Esc then the character; in a text field only the Esc counts.
  { command: 'cancel', keys: [special('escape')], label: 'Esc', description: 'clear the filter / cancel', group: 'Prompts', contexts: ['filter', 'export', 'keyEntry', 'jump', 'viewName', 'viewPicker'], describedIn: { filter: 'clear the filter', export: 'cancel', keyEntry: 'cancel', jump: 'cancel', viewName: 'cancel', viewPicker: 'close' } },
  { command: 'interrupt', keys: [ctrl('c')], label: 'Ctrl-c', description: 'quit', group: 'General', contexts: ['help', 'filter', 'export', 'overwrite', 'keyEntry', 'jump', 'errorView', 'viewName', 'viewPicker'] },
  { command: 'switchKeyStore', keys: [special('tab')], label: 'Tab', description: 'where the key goes', group: 'Prompts', contexts: ['keyEntry'] },
  { command: 'cancelLogin', keys: [special('escape'), ctrl('c')], label: 'Esc / Ctrl-c', description: 'cancel', group: 'Prompts', contexts: ['loginKey'] },
  { command: 'confirmYes', keys: [char('y'), char('Y')], label: 'y', description: 'yes', group: 'Prompts', contexts: ['overwrite', 'confirm'] },
  // In `overwrite`, any key other than y/Y answers no (see route-keys); these are the keys that do so in `confirm`.
  { command: 'confirmNo', keys: [char('n'), char('N'), special('return'), special('escape'), ctrl('c')], label: 'n / Enter / Esc', description: 'no (the default)', group: 'Prompts', contexts: ['confirm'] },
  { command: 'reverseSort', keys: [char('S')], label: 'S', description: 'reverse sort', group: 'Actions', contexts: ['list'] },
  { command: 'nextMatch', keys: [char('n')], label: 'n', description: 'next match', group: 'Navigation', contexts: ['list'] },
  { command: 'prevMatch', keys: [char('N')], label: 'N', description: 'previous match', group: 'Navigation', contexts: ['list'] },
  { command: 'jump', keys: [char(':')], label: ':', description: 'jump to id', group: 'Navigation', contexts: ['list'] },
  { command: 'saveView', keys: [char('V')], label: 'V', description: 'save the query, sort and status as a view', group: 'Actions', contexts: ['list'] },
  { command: 'pickView', keys: [char('v')], label: 'v', description: 'saved views', group: 'Actions', contexts: ['list'] },
  { command: 'inspector', keys: [char('i')], label: 'i', description: 'HTTP inspector', group: 'General', contexts: ['list', 'inspector'], describedIn: { inspector: 'close' } },
  { command: 'copyListCurl', keys: [char('C')], label: 'C', description: 'copy its request as curl', group: 'Actions', contexts: ['list'] },
  { command: 'copyCurl', keys: [char('c')], label: 'c', description: 'copy as curl', group: 'Actions', contexts: INSPECTOR, hint: true },
  { command: 'exportHar', keys: [char('e')], label: 'e', description: 'write HAR file', group: 'Actions', contexts: INSPECTOR, hint: true },
  { command: 'showError', keys: [char('E')], label: 'E', description: 'the last error in full', group: 'General', contexts: ['list', 'errorView'], describedIn: { errorView: 'close' } },
  { command: 'closeError', keys: [char('q')], label: 'q', description: 'close', group: 'General', contexts: ['errorView'] },
  { command: 'copyError', keys: [char('y')], label: 'y', description: 'copy the whole text', group: 'Actions', contexts: ['errorView'] },
  // Line editing, the same in every text field (readline keys).
  { command: 'lineStart', keys: [ctrl('a'), special('home')], label: 'Ctrl-a / Home', description: 'to the start of the line', group: 'Prompts', contexts: [...TEXT_CONTEXTS] },
  { command: 'lineEnd', keys: [ctrl('e'), special('end')], label: 'Ctrl-e / End', description: 'to the end of the line', group: 'Prompts', contexts: [...TEXT_CONTEXTS] },
  { command: 'charBack', keys: [ctrl('b'), special('leftArrow')], label: 'Ctrl-b / ←', description: 'one character left', group: 'Prompts', contexts: [...TEXT_CONTEXTS] },
  { command: 'charForward', keys: [ctrl('f'), special('rightArrow')], label: 'Ctrl-f / →', description: 'one character right', group: 'Prompts', contexts: [...TEXT_CONTEXTS] },
  { command: 'wordBack', keys: [alt('b')], label: 'Alt-b', description: 'one word left', group: 'Prompts', contexts: [...TEXT_CONTEXTS] },
  { command: 'wordForward', keys: [alt('f')], label: 'Alt-f', description: 'one word right', group: 'Prompts', contexts: [...TEXT_CONTEXTS] },
  // DEL (0x7f) is what the Backspace key sends; Ctrl-h (0x08) is the older Backspace.
  { command: 'deleteBack', keys: [special('delete'), ctrl('h')], label: 'Bksp', description: 'delete the character before', group: 'Prompts', contexts: [...TEXT_CONTEXTS] },
  { command: 'deleteForward', keys: [special('deleteForward'), ctrl('d')], label: 'Delete / Ctrl-d', description: 'delete the character under the cursor', group: 'Prompts', contexts: [...TEXT_CONTEXTS] },
  { command: 'deleteToStart', keys: [ctrl('u')], label: 'Ctrl-u', description: 'delete to the start of the line', group: 'Prompts', contexts: [...TEXT_CONTEXTS] },
  { command: 'deleteToEnd', keys: [ctrl('k')], label: 'Ctrl-k', description: 'delete to the end of the line', group: 'Prompts', contexts: [...TEXT_CONTEXTS] },
  { command: 'deleteWordBack', keys: [ctrl('w')], label: 'Ctrl-w', description: 'delete the word before', group: 'Prompts', contexts: [...TEXT_CONTEXTS] },
  // History: in the export path (and other prompts without a list) ↑/↓ walk it; in the filter ↑/↓ move the list.
  { command: 'olderEntry', keys: [special('upArrow'), ctrl('p')], label: '↑ / Ctrl-p', description: 'earlier entry (history)', group: 'Prompts', contexts: HISTORY_ARROWS },
  { command: 'newerEntry', keys: [special('downArrow'), ctrl('n')], label: '↓ / Ctrl-n', description: 'later entry (history)', group: 'Prompts', contexts: HISTORY_ARROWS },
  { command: 'olderFilter', keys: [ctrl('p')], label: 'Ctrl-p', description: 'earlier filter (history; ↑↓ move the list)', group: 'Prompts', contexts: ['filter'] },
  { command: 'newerFilter', keys: [ctrl('n')], label: 'Ctrl-n', description: 'later filter (history)', group: 'Prompts', contexts: ['filter'] },
];

/** The commands a focused text field applies itself (editing, history); the app's router leaves them alone. */
export const FIELD_COMMANDS: ReadonlySet<Command> = new Set<Command>([
  'lineStart', 'lineEnd', 'charBack', 'charForward', 'wordBack', 'wordForward', 'deleteBack', 'deleteForward',
  'deleteToStart', 'deleteToEnd', 'deleteWordBack', 'olderEntry', 'newerEntry', 'olderFilter', 'newerFilter',
]);

let active: readonly Binding[] = BINDINGS;
let activeVersion = 0;

/** The key table in effect: the defaults, or the defaults with the config's `"keys"` and `"commands"` (ui/keymap). */
export const activeBindings = (): readonly Binding[] => active;

/** How many times the table in effect was replaced (matchers built before are stale). */
export const activeBindingsVersion = (): number => activeVersion;

/** Puts a key table in effect, once at start before anything is drawn. */
export function setActiveBindings(bindings: readonly Binding[]): void {
  active = bindings;
  activeVersion++;
}

/** The first binding of a command in the table in effect (every command has one at least). */
function bindingFor(command: Command): Binding {
  const binding = active.find((b) => b.command === command);
  if (!binding) throw new Error(`No binding for command ${command}`);
  return binding;
}

/** The short key name for messages and hints, e.g. 'r' for refresh, 'Enter' for open. */
export function shortLabel(command: Command): string {
  return bindingFor(command).label.split(' / ')[0] ?? '';
}
