/** Help overlay rows and the footer hint line, generated from the binding table. */
import { spokenKeys } from '../../text/glyphs.js';
import { displayWidth } from '../../text/index.js';
import { activeBindings, TEXT_CONTEXTS, type Binding, type BindingGroup, type Command, type KeyContext, type KeySpec, type SpecialKey } from './bindings.js';

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
export function helpLines(bindings: readonly Binding[] = activeBindings(), contexts: readonly KeyContext[] = BROWSING): HelpGroup[] {
  const shown = bindings.filter((b) => b.contexts.some((c) => contexts.includes(c)));
  return GROUP_ORDER.map((group) => ({
    group,
    rows: shown
      .filter((b) => b.group === group)
      .map((b) => ({ label: b.label, description: b.description })),
  })).filter((g) => g.rows.length > 0);
}

const HINT_SEPARATOR = '  ';

/** What `binding` does in `context`: its words there, or its general description. */
const describeIn = (binding: Binding, context: KeyContext | undefined): string =>
  (context === undefined ? undefined : binding.describedIn?.[context]) ?? binding.description;

/** The ways out (quit, back, close; a prompt's cancel: hintEntries) and to help: the last hints to go when a footer is too narrow for all. */
const KEPT_LONGEST: ReadonlySet<Command> = new Set(['help', 'quit', 'interrupt', 'back']);

/** One entry of a hint line, e.g. '? help', and whether it is one of the last to go. */
interface HintEntry {
  readonly text: string;
  readonly kept: boolean;
  readonly command?: Command;
}

/**
 * The footer hint: of the `commands` the current screen offers, those marked `hint` in the table,
 * in the given order, as 'Enter open  / filter  ? help'. With a `context`, every given command that
 * acts there is shown (hint marks aside), saying what it does there; the others are left out.
 * Commands in `withheld` are left out too. See `fitHints` for what a narrow width leaves.
 */
export function hintLine(commands: readonly Command[], width: number, bindings: readonly Binding[] = activeBindings(), context?: KeyContext, offered: readonly Command[] = [], withheld: readonly Command[] = []): string {
  return fitHints(hintEntries(commands, bindings, context, offered, withheld), width);
}

function hintEntries(commands: readonly Command[], bindings: readonly Binding[], context: KeyContext | undefined, offered: readonly Command[], withheld: readonly Command[]): HintEntry[] {
  const entries: HintEntry[] = [];
  for (const command of commands) {
    const binding = bindings.find((b) => b.command === command && (context === undefined || b.contexts.includes(context)));
    if (!binding || withheld.includes(command) || (binding.whenOffered && !offered.includes(command))) continue;
    // With a context the screen's footer list decides; without one, the table's hint marks do.
    if (context === undefined ? !binding.hint : !binding.contexts.includes(context)) continue;
    const key = context !== undefined && TEXT_CONTEXTS.has(context) ? keyIn(command, context, bindings) : binding.label.split(' / ')[0];
    if (!key) continue;
    const words = describeIn(binding, context);
    entries.push({ text: spokenKeys(`${key} ${words}`), kept: KEPT_LONGEST.has(command) || command === 'cancel', command });
  }
  // In a prompt its own way out (Esc) is the one kept: Ctrl-c, which quits the whole app, goes first.
  const cancels = entries.some((e) => e.command === 'cancel');
  return cancels ? entries.map((e) => (e.command === 'interrupt' ? { ...e, kept: false } : e)) : entries;
}

/**
 * The entries that fit in `width` columns, in their order, never cut mid-word. The ways to quit
 * and to get help are the last to go: the others are taken in order while they fit beside them.
 */
function fitHints(entries: readonly HintEntry[], width: number): string {
  const join = (chosen: readonly HintEntry[]): string => chosen.map((e) => e.text).join(HINT_SEPARATOR);
  let chosen: HintEntry[] = [];
  for (const entry of entries.filter((e) => e.kept)) {
    if (displayWidth(join([...chosen, entry])) <= width) chosen.push(entry);
  }
  for (const entry of entries.filter((e) => !e.kept)) {
    const tried = entries.filter((e) => e === entry || chosen.includes(e));
    if (displayWidth(join(tried)) > width) break;
    chosen = tried;
  }
  return join(entries.filter((e) => chosen.includes(e)));
}

/** The screens with a footer of their own. */
export type Screen = 'groups' | 'pages' | 'groupDetail' | 'pageDetail' | 'help' | 'filter' | 'export' | 'overwrite' | 'keyEntry' | 'jump' | 'inspector' | 'exchange' | 'errorView' | 'viewName' | 'viewPicker';

/** The key context each screen reads its keys in. */
export const SCREEN_CONTEXT: Readonly<Record<Screen, KeyContext>> = {
  groups: 'list', pages: 'list', groupDetail: 'detail', pageDetail: 'detail', help: 'help',
  filter: 'filter', export: 'export', overwrite: 'overwrite', keyEntry: 'keyEntry', jump: 'jump',
  inspector: 'inspector', exchange: 'exchange', errorView: 'errorView',
  viewName: 'viewName', viewPicker: 'viewPicker',
};

/**
 * The footer of each screen, most useful first. Only commands acting in the screen's context are
 * shown (hintLine drops the others), so a footer can never offer a key that does nothing there.
 */
const FOOTERS: Readonly<Record<Screen, readonly Command[]>> = {
  // A way out of an error, offered first while it lasts.
  groups: ['reloadFromStart', 'open', 'details', 'filter', 'sort', 'refresh', 'help', 'quit'],
  pages: ['reloadFromStart', 'open', 'back', 'filter', 'sort', 'refresh', 'help', 'quit'],
  groupDetail: ['open', 'back', 'copyField', 'nextItem', 'prevItem', 'help', 'quit'],
  // Enter does nothing in a page's details.
  pageDetail: ['back', 'copyField', 'nextItem', 'prevItem', 'help', 'quit'],
  help: ['moveDown', 'pageDown', 'back', 'interrupt'],
  filter: ['submit', 'cancel', 'loadAll', 'moveDown', 'moveUp', 'interrupt'],
  export: ['submit', 'cancel', 'interrupt'],
  overwrite: ['confirmYes', 'interrupt'],
  keyEntry: ['submit', 'cancel', 'interrupt'],
  jump: ['submit', 'cancel', 'interrupt'],
  inspector: ['open', 'copyCurl', 'exportHar', 'back', 'quit'],
  exchange: ['moveDown', 'pageDown', 'copyCurl', 'exportHar', 'back', 'quit'],
  errorView: ['moveDown', 'pageDown', 'copyError', 'back', 'interrupt'],
  viewName: ['submit', 'cancel', 'interrupt'],
  viewPicker: ['submit', 'moveDown', 'moveUp', 'cancel', 'interrupt'],
};

/**
 * The footer hint of a screen, at most `width` columns, with the `offered` ways out of an error
 * (bindings marked `whenOffered`) and without the `withheld` commands (`r` where a retry cannot help).
 */
export function footerHint(screen: Screen, width: number, offered: readonly Command[] = [], withheld: readonly Command[] = []): string {
  const bindings = activeBindings();
  const entries = hintEntries([...FOOTERS[screen], ...ownCommandsOn(screen, bindings)], bindings, SCREEN_CONTEXT[screen], offered, withheld);
  // The overwrite question takes any key but y as no (see route-keys), so no binding names them.
  if (screen === 'overwrite') entries.splice(1, 0, { text: 'n / Esc no', kept: true });
  return fitHints(entries, width);
}

/** The screen a command of the user's own names, for each screen with a footer. */
const OWN_COMMAND_SCREEN: Partial<Record<Screen, Binding['screen']>> = { groups: 'groups', pages: 'pages', groupDetail: 'detail', pageDetail: 'detail' };

/** The user's own commands (`"commands"` in the config) that act on a screen, in the config's order. */
const ownCommandsOn = (screen: Screen, bindings: readonly Binding[]): Command[] =>
  bindings.filter((b) => b.screen !== undefined && b.screen === OWN_COMMAND_SCREEN[screen]).map((b) => b.command);

/** The commands a screen's footer offers (for tests and for checking the footers against the table). */
export const footerCommands = (screen: Screen): readonly Command[] => FOOTERS[screen];

/** One screen's part of the help: its keys, and what is worth knowing beyond them. */
export interface HelpSection {
  /** Where its keys act; none for the keys shared by all browsing screens. */
  readonly context?: KeyContext;
  readonly title: string;
  readonly rows: readonly HelpRow[];
  readonly notes: readonly string[];
}

/** The first key of `command` in `context` in the table in effect, as help names it; '…' when none. */
type KeyNamer = (command: Command, context: KeyContext) => string;

/** The sections of the help overlay, one per place keys are read in the app; the keys they name are the ones in effect. */
const SECTIONS: readonly { readonly context: KeyContext; readonly title: (k: KeyNamer) => string; readonly notes?: (k: KeyNamer) => readonly string[] }[] = [
  {
    context: 'list',
    title: () => 'Lists (page groups, pages)',
    notes: (k) => [
      `While ${k('bottom', 'list')} loads the rest, a move (${k('moveDown', 'list')}, ${k('moveUp', 'list')}, ${k('pageDown', 'list')}, …) stops following the end, but the load goes on: ${k('back', 'list')} stops it.`,
      'With --mouse: the wheel moves the selection, a click selects a row, a double click opens it.',
    ],
  },
  { context: 'detail', title: (k) => `Details (${k('details', 'list')})`, notes: (k) => [`The list's selection follows ${k('nextItem', 'detail')} and ${k('prevItem', 'detail')}, so ${k('back', 'detail')} returns to that row.`] },
  { context: 'help', title: (k) => `This help (${k('help', 'list')})` },
  { context: 'filter', title: (k) => `Filter bar (${k('filter', 'list')})`, notes: () => ['Other keys edit the text; the rows narrow as you type.'] },
  { context: 'export', title: (k) => `Export path (${k('export', 'list')})`, notes: () => ['Other keys edit the path.'] },
  { context: 'overwrite', title: (k) => `Overwrite? (after ${k('export', 'list')})`, notes: (k) => [`Any key other than ${k('confirmYes', 'overwrite')} answers no.`] },
  { context: 'keyEntry', title: (k) => `API key (${k('login', 'list')})`, notes: () => ['Other keys type the key (shown masked).'] },
  { context: 'jump', title: (k) => `Jump to an id (${k('jump', 'list')})`, notes: (k) => ['Group id, or page id in a group.', `q, quit, q! or wq then ${k('submit', 'jump')} quits, as ${k('quit', 'list')} does on the lists; a group or page with such an id is reached by browsing (or pagetui open <id>).`, `A page not loaded yet is sought while the list loads on; a move stops looking, but the load goes on: ${k('back', 'list')} stops it.`] },
  { context: 'inspector', title: (k) => `HTTP inspector (${k('inspector', 'list')})`, notes: () => ['The last 200 requests, newest first.'] },
  { context: 'exchange', title: (k) => `A request (${k('open', 'inspector')} there)`, notes: () => ['curl reads the key from $PAGETUI_API_KEY.'] },
  { context: 'errorView', title: (k) => `The last error (${k('showError', 'list')})`, notes: () => ['Every part of the error, then the response body as the server sent it.'] },
  { context: 'viewName', title: (k) => `Save a view (${k('saveView', 'list')})`, notes: () => ['The query, sort and status of the list, saved under the name typed (in the config file).'] },
  { context: 'viewPicker', title: (k) => `Saved views (${k('pickView', 'list')})`, notes: (k) => [`The views of this screen: ${k('submit', 'viewPicker')} applies one.`] },
];

/** What a context is called in help and `pagetui keys`: 'Lists (page groups, pages)', 'Filter bar (/)'. */
export function contextTitle(context: KeyContext, bindings: readonly Binding[] = activeBindings()): string {
  if (context === 'loginKey') return 'pagetui login: the API key field';
  if (context === 'confirm') return 'pagetui login: yes/no questions';
  return SECTIONS.find((s) => s.context === context)?.title(namerOf(bindings)) ?? context;
}

/** A binding's keys as named in `context`: in a text field only the keys that are not text. */
function labelIn(binding: Binding, context: KeyContext): string {
  if (!TEXT_CONTEXTS.has(context)) return binding.label;
  return binding.keys.filter((spec) => !('char' in spec)).map(specLabel).join(' / ');
}

/** The browsing places whose shared keys are listed once, under "Everywhere". */
const BROWSING_PLACES: readonly KeyContext[] = ['list', 'detail', 'help'];

/** A key that does the same in the lists, the details and help. */
const sharedWhileBrowsing = (b: Binding): boolean =>
  BROWSING_PLACES.every((c) => b.contexts.includes(c) && b.describedIn?.[c] === undefined);

/** A line-editing key that does the same in every text field (listed once, under "Text fields"). */
const sharedInFields = (b: Binding): boolean => [...TEXT_CONTEXTS].every((c) => b.contexts.includes(c) && b.describedIn?.[c] === undefined);

/** The title of the section of keys shared by every text field. */
export const TEXT_FIELDS_TITLE = 'Text fields (filter, export path, jump, API key)';

/**
 * The help overlay's content: the keys that act the same everywhere while browsing, then for each
 * screen and prompt of the app the other keys that act there, then the editing keys every text
 * field shares.
 */
export function helpSections(bindings: readonly Binding[] = activeBindings()): HelpSection[] {
  const k = namerOf(bindings);
  const row = (b: Binding, context: KeyContext): HelpRow => ({ label: spokenKeys(labelIn(b, context)), description: spokenKeys(describeIn(b, context)) });
  const shared = (b: Binding, context: KeyContext): boolean =>
    (BROWSING_PLACES.includes(context) && sharedWhileBrowsing(b)) || (TEXT_CONTEXTS.has(context) && sharedInFields(b));
  const everywhere: HelpSection = {
    title: 'Everywhere (lists, details, help)',
    notes: [],
    rows: bindings.filter(sharedWhileBrowsing).map((b) => row(b, 'list')),
  };
  const fields: HelpSection = {
    title: TEXT_FIELDS_TITLE,
    notes: [],
    rows: bindings.filter(sharedInFields).map((b) => row(b, 'filter')),
  };
  return [
    everywhere,
    ...SECTIONS.map(({ context, title, notes = () => [] }) => ({
      context,
      title: title(k),
      notes: notes(k).map(spokenKeys),
      rows: bindings
        .filter((b) => b.contexts.includes(context) && !shared(b, context))
        .map((b) => row(b, context))
        .filter((r) => r.label !== ''),
    })),
    fields,
  ];
}

const SPECIAL_LABELS: Readonly<Record<SpecialKey, string>> = {
  upArrow: '↑', downArrow: '↓', leftArrow: '←', rightArrow: '→', pageUp: 'PgUp', pageDown: 'PgDn',
  home: 'Home', end: 'End', return: 'Enter', escape: 'Esc', backspace: 'Bksp', delete: 'Bksp', tab: 'Tab',
  deleteForward: 'Delete',
  f1: 'F1', f2: 'F2', f3: 'F3', f4: 'F4', f5: 'F5', f6: 'F6', f7: 'F7', f8: 'F8', f9: 'F9', f10: 'F10', f11: 'F11', f12: 'F12',
};

/** A key as help and hints name it: 'j', 'Ctrl-d', 'Enter', 'PgDn', 'F5'. */
const specLabel = (spec: KeySpec): string =>
  'char' in spec ? (spec.char === ' ' ? 'Space' : spec.char) : 'ctrl' in spec ? `Ctrl-${spec.ctrl}` : 'alt' in spec ? `Alt-${spec.alt}` : SPECIAL_LABELS[spec.special];

/** Some keys as help names them, each once: 'j / ↓'. */
export const keysLabel = (specs: readonly KeySpec[]): string => [...new Set(specs.map(specLabel))].join(' / ');

/** The keys that run `command` in `context` in `bindings`, as help names them (in a text field, letters are text). */
function keyLabelsIn(command: Command, context: KeyContext, bindings: readonly Binding[] = activeBindings()): string[] {
  const binding = bindings.find((b) => b.command === command && b.contexts.includes(context));
  if (!binding) return [];
  const keys = TEXT_CONTEXTS.has(context) ? binding.keys.filter((spec) => !('char' in spec)) : binding.keys;
  return [...new Set(keys.map(specLabel))];
}

/**
 * The names of the keys that run `command` in `context`, for a prompt's own hint: `keysIn('moveUp',
 * 'filter')` is '↑' (in a text field, letters are text). Empty when the command does not act there.
 */
export const keysIn = (command: Command, context: KeyContext): string => keyLabelsIn(command, context).join('/');

/** The first key that runs `command` in `context` (for a sentence that names it), '' when none does. */
export const keyIn = (command: Command, context: KeyContext, bindings: readonly Binding[] = activeBindings()): string => keyLabelsIn(command, context, bindings)[0] ?? '';

/** The first key of `command` in `context`, for a sentence that names it ('Esc to cancel'); '…' when none acts there. */
export const keyNamed = (command: Command, context: KeyContext): string => keyIn(command, context) || '…';

/** The first key of `command` on the lists, for a sentence of the status bar ('r retries.'). */
export const listKey = (command: Command): string => keyNamed(command, 'list');

/** `keyIn` over some bindings, '…' for a command with no key there (never an empty pair of brackets). */
const namerOf = (bindings: readonly Binding[]): KeyNamer => (command, context) => keyIn(command, context, bindings) || '…';
