/**
 * The key names `parseKeyName` reads, as JSON Schema patterns (for schema/config.schema.json):
 * written from the same tables, so an editor flags exactly the names the app refuses. Patterns
 * use only what ECMA-262 and Python's `re` both read (no `\p{…}`, no inline flags): case is
 * spelt out as `[Ee]`, characters as `\uXXXX`.
 */
import { TEXT_CONTEXTS, type KeyContext } from '../keys/bindings.js';
import { CTRL_SAME_AS, INVISIBLE, NAMED } from './key-names.js';

const hex = (code: number): string => `\\u${code.toString(16).padStart(4, '0')}`;

/** One printable character: anything but controls, spaces and the invisible characters. */
const CHARACTER = `[^${hex(0)}-${hex(0x20)}${hex(0x7f)}-${hex(0x9f)}${INVISIBLE.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('')}]`;

/** `enter` as `[Ee][Nn][Tt][Ee][Rr]`: names other than one character are read without regard to case. */
const anyCase = (name: string): string => [...name].map((c) => (/[a-z]/.test(c) ? `[${c.toUpperCase()}${c}]` : c)).join('');

/** Letters as a class, both cases: `a-gk-ln-z` and its capitals. */
function letterClass(letters: readonly string[]): string {
  const runs: string[] = [];
  for (let i = 0; i < letters.length; ) {
    let j = i;
    while (j + 1 < letters.length && (letters[j + 1] ?? '').charCodeAt(0) === (letters[j] ?? '').charCodeAt(0) + 1) j++;
    runs.push(i === j ? (letters[i] ?? '') : `${letters[i] ?? ''}-${letters[j] ?? ''}`);
    i = j + 1;
  }
  const lower = runs.join('');
  return `[${lower}${lower.toUpperCase()}]`;
}

const ALPHABET = Array.from({ length: 26 }, (_, i) => String.fromCharCode(0x61 + i));
const names = (filter: (name: string) => boolean): string => Object.keys(NAMED).filter(filter).sort().map(anyCase).join('|');

/** The kinds of key a name can stand for, as `usableIn` tells them apart. */
const KINDS = {
  /** One character, or `space`. */
  character: `${CHARACTER}|${anyCase('space')}`,
  /** Named keys other than space. */
  named: names((name) => NAMED[name]?.every((spec) => !('char' in spec)) ?? false),
  ctrl: `${anyCase('ctrl-')}${letterClass(ALPHABET.filter((letter) => CTRL_SAME_AS[letter] === undefined))}`,
  alt: `${anyCase('alt-')}${letterClass(ALPHABET)}`,
} as const;

type KeyKind = keyof typeof KINDS;

const patternOf = (kinds: readonly KeyKind[]): string => `^(?:${kinds.map((kind) => KINDS[kind]).join('|')})$`;

/** Any key name the app reads. */
export const KEY_NAME_PATTERN = patternOf(['character', 'named', 'ctrl', 'alt']);

/** The kinds of key that can act in one of `contexts`: letters are text in a text field, and Alt is read only there. */
function usableKinds(contexts: readonly KeyContext[]): KeyKind[] {
  const text = contexts.some((c) => TEXT_CONTEXTS.has(c));
  const other = contexts.some((c) => !TEXT_CONTEXTS.has(c));
  return (['character', 'named', 'ctrl', 'alt'] as const).filter((kind) => (kind === 'character' ? other : kind === 'alt' ? text : true));
}

/** Key names that can act in at least one of `contexts`. */
export const usableKeyPattern = (contexts: readonly KeyContext[]): string => patternOf(usableKinds(contexts));

/** Names the schema offers as examples. */
export const KEY_NAME_EXAMPLES: readonly string[] = ['j', 'G', '/', 'space', 'enter', 'esc', 'tab', 'up', 'pgdn', 'home', 'backspace', 'delete', 'f5', 'ctrl-d', 'alt-b'];
