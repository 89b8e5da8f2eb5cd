/**
 * Turns what ink's `useInput` hands over into commands, through the key table of one context
 * (`createMatcher(context)`; `matcherFor` keeps one per context). In a text context (a prompt with
 * a field) printable characters and unflagged chunks are the field's text, never commands.
 *
 * How ink 6.8 delivers keys (see its input-parser.js and hooks/use-input.js): each stdin chunk is
 * split at ESC, so every escape sequence (arrow, PgDn, Home, a lone Esc) arrives as its own call
 * with a `key` flag set and `input` empty; a single control byte arrives with `key.ctrl` and the
 * letter as `input`. But a run of plain bytes that came in one read (a held key, a paste, a slow
 * SSH link) arrives as ONE string, and control bytes inside it (`\r`, DEL, Ctrl-D) are not
 * flagged: 'jj\r' comes with no flags at all. So this module decodes the string byte by byte
 * and returns one command per key, in order. Raw escape sequences inside a string (which ink
 * 6.8 does not produce, but older versions and other stdin sources may) are decoded too.
 */
import type { Key } from 'ink';
import { BINDINGS, TEXT_CONTEXTS, type Binding, type Command, type KeyContext, type KeySpec, type SpecialKey } from './bindings.js';

/** One physical key: 'c:j', '^d' (Ctrl-D), 's:return'. */
export type KeyId = string;

const idOf = (spec: KeySpec): KeyId =>
  'char' in spec ? `c:${spec.char}` : 'ctrl' in spec ? `^${spec.ctrl.toLowerCase()}` : 'alt' in spec ? `M-${spec.alt}` : `s:${spec.special}`;

const SPECIAL_FLAGS: readonly Exclude<SpecialKey, 'deleteForward'>[] = [
  'upArrow', 'downArrow', 'leftArrow', 'rightArrow', 'pageUp', 'pageDown', 'home', 'end',
  'return', 'escape', 'backspace', 'delete', 'tab',
];

// CSI / SS3 final parts (after ESC [ or ESC O, modifiers removed) that name a special key.
const SEQUENCE_KEYS: Readonly<Record<string, SpecialKey>> = {
  A: 'upArrow', B: 'downArrow', C: 'rightArrow', D: 'leftArrow', H: 'home', F: 'end',
  '1~': 'home', '7~': 'home', '4~': 'end', '8~': 'end', '5~': 'pageUp', '6~': 'pageDown',
  '3~': 'delete', Z: 'tab',
};

const CSI_SEQUENCE = /^\u001b(?:\[\[?|O)([\d;]*)([\x40-\x7e]|[$^])/;

/** Decodes a raw input string into keys, in order; unknown bytes decode to nothing. */
function decode(input: string): KeyPress[] {
  const presses: KeyPress[] = [];
  let i = 0;
  while (i < input.length) {
    const code = input.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(code);
    if (code === 0x1b) {
      const { id, length } = decodeEscape(input.slice(i));
      i += length;
      if (id) presses.push({ id, end: i });
      continue;
    }
    i += ch.length;
    const id = controlId(ch, code) ?? (code >= 0x20 ? `c:${ch}` : undefined);
    if (id) presses.push({ id, end: i });
  }
  return presses;
}

/** The key of a control byte typed inside a chunk (ink flags none of them there). */
export function controlId(ch: string, code: number): KeyId | undefined {
  if (ch === '\r' || ch === '\n') return 's:return';
  if (ch === '\t') return 's:tab';
  if (ch === '\b') return 's:backspace';
  if (code === 0x7f) return 's:delete';
  if (code >= 0x01 && code <= 0x1a) return `^${String.fromCharCode(code + 0x60)}`;
  return undefined;
}

/**
 * Decodes one escape sequence at the start of `rest`: the key (none for an unknown sequence) and
 * how many units it used. ESC followed by anything else is a lone Esc: nothing is bound to Alt, so
 * it is Esc pressed just before the next character, both delivered in one read (common over SSH).
 */
export function decodeEscape(rest: string): { id: KeyId | undefined; length: number } {
  const match = CSI_SEQUENCE.exec(rest);
  if (!match) return { id: 's:escape', length: 1 };
  const params = (match[1] ?? '').split(';');
  const final = match[2] ?? '';
  // 'ESC [ 1 ; 5 A' is Ctrl+Up: the modifier does not change which key it is.
  const name = SEQUENCE_KEYS[final === '~' || final === '$' || final === '^' ? `${params[0] ?? ''}~` : final];
  return { id: name ? `s:${name}` : undefined, length: match[0].length };
}

/** One key of a `useInput` call, and the offset in `input` just after it. */
export interface KeyPress {
  readonly id: KeyId;
  readonly end: number;
}

/**
 * The keys of one `useInput` call, in order. In a text context only what ink flagged counts (a
 * special key, Ctrl+letter, Esc): a plain chunk is text for the field, even with `\r` inside it.
 */
function pressesOf(input: string, key: Key, takesText: boolean, bound: (id: KeyId) => boolean): KeyPress[] {
  if (key.eventType === 'release') return [];
  // Alt+letter bound in a text field (Alt-b, Alt-f): ink strips the ESC and flags meta.
  if (takesText && key.meta && input.length === 1 && bound(`M-${input}`)) return [{ id: `M-${input}`, end: 1 }];
  for (const flag of SPECIAL_FLAGS) {
    if (key[flag]) return [{ id: `s:${flag}`, end: input.length }];
  }
  if (key.ctrl) return input.length === 1 ? [{ id: `^${input.toLowerCase()}`, end: 1 }] : [];
  // ink reads ESC + character as Alt+character (it strips the ESC and sets meta). Nothing is bound
  // to Alt, so it is Esc typed just before the character, arriving in the same read.
  if (key.meta) return [{ id: 's:escape', end: 0 }, ...(takesText ? [] : decode(input))];
  return takesText ? [] : decode(input);
}

/** A key with its command in some context (undefined: bound to nothing there). */
export interface MatchedPress extends KeyPress {
  readonly command: Command | undefined;
}

/** What a key table answers for one context. */
export interface ContextMatcher {
  /** The keys of one `useInput` call, each with its command here (undefined: bound to nothing). */
  presses(input: string, key: Key): MatchedPress[];
  /** The commands of one `useInput` call, one per bound key, in order. */
  commands(input: string, key: Key): Command[];
  /** The command of one key here; printable characters never are commands in a text context. */
  commandOf(id: KeyId): Command | undefined;
}

/** Builds the matcher of one context from a binding table (the default table unless given). */
export function createMatcher(context: KeyContext, bindings: readonly Binding[] = BINDINGS): ContextMatcher {
  const takesText = TEXT_CONTEXTS.has(context);
  const byKey = new Map<KeyId, Command>();
  for (const binding of bindings) {
    if (!binding.contexts.includes(context)) continue;
    for (const spec of binding.keys) {
      const id = idOf(spec);
      if (takesText && id.startsWith('c:')) continue;
      if (!byKey.has(id)) byKey.set(id, binding.command);
    }
  }
  const commandOf = (id: KeyId): Command | undefined => byKey.get(id);
  const presses = (input: string, key: Key): MatchedPress[] =>
    pressesOf(input, key, takesText, (id) => byKey.has(id)).map((press) => ({ ...press, command: commandOf(press.id) }));
  return {
    presses,
    commandOf,
    commands: (input, key) => presses(input, key).flatMap((press) => (press.command ? [press.command] : [])),
  };
}

const matchers = new Map<KeyContext, ContextMatcher>();

/** The matcher of a context for the default table (built once per context). */
export function matcherFor(context: KeyContext): ContextMatcher {
  let matcher = matchers.get(context);
  if (!matcher) {
    matcher = createMatcher(context);
    matchers.set(context, matcher);
  }
  return matcher;
}

/**
 * The commands for one `useInput` call on the list, one per key and in order: `'jjjk'` gives
 * `['moveDown', 'moveDown', 'moveDown', 'moveUp']`. Keys bound to nothing are skipped.
 */
export const commandsFor = (input: string, key: Key): Command[] => matcherFor('list').commands(input, key);
