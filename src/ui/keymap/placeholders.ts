/**
 * The placeholders of a command's argv (docs/custom-commands.md): `{pageId}` and the like, each
 * filled with one sanitised value inside the one argument it is written in. No shell ever reads
 * the result, so a value holding `$(…)`, `;` or spaces stays one argument, as written.
 */
import { fieldText, itemId, pageGroupView, pageName } from '../../api/items.js';
import type { RawItem } from '../../api/types.js';
import { sanitizeString } from '../../text/sanitize.js';

export type OwnCommandScreen = 'groups' | 'pages' | 'detail';

/** What a command runs on: the selected item, the screen, the group shown and the service. */
export interface CommandTarget {
  readonly item: RawItem;
  /** 'pages' for a page's details too: the item is a page. */
  readonly kind: 'groups' | 'pages';
  /** The group whose pages are shown (pages and a page's details). */
  readonly groupId?: string;
  readonly baseUrl: string;
}

type Filler = (target: CommandTarget) => string;

const field = (name: string): Filler => (t) => fieldText(t.item, name);

/** Every placeholder, and the screens it has a value on ('detail' is either kind's details). */
const PLACEHOLDERS: Readonly<Record<string, { readonly fill: Filler; readonly on: readonly OwnCommandScreen[] }>> = {
  id: { fill: (t) => itemId(t.kind === 'pages' ? 'page' : 'pageGroup', t.item), on: ['groups', 'pages', 'detail'] },
  pageId: { fill: (t) => (t.kind === 'pages' ? itemId('page', t.item) : ''), on: ['pages', 'detail'] },
  pageGroupId: { fill: (t) => (t.kind === 'groups' ? itemId('pageGroup', t.item) : (t.groupId ?? '')), on: ['groups', 'pages', 'detail'] },
  baseUrl: { fill: (t) => t.baseUrl, on: ['groups', 'pages', 'detail'] },
  // The name the list shows: a page's effective name, a group's title.
  name: { fill: (t) => (t.kind === 'pages' ? pageName(t.item) : pageGroupView(t.item).title), on: ['groups', 'pages', 'detail'] },
  title: { fill: (t) => (t.kind === 'pages' ? pageName(t.item) : pageGroupView(t.item).title), on: ['groups', 'pages', 'detail'] },
  slug: { fill: field('slug'), on: ['groups', 'pages', 'detail'] },
  status: { fill: field('status'), on: ['groups', 'pages', 'detail'] },
  updatedAt: { fill: field('updatedAt'), on: ['groups', 'pages', 'detail'] },
  createdAt: { fill: field('createdAt'), on: ['groups', 'pages', 'detail'] },
};

export const PLACEHOLDER_NAMES: readonly string[] = Object.keys(PLACEHOLDERS);

/** The placeholders that have a value on `screen` (for the config's schema). */
export const placeholdersOn = (screen: OwnCommandScreen): string[] => PLACEHOLDER_NAMES.filter((name) => PLACEHOLDERS[name]?.on.includes(screen));

/**
 * A placeholder `{name}`, or its escape `{{name}}` (the text `{name}`). Any other brace is text:
 * `{"a": 1}`, `{}`, `{{.Name}}` and `{1..3}` pass as written.
 */
const TOKEN = /\{\{([A-Za-z_][\w.-]*)\}\}|\{([A-Za-z_][\w.-]*)\}/g;

type Piece = { readonly text: string; readonly escape?: true } | { readonly placeholder: string };

/** `arg` as its text and its placeholders, in order (an escape is text). */
function piecesOf(arg: string): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const match of arg.matchAll(TOKEN)) {
    if (match.index > at) pieces.push({ text: arg.slice(at, match.index) });
    pieces.push(match[1] !== undefined ? { text: `{${match[1]}}`, escape: true } : { placeholder: match[2] ?? '' });
    at = match.index + match[0].length;
  }
  if (at < arg.length) pieces.push({ text: arg.slice(at) });
  return pieces;
}

/** Whether `arg` holds a placeholder (an escaped one is text). */
export const holdsPlaceholder = (arg: string): boolean => placeholderNames(arg).length > 0;

const placeholderNames = (arg: string): string[] => piecesOf(arg).flatMap((p) => ('placeholder' in p ? [p.placeholder] : []));

const KNOWN_LIST = PLACEHOLDER_NAMES.map((n) => `{${n}}`).join(', ');
const known = (word: string): string | undefined => PLACEHOLDER_NAMES.find((n) => n.toLowerCase() === word.toLowerCase());
const NAME_ALTERNATIVES = PLACEHOLDER_NAMES.join('|');

/**
 * A placeholder mistyped in text that is otherwise kept as written: a known name (in any case) in
 * single braces with spaces, without its closing brace, or without its opening one. A doubled
 * brace is never read as a typo: `{{ .Name }}` and the like are text.
 */
function mistyped(text: string): string | undefined {
  const spaced = new RegExp(`(?<!\\{)\\{(?:\\s+(${NAME_ALTERNATIVES})\\s*|(${NAME_ALTERNATIVES})\\s+)\\}(?!\\})`, 'i').exec(text);
  if (spaced) return `${JSON.stringify(spaced[0])} has spaces inside its braces: write {${known(spaced[1] ?? spaced[2] ?? '') ?? ''}}`;
  for (const open of text.matchAll(new RegExp(`(?<!\\{)\\{\\s*(${NAME_ALTERNATIVES})(?!\\w)`, 'gi'))) {
    if (!text.slice(open.index).includes('}')) return `${JSON.stringify(open[0])} has no closing brace: write {${known(open[1] ?? '') ?? ''}}`;
  }
  for (const close of text.matchAll(new RegExp(`(?<![\\w.-])(${NAME_ALTERNATIVES})\\}(?!\\})`, 'gi'))) {
    if (!text.slice(0, close.index).includes('{')) return `${JSON.stringify(close[0])} has no opening brace: write {${known(close[1] ?? '') ?? ''}}`;
  }
  return undefined;
}

/**
 * Why an argv cannot be filled on `screen` (an unknown placeholder, one mistyped, or one with no
 * value there), or undefined.
 */
export function placeholderProblem(argv: readonly string[], screen: OwnCommandScreen): string | undefined {
  for (const arg of argv) {
    for (const piece of piecesOf(arg)) {
      if ('text' in piece) {
        const typo = piece.escape ? undefined : mistyped(piece.text);
        if (typo !== undefined) return `${typo} (the placeholders are ${KNOWN_LIST}; {{name}} is the text {name})`;
        continue;
      }
      const name = piece.placeholder;
      const entry = PLACEHOLDERS[name];
      if (!entry) {
        const near = known(name);
        const hint = near === undefined ? '' : `: write {${near}} (names are case-sensitive)`;
        return `{${name}} is not a placeholder${hint} (the placeholders are ${KNOWN_LIST}; {{${name}}} is the text {${name}})`;
      }
      if (!entry.on.includes(screen)) return `{${name}} has no value on the ${screen} screen`;
    }
  }
  return undefined;
}

/** The placeholders that hold an id, and what a message calls it; a path or URL takes an id as one segment. */
const ID_NAMES: Readonly<Record<string, (target: CommandTarget) => string>> = {
  id: (t) => (t.kind === 'pages' ? 'page id' : 'page group id'),
  pageId: () => 'page id',
  pageGroupId: () => 'page group id',
};

/**
 * Why `argv` is not filled for `target`: an id placeholder whose value would not stay one segment
 * of a path or URL (the server sent `../x`, `a/b` or `..`), so a command would reach outside the
 * folder or address it was written for; undefined when every id is a plain segment.
 */
export function unsafeIdProblem(argv: readonly string[], target: CommandTarget): string | undefined {
  for (const arg of argv) {
    for (const name of placeholderNames(arg)) {
      const what = ID_NAMES[name];
      // What the command gets (sanitised), and what an address makes of it (`%2e%2e` is `..` there).
      const value = sanitizeString(PLACEHOLDERS[name]?.fill(target) ?? '');
      if (what === undefined || value === '') continue;
      const forms = [value, percentDecoded(value)];
      const separator = ['/', '\\'].find((c) => forms.some((form) => form.includes(c)));
      const quoted = JSON.stringify(value);
      if (separator !== undefined) return `the ${what(target)} ${quoted} holds "${separator}", which a path or address would take as a separator`;
      if (forms.some((form) => form === '.' || form === '..')) return `the ${what(target)} ${quoted} would name a folder of a path, not an item`;
    }
  }
  return undefined;
}

/** `value` with its %XX escapes decoded, as an address reads it; as it is when it holds none that decode. */
function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The argv with each placeholder replaced by its sanitised value, within its own argument, and each `{{name}}` by `{name}`. */
export function fillArgv(argv: readonly string[], target: CommandTarget): string[] {
  return argv.map((arg) => piecesOf(arg).map((piece) => {
    if ('text' in piece) return piece.text;
    const entry = PLACEHOLDERS[piece.placeholder];
    return entry ? sanitizeString(entry.fill(target)) : `{${piece.placeholder}}`;
  }).join(''));
}
