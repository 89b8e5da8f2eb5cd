/**
 * Key names as the config's `"keys"` and `"commands"` write them (docs/keymap.md): one printable
 * character ("j", "G", "/", case counts), `ctrl-<letter>`, `alt-<letter>`, or a named key ("enter",
 * "esc", "tab", "space", "up", "pgdn", "home", "f5", …). Names other than single characters are
 * read without regard to case. `parseKeyName` is the one reader; `keyNameOf` writes a key back.
 */
import type { KeySpec, SpecialKey } from '../keys/bindings.js';
import { echoed } from '../../text/echoed.js';

/** Named keys and what the decoder calls each (Backspace and Delete as the key table binds them). */
export const NAMED: Readonly<Record<string, readonly KeySpec[]>> = {
  enter: [{ special: 'return' }],
  return: [{ special: 'return' }],
  esc: [{ special: 'escape' }],
  escape: [{ special: 'escape' }],
  tab: [{ special: 'tab' }],
  space: [{ char: ' ' }],
  up: [{ special: 'upArrow' }],
  down: [{ special: 'downArrow' }],
  left: [{ special: 'leftArrow' }],
  right: [{ special: 'rightArrow' }],
  pgup: [{ special: 'pageUp' }],
  pageup: [{ special: 'pageUp' }],
  pgdn: [{ special: 'pageDown' }],
  pagedown: [{ special: 'pageDown' }],
  home: [{ special: 'home' }],
  end: [{ special: 'end' }],
  // Most terminals send DEL for Backspace, and outside a text field the Delete key reads as DEL too.
  backspace: [{ special: 'delete' }, { special: 'backspace' }],
  delete: [{ special: 'deleteForward' }, { special: 'delete' }],
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i + 1}`, [{ special: `f${i + 1}` as SpecialKey }]])),
};

/** Control letters a terminal sends as another key: Ctrl-h is Backspace, Ctrl-i Tab, Ctrl-j and Ctrl-m Enter. */
export const CTRL_SAME_AS: Readonly<Record<string, string>> = { h: 'backspace', i: 'tab', j: 'enter', m: 'enter' };

export type ParsedKey = { readonly keys: readonly KeySpec[] } | { readonly problem: string };

/** Spaces, format and separator characters that show nothing (checked by range: a `\p{…}` regex costs some 50 ms to compile at start). */
export const INVISIBLE: readonly (readonly [number, number])[] = [
  [0x00a0, 0x00a0], [0x00ad, 0x00ad], [0x061c, 0x061c], [0x1680, 0x1680], [0x180e, 0x180e], [0x2000, 0x200f],
  [0x2028, 0x202f], [0x205f, 0x206f], [0x3000, 0x3000], [0xd800, 0xdfff], [0xfeff, 0xfeff], [0xfff9, 0xfffb],
];

const isPrintable = (ch: string): boolean => {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x7f) return code > 0x20;
  return code > 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0x9f) && !INVISIBLE.some(([from, to]) => code >= from && code <= to);
};

/** ASCII letters in lower case (String#toLowerCase loads the case tables: some 30 ms at start; a regex costs its compile). */
function asciiLower(name: string): string {
  let lower = '';
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    lower += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : name[i];
  }
  return lower;
}

/** One character (one code point). */
const isOneCharacter = (name: string): boolean => name.length === 1 || (name.length === 2 && (name.codePointAt(0) ?? 0) > 0xffff);

/** A name as a message quotes it: JSON, with every character that shows nothing written as `\\uXXXX`; a long one cut (`echoed`). */
export function quotedKeyName(name: string): string {
  let shown = '';
  for (const ch of echoed(name)) shown += ch === ' ' || isPrintable(ch) ? ch : `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
  return JSON.stringify(shown).replace(/\\\\u/g, '\\u');
}

/** The keys a name stands for (usually one), or why it names none. */
export function parseKeyName(name: string): ParsedKey {
  if (isOneCharacter(name)) return isPrintable(name) ? { keys: [{ char: name }] } : { problem: 'is not a key name' };
  const lower = asciiLower(name);
  // Own names only: `constructor` or `__proto__` must not find Object's.
  const named = Object.hasOwn(NAMED, lower) ? NAMED[lower] : undefined;
  if (named) return { keys: named };
  // String tests, not a regex: a `u` regex with `.` costs some 30 ms to compile at start.
  const modifier = lower.startsWith('ctrl-') ? 'ctrl' : lower.startsWith('alt-') ? 'alt' : undefined;
  const letter = modifier === undefined ? '' : lower.slice(modifier.length + 1);
  if (modifier !== undefined && letter.length === 1 && letter >= 'a' && letter <= 'z') {
    if (modifier === 'alt') return { keys: [{ alt: letter }] };
    const same = CTRL_SAME_AS[letter];
    if (same) return { problem: `is the same key as ${same} to the terminal` };
    return { keys: [{ ctrl: letter }] };
  }
  return { problem: 'is not a key name' };
}

const SPECIAL_NAMES: Readonly<Record<SpecialKey, string>> = {
  upArrow: 'up', downArrow: 'down', leftArrow: 'left', rightArrow: 'right', pageUp: 'pgup', pageDown: 'pgdn',
  home: 'home', end: 'end', return: 'enter', escape: 'esc', backspace: 'backspace', delete: 'backspace', tab: 'tab',
  deleteForward: 'delete', f1: 'f1', f2: 'f2', f3: 'f3', f4: 'f4', f5: 'f5', f6: 'f6', f7: 'f7', f8: 'f8', f9: 'f9', f10: 'f10', f11: 'f11', f12: 'f12',
};

/** A key as the config writes it: 'j', 'ctrl-d', 'enter', 'f5'. */
export function keyNameOf(spec: KeySpec): string {
  if ('char' in spec) return spec.char === ' ' ? 'space' : spec.char;
  if ('ctrl' in spec) return `ctrl-${spec.ctrl}`;
  if ('alt' in spec) return `alt-${spec.alt}`;
  return SPECIAL_NAMES[spec.special];
}

/** The config names of some keys, each once ('backspace' stands for both of Backspace's codes). */
export const keyNamesOf = (specs: readonly KeySpec[]): string[] => [...new Set(specs.map(keyNameOf))];
