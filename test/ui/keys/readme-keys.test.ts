/** The README's key table and the binding table name the same keys. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINDINGS } from '../../../src/ui/keys/index.js';

const README = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');

/** The keys in backticks in the first column of the "## Keys" table. */
function readmeKeys(): Set<string> {
  const section = README.split('\n## Keys\n')[1]?.split('\n## ')[0] ?? '';
  const keys = new Set<string>();
  for (const line of section.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const m of first.matchAll(/`([^`]+)`/g)) keys.add(normalize(m[1] ?? ''));
  }
  return keys;
}

// The table's short names, as the README spells them out.
const SPELLED: Readonly<Record<string, string>> = { Bksp: 'Backspace' };
const normalize = (label: string): string => {
  const spelled = SPELLED[label] ?? label;
  return spelled.startsWith('Ctrl-') ? spelled.toLowerCase() : spelled;
};

/** Every key label of the bindings that act while browsing (the prompts describe their own keys). */
function boundKeys(): Set<string> {
  const browsing = BINDINGS.filter((b) => b.contexts.some((c) => c === 'list' || c === 'detail' || c === 'help'));
  return new Set(browsing.flatMap((b) => b.label.split(' / ').map(normalize)));
}

describe("the README's key table", () => {
  it('was found', () => {
    expect(readmeKeys().size).toBeGreaterThan(10);
  });

  it('names every key the app binds while browsing', () => {
    const readme = readmeKeys();
    expect([...boundKeys()].filter((k) => !readme.has(k))).toEqual([]);
  });

  it('names no key the app does not bind', () => {
    const bound = boundKeys();
    expect([...readmeKeys()].filter((k) => !bound.has(k))).toEqual([]);
  });
});
