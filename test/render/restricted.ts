/**
 * A terminal restricted to what its terminfo entry says it can do: the control sequences the
 * entry lacks, and a way to feed output to a headless xterm as such a terminal would take it
 * (ignoring them), so a sequence it does not understand shows up as a wrong screen.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTerminfo, type TerminfoEntry } from '../../src/terminfo/parse.js';

const TERMINFO_FIXTURES = join(import.meta.dirname, '../fixtures/terminfo');

/** Reads only the shipped entries, whatever the machine has installed. */
export const fixtureEnv = (term: string) => ({ TERM: term, TERMINFO: TERMINFO_FIXTURES, TERMINFO_DIRS: '/nonexistent' });

export function fixtureEntry(term: string): TerminfoEntry {
  return parseTerminfo(readFileSync(join(TERMINFO_FIXTURES, term.charAt(0), term)));
}

interface Sequence {
  readonly name: string;
  readonly pattern: RegExp;
  /** Whether the entry declares it. */
  readonly declared: (entry: TerminfoEntry) => boolean;
}

const has = (cap: string) => (entry: TerminfoEntry) => entry.strings.has(cap);

const SEQUENCES: readonly Sequence[] = [
  { name: 'ECH', pattern: /\u001B\[\d*X/g, declared: has('ech') },
  { name: 'EL', pattern: /\u001B\[[012]?K/g, declared: has('el') },
  { name: 'DECSTBM', pattern: /\u001B\[(\d+;\d+)?r/g, declared: has('csr') },
  { name: 'SU', pattern: /\u001B\[\d*S/g, declared: has('indn') },
  { name: 'SD', pattern: /\u001B\[\d*T/g, declared: has('rin') },
  { name: 'CHA', pattern: /\u001B\[\d*G/g, declared: has('hpa') },
  { name: 'alternate screen', pattern: /\u001B\[\?1049[hl]/g, declared: (e) => e.strings.get('smcup')?.includes('?1049h') === true },
  { name: 'cursor hiding', pattern: /\u001B\[\?25[hl]/g, declared: has('civis') },
  {
    name: 'synchronized output',
    pattern: /\u001B\[\?2026[hl]/g,
    declared: (e) => e.strings.has('Sync') || /^(xterm|tmux)/.test(e.names[0] ?? ''),
  },
];

/** The sequences `entry` does not declare. */
export function missingSequences(entry: TerminfoEntry): readonly Sequence[] {
  return SEQUENCES.filter((sequence) => !sequence.declared(entry));
}

/** The names of the missing sequences that occur in `output`. */
export function undeclaredIn(output: string, missing: readonly Sequence[]): string[] {
  return missing.filter(({ pattern }) => output.match(pattern) !== null).map(({ name }) => name);
}

/** `output` as a terminal lacking `missing` takes it: those sequences have no effect. */
export function asRestrictedTerminal(output: string, missing: readonly Sequence[]): string {
  return missing.reduce((out, { pattern }) => out.replaceAll(pattern, ''), output);
}
