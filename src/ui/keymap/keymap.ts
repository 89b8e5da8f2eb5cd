/**
 * The key table in effect: the defaults (keys/bindings.ts) with the config's `"keys"` (an action's
 * keys replaced) and `"commands"` (the user's own, each a binding `custom:<index>`). Every problem
 * is reported with the file and line of its entry, and nothing is dropped silently: a bad entry
 * is left out, and two actions sharing a key in one context both keep their defaults (docs/keymap.md).
 */
import { BINDINGS, setActiveBindings, type Binding, type Command, type KeySpec } from '../keys/bindings.js';
import { specLabel } from '../keys/help.js';
import { idOf } from '../keys/match.js';
import { findConflicts, type Conflict } from './conflicts.js';
import { keyNamesOf, parseKeyName } from './key-names.js';
import { isPlainObject, readOwnCommand, type OwnCommand } from './own-commands.js';
import { usableIn } from './usable.js';
import { sanitizeString } from '../../text/sanitize.js';

/** The raw `"keys"` and `"commands"` of a config file. */
export interface KeymapConfig {
  readonly keys?: unknown;
  readonly commands?: unknown;
}

/** Where an entry is in the config file, as `file:line`: `['keys', 'moveDown']`, `['commands', 2]`. */
export type ConfigPlace = (path: readonly [string] | readonly [string, string | number]) => string;

export interface Keymap {
  readonly bindings: readonly Binding[];
  readonly ownCommands: readonly OwnCommand[];
  /** One sentence each, starting with the file and line. */
  readonly problems: readonly string[];
}

const DEFAULT_COMMANDS = new Set<string>(BINDINGS.map((b) => b.command));



const labelOf = (specs: readonly KeySpec[]): string => [...new Set(specs.map(specLabel))].join(' / ');

const namesText = (specs: readonly KeySpec[]): string => keyNamesOf(specs).join(', ');

/** The `"keys"` entries that can be used, each action's keys once; `problems` gets the others. */
function readOverrides(keys: unknown, place: ConfigPlace, problems: string[]): Map<Command, KeySpec[]> {
  const overrides = new Map<Command, KeySpec[]>();
  if (keys === undefined) return overrides;
  if (!isPlainObject(keys)) {
    problems.push(`"keys" must be an object mapping action names to a key or a list of keys; the default keys are used (${place(['keys'])}).`);
    return overrides;
  }
  for (const [action, value] of Object.entries(keys)) {
    const at = place(['keys', action]);
    if (!DEFAULT_COMMANDS.has(action)) {
      problems.push(`${JSON.stringify(action)} is not an action (\`pagetui keys\` lists them); the entry is ignored (${at}).`);
      continue;
    }
    const command = action as Command;
    const keeps = `${action} keeps its default keys (${namesText(BINDINGS.find((b) => b.command === command)?.keys ?? [])})`;
    const names = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(names) || !names.every((n): n is string => typeof n === 'string')) {
      problems.push(`${action} must be given a key name or a list of key names; ${keeps} (${at}).`);
      continue;
    }
    if (names.length === 0) {
      problems.push(`${action} would have no key left; ${keeps} (${at}).`);
      continue;
    }
    const parsed = names.map((name) => ({ name, read: parseKeyName(name) }));
    const bad = parsed.find(({ read }) => 'problem' in read);
    if (bad && 'problem' in bad.read) {
      problems.push(`${JSON.stringify(bad.name)} (for ${action}) ${bad.read.problem}; ${keeps} (${at}).`);
      continue;
    }
    const specs = parsed.flatMap(({ read }) => ('keys' in read ? read.keys : []));
    const unique = specs.filter((s, i) => specs.findIndex((t) => idOf(t) === idOf(s)) === i);
    if (!BINDINGS.find((b) => b.command === command)?.contexts.some((c) => unique.some((s) => usableIn(s, c)))) {
      problems.push(`${JSON.stringify(names.join(', '))} cannot act where ${action} acts (letters are text in a text field, alt- keys act only there); ${keeps} (${at}).`);
      continue;
    }
    overrides.set(command, unique);
  }
  return overrides;
}

function readOwnCommands(commands: unknown, place: ConfigPlace, problems: string[]): OwnCommand[] {
  if (commands === undefined) return [];
  if (!Array.isArray(commands)) {
    problems.push(`"commands" must be a list of commands; none is added (${place(['commands'])}).`);
    return [];
  }
  return commands.flatMap((raw: unknown, index) => {
    const read = readOwnCommand(raw, index);
    if (!('problem' in read)) return [read];
    problems.push(`commands[${index}] ${read.problem}; it is left out (${place(['commands', index])}).`);
    return [];
  });
}

/**
 * A binding with new keys: they act wherever one of them can; where none can (a letter in a text
 * field), the action keeps its default keys in that context.
 */
function rebound(binding: Binding, keys: readonly KeySpec[]): Binding[] {
  const acts = binding.contexts.filter((c) => keys.some((s) => usableIn(s, c)));
  const rest = binding.contexts.filter((c) => !acts.includes(c));
  const main: Binding = { ...binding, keys, label: labelOf(keys), contexts: acts };
  return rest.length === 0 ? [main] : [main, { ...binding, contexts: rest }];
}

const ownBinding = (command: OwnCommand): Binding => ({
  command: `custom:${command.index}`,
  keys: command.keys,
  label: labelOf(command.keys),
  description: command.description,
  group: 'Actions',
  contexts: [command.screen === 'detail' ? 'detail' : 'list'],
  hint: true,
  screen: command.screen,
});

const tableOf = (overrides: ReadonlyMap<Command, readonly KeySpec[]>, own: readonly OwnCommand[]): Binding[] => [
  ...BINDINGS.flatMap((b) => {
    const keys = overrides.get(b.command);
    return keys ? rebound(b, keys) : [b];
  }),
  ...own.map(ownBinding),
];

/** Builds the table in effect from the config's `"keys"` and `"commands"`, with every problem found. */
export function buildKeymap(config: KeymapConfig, place: ConfigPlace): Keymap {
  const problems: string[] = [];
  const overrides = readOverrides(config.keys, place, problems);
  let own = readOwnCommands(config.commands, place, problems);
  let bindings = tableOf(overrides, own);
  // Each round puts at least one entry back to its default, so this ends; the defaults never clash.
  const changed = (command: Command): boolean => overrides.has(command) || command.startsWith('custom:');
  for (let conflicts = findConflicts(bindings, changed); conflicts.length > 0; conflicts = findConflicts(bindings, changed)) {
    for (const conflict of conflicts) {
      problems.push(conflictText(conflict, own, place));
      for (const command of [conflict.first, conflict.second]) overrides.delete(command);
    }
    const dropped = new Set<Command>(conflicts.flatMap((c) => [c.first, c.second]));
    own = own.filter((c) => !dropped.has(`custom:${c.index}`));
    bindings = tableOf(overrides, own);
  }
  return { bindings, ownCommands: own, problems: problems.map(sanitizeString) };
}

function conflictText(conflict: Conflict, own: readonly OwnCommand[], place: ConfigPlace): string {
  const ownOf = (command: Command) => own.find((c) => `custom:${c.index}` === command);
  const nameOf = (command: Command): string => {
    const mine = ownOf(command);
    return mine ? `your command commands[${mine.index}] (${JSON.stringify(mine.description)})` : command;
  };
  const placeOf = (command: Command): string | undefined => {
    const mine = ownOf(command);
    if (mine) return place(['commands', mine.index]);
    return DEFAULT_COMMANDS.has(command) && conflict.changed.includes(command) ? place(['keys', command]) : undefined;
  };
  const places = [...new Set([conflict.first, conflict.second].map(placeOf).filter((p): p is string => p !== undefined))];
  const back = (command: Command): string => (ownOf(command) ? `${nameOf(command)} is left out` : `${command} keeps its default keys`);
  return `${JSON.stringify(conflict.key)} is bound to both ${nameOf(conflict.first)} and ${nameOf(conflict.second)} in context ${conflict.context}; ${back(conflict.first)} and ${back(conflict.second)} (${joinPlaces(places)}).`;
}

/** The table when the config has neither `"keys"` nor `"commands"`. */
export const defaultKeymap = (): Keymap => ({ bindings: BINDINGS, ownCommands: [], problems: [] });

/** Puts a keymap's table in effect for the help, the footers and the key router (once, before the first frame). */
export function applyKeymap(keymap: Keymap): void {
  if (keymap.bindings !== BINDINGS) setActiveBindings(keymap.bindings);
}

/** 'config.json:5 and line 6' for two entries of one file. */
function joinPlaces(places: readonly string[]): string {
  const [first, second] = places;
  if (first === undefined || second === undefined) return first ?? '';
  const file = first.slice(0, first.lastIndexOf(':'));
  return second.startsWith(`${file}:`) ? `${first} and line ${second.slice(file.length + 1)}` : `${first} and ${second}`;
}
