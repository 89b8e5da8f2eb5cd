/** Help overlay rows and the footer hint line, generated from the binding table. */
import { spokenKeys } from '../../text/glyphs.js';
import { displayWidth } from '../../text/index.js';
import { activeBindings, bindingFor, TEXT_CONTEXTS, type Binding, type BindingGroup, type Command, type KeyContext, type KeySpec, type SpecialKey } from './bindings.js';

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

/**
 * The footer hint: of the `commands` the current screen offers, those marked `hint` in the table,
 * in the given order, as 'Enter open  / filter  ? help'. With a `context`, every given command that
 * acts there is shown (hint marks aside), saying what it does there; the others are left out. Stops before the first entry that would
 * not fit, so the result is at most `width` columns and never cut mid-word.
 */
export function hintLine(commands: readonly Command[], width: number, bindings: readonly Binding[] = activeBindings(), context?: KeyContext, offered: readonly Command[] = []): string {
  let line = '';
  for (const command of commands) {
    const binding = bindings.find((b) => b.command === command);
    if (!binding || (binding.whenOffered && !offered.includes(command))) continue;
    // With a context the screen's footer list decides; without one, the table's hint marks do.
    if (context === undefined ? !binding.hint : !binding.contexts.includes(context)) continue;
    const key = context !== undefined && TEXT_CONTEXTS.has(context) ? keysIn(command, context).split('/')[0] : binding.label.split(' / ')[0];
    if (!key) continue;
    const entry = spokenKeys(`${key} ${describeIn(binding, context)}`);
    const next = line === '' ? entry : `${line}${HINT_SEPARATOR}${entry}`;
    if (displayWidth(next) > width) break;
    line = next;
  }
  return line;
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

/** The footer hint of a screen, at most `width` columns, with the `offered` ways out of an error (bindings marked `whenOffered`). */
export function footerHint(screen: Screen, width: number, offered: readonly Command[] = []): string {
  const bindings = activeBindings();
  return hintLine([...FOOTERS[screen], ...ownCommandsOn(screen, bindings)], width, bindings, SCREEN_CONTEXT[screen], offered);
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

/** The sections of the help overlay, one per place keys are read in the app. */
const SECTIONS: readonly { readonly context: KeyContext; readonly title: string; readonly notes?: readonly string[] }[] = [
  {
    context: 'list',
    title: 'Lists (page groups, pages)',
    notes: [
      'While G loads the rest, a move (j, k, PgDn, …) stops following the end, but the load goes on: Esc stops it.',
      'With --mouse: the wheel moves the selection, a click selects a row, a double click opens it.',
    ],
  },
  { context: 'detail', title: 'Details (d)', notes: ['The list\'s selection follows ] and [, so Esc returns to that row.'] },
  { context: 'help', title: 'This help (?)' },
  { context: 'filter', title: 'Filter bar (/)', notes: ['Other keys edit the text; the rows narrow as you type.'] },
  { context: 'export', title: 'Export path (e)', notes: ['Other keys edit the path.'] },
  { context: 'overwrite', title: 'Overwrite? (after e)', notes: ['Any key other than y answers no.'] },
  { context: 'keyEntry', title: 'API key (L)', notes: ['Other keys type the key (shown masked).'] },
  { context: 'jump', title: 'Jump to an id (:)', notes: ['Group id, or page id in a group.'] },
  { context: 'inspector', title: 'HTTP inspector (i)', notes: ['The last 200 requests, newest first.'] },
  { context: 'exchange', title: 'A request (Enter there)', notes: ['curl reads the key from $PAGETUI_API_KEY.'] },
  { context: 'errorView', title: 'The last error (E)', notes: ['Every part of the error, then the response body as the server sent it.'] },
  { context: 'viewName', title: 'Save a view (V)', notes: ['The query, sort and status of the list, saved under the name typed (in the config file).'] },
  { context: 'viewPicker', title: 'Saved views (v)', notes: ['The views of this screen: Enter applies one.'] },
];

/** What a context is called in help and `pagetui keys`: 'Lists (page groups, pages)', 'Filter bar (/)'. */
export function contextTitle(context: KeyContext): string {
  if (context === 'loginKey') return 'pagetui login: the API key field';
  if (context === 'confirm') return 'pagetui login: yes/no questions';
  return SECTIONS.find((s) => s.context === context)?.title ?? context;
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
    ...SECTIONS.map(({ context, title, notes = [] }) => ({
      context,
      title,
      notes: notes.map(spokenKeys),
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
export const specLabel = (spec: KeySpec): string =>
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
