/**
 * Turns what ink's `useInput` hands over into commands.
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
import { BINDINGS, type Binding, type Command, type KeySpec, type SpecialKey } from './bindings.js';

type KeyId = string;

const idOf = (spec: KeySpec): KeyId =>
  'char' in spec ? `c:${spec.char}` : 'ctrl' in spec ? `^${spec.ctrl.toLowerCase()}` : `s:${spec.special}`;

const SPECIAL_FLAGS: readonly SpecialKey[] = [
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

/** Decodes a raw input string into key ids, one per key; unknown bytes decode to nothing. */
function decode(input: string): KeyId[] {
  const ids: KeyId[] = [];
  let i = 0;
  while (i < input.length) {
    const code = input.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(code);
    if (code === 0x1b) {
      const consumed = decodeEscape(input.slice(i), ids);
      i += consumed;
      continue;
    }
    i += ch.length;
    if (ch === '\r' || ch === '\n') ids.push('s:return');
    else if (ch === '\t') ids.push('s:tab');
    else if (ch === '\b') ids.push('s:backspace');
    else if (code === 0x7f) ids.push('s:delete');
    else if (code >= 0x01 && code <= 0x1a) ids.push(`^${String.fromCharCode(code + 0x60)}`);
    else if (code >= 0x20) ids.push(`c:${ch}`);
  }
  return ids;
}

/** Decodes one escape sequence at the start of `rest`; returns how many units it used. */
function decodeEscape(rest: string, ids: KeyId[]): number {
  const match = CSI_SEQUENCE.exec(rest);
  if (match) {
    const params = (match[1] ?? '').split(';');
    const final = match[2] ?? '';
    // 'ESC [ 1 ; 5 A' is Ctrl+Up: the modifier does not change which key it is.
    const name = SEQUENCE_KEYS[final === '~' || final === '$' || final === '^' ? `${params[0] ?? ''}~` : final];
    if (name) ids.push(`s:${name}`);
    return match[0].length;
  }
  // A lone ESC, ESC ESC, or ESC followed by a character: nothing is bound to Alt, so the latter is
  // Esc pressed just before the character, both delivered in one read (common over SSH).
  ids.push('s:escape');
  return 1;
}

/** Builds a matcher for a binding table (the default table unless given). */
function createMatcher(bindings: readonly Binding[] = BINDINGS): (input: string, key: Key) => Command[] {
  const byKey = new Map<KeyId, Command>();
  for (const binding of bindings) {
    for (const spec of binding.keys) {
      if (!byKey.has(idOf(spec))) byKey.set(idOf(spec), binding.command);
    }
  }
  const lookup = (ids: readonly KeyId[]): Command[] => {
    const commands: Command[] = [];
    for (const id of ids) {
      const command = byKey.get(id);
      if (command) commands.push(command);
    }
    return commands;
  };

  return (input, key) => {
    if (key.eventType === 'release') return [];
    for (const flag of SPECIAL_FLAGS) {
      if (key[flag]) return lookup([`s:${flag}`]);
    }
    if (key.ctrl) return input.length === 1 ? lookup([`^${input.toLowerCase()}`]) : [];
    // ink reads ESC + character as Alt+character (it strips the ESC and sets meta). Nothing is bound
    // to Alt, so it is Esc typed just before the character, arriving in the same read.
    if (key.meta) return lookup(['s:escape', ...decode(input)]);
    return lookup(decode(input));
  };
}

/**
 * The commands for one `useInput` call, one per key and in order: `'jjjk'` gives
 * `['moveDown', 'moveDown', 'moveDown', 'moveUp']`. Keys bound to nothing are skipped.
 */
export const commandsFor: (input: string, key: Key) => Command[] = createMatcher();
