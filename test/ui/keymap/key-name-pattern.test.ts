/**
 * The schema's key-name patterns say yes exactly where the app's key-name reader does: an editor
 * flags `hyper-g`, `ee`, `f13` and `ctrl-h` as pagetui refuses them, and accepts what it reads.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEXT_CONTEXTS, type KeyContext } from '../../../src/ui/keys/bindings.js';
import { KEY_NAME_EXAMPLES, KEY_NAME_PATTERN, usableKeyPattern } from '../../../src/ui/keymap/key-name-pattern.js';
import { NAMED, parseKeyName } from '../../../src/ui/keymap/key-names.js';
import { usableIn } from '../../../src/ui/keymap/usable.js';

const keyName = new RegExp(KEY_NAME_PATTERN, 'u');
const reads = (name: string): boolean => !('problem' in parseKeyName(name));

/** Names near the edges: every named key in odd case, chords of every ASCII character, f0-f13. */
const EDGES: string[] = [
  ...Object.keys(NAMED).flatMap((n) => [n, n.toUpperCase(), `${n[0]?.toUpperCase() ?? ''}${n.slice(1)}`, `${n}x`, ` ${n}`]),
  ...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).flatMap((c) => [c, `ctrl-${c}`, `CTRL-${c}`, `alt-${c}`, `Alt-${c}`, `meta-${c}`]),
  ...Array.from({ length: 14 }, (_, i) => `f${i}`),
  '__proto__', 'constructor', 'toString', 'hasOwnProperty',
  'hyper-g', 'ee', 'ctrl-', 'alt-', 'ctrl-ab', '\u00a0', '\u200b', '\ufeff', '\u202e', '\ud800', '\u{1f600}', '\u{1f600}\u{1f600}', 'é', 'ẞ', '\u00ad', '\u3000', '\u2028',
];

describe('the key-name pattern of the config schema', () => {
  it('agrees with parseKeyName on every edge name', () => {
    const disagreements = EDGES.filter((name) => keyName.test(name) !== reads(name));
    expect(disagreements.map((n) => JSON.stringify(n))).toEqual([]);
  });

  it('agrees with parseKeyName on arbitrary strings', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 3, unit: 'grapheme' }), fc.string({ maxLength: 12, unit: 'binary' }), fc.constantFrom(...EDGES)), (name) => keyName.test(name) === reads(name)), { numRuns: 1000 });
  });

  it('offers only examples the app reads', () => {
    expect(KEY_NAME_EXAMPLES.filter((n) => !reads(n))).toEqual([]);
  });

  it('says a key can act in some contexts exactly when usableIn does', () => {
    const sets: KeyContext[][] = [['list'], ['detail'], ['filter'], ['list', 'filter'], ['export', 'jump'], ['help', 'errorView']];
    for (const contexts of sets) {
      const usable = new RegExp(usableKeyPattern(contexts), 'u');
      for (const name of EDGES) {
        const read = parseKeyName(name);
        const app = 'keys' in read && read.keys.some((spec) => contexts.some((c) => usableIn(spec, c)));
        expect(usable.test(name), `${JSON.stringify(name)} in ${contexts.join(',')} (text: ${contexts.map((c) => TEXT_CONTEXTS.has(c)).join(',')})`).toBe(app);
      }
    }
  });
});
