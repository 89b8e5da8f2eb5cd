/**
 * Key names as the config's `"keys"` and `"commands"` write them (docs/keymap.md): one printable
 * character ("j", "G", "/", case counts), `ctrl-<letter>`, `alt-<letter>`, or a named key ("enter",
 * "esc", "tab", "space", "up", "pgdn", "home", "f5", …). Names other than single characters are
 * read without regard to case. `parseKeyName` is the one reader; `keyNameOf` writes a key back.
 */
import type { KeySpec, SpecialKey } from '../keys/bindings.js';

/** Named keys and what the decoder calls each (Backspace and Delete as the key table binds them). */
const NAMED: Readonly<Record<string, readonly KeySpec[]>> = {
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
const CTRL_SAME_AS: Readonly<Record<string, string>> = { h: 'backspace', i: 'tab', j: 'enter', m: 'enter' };

export type ParsedKey = { readonly keys: readonly KeySpec[] } | { readonly problem: string };

const isPrintable = (ch: string): boolean => {
  const code = ch.codePointAt(0) ?? 0;
  return code > 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0x9f) && !/\p{Cf}|\p{Zl}|\p{Zp}|\p{Zs}/u.test(ch);
};

/** The keys a name stands for (usually one), or why it names none. */
export function parseKeyName(name: string): ParsedKey {
  if ([...name].length === 1) return isPrintable(name) ? { keys: [{ char: name }] } : { problem: 'is not a key name' };
  const lower = name.toLowerCase();
  const named = NAMED[lower];
  if (named) return { keys: named };
  const combo = /^(ctrl|alt)-(.)$/u.exec(lower);
  if (combo && /^[a-z]$/.test(combo[2] ?? '')) {
    const letter = combo[2] ?? '';
    if (combo[1] === 'alt') return { keys: [{ alt: letter }] };
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
