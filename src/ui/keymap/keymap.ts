/**
 * The key table in effect: the defaults (keys/bindings.ts) with the config's `"keys"` (an action's
 * keys replaced) and `"commands"` (the user's own, each a binding `custom:<index>`). Every problem
 * is reported with the file and line of its entry, and nothing is dropped silently: a bad entry
 * is left out, and actions sharing a key in one context all go back to their defaults (docs/keymap.md).
 */
import { BINDINGS, setActiveBindings, TEXT_CONTEXTS, type Binding, type Command, type KeyContext, type KeySpec } from '../keys/bindings.js';
import { actionsOf } from './actions-of.js';
import { keysLabel } from '../keys/help.js';
import { idOf } from '../keys/match.js';
import { findConflicts } from './conflicts.js';
import { conflictTexts, type ConfigPlace } from './conflict-text.js';
import { canGiveAway, giveAway, without, type GivenAway } from './given-away.js';
import { keyNamesOf, parseKeyName, quotedKeyName } from './key-names.js';
import { isPlainObject, readOwnCommand, type OwnCommand } from './own-commands.js';
import { usableIn } from './usable.js';
import { sanitizeString } from '../../text/sanitize.js';
import { echoed } from '../../text/echoed.js';

/** The raw `"keys"` and `"commands"` of a config file. */
export interface KeymapConfig {
  readonly keys?: unknown;
  readonly commands?: unknown;
}

export type { ConfigPlace } from './conflict-text.js';

export interface Keymap {
  readonly bindings: readonly Binding[];
  readonly ownCommands: readonly OwnCommand[];
  /** One sentence each, starting with the file and line. */
  readonly problems: readonly string[];
}

/** Each action's first binding in the default table, with every context the action acts in. */
const DEFAULT_BINDING: ReadonlyMap<string, Binding> = new Map(actionsOf(BINDINGS).map((b) => [b.command, b] as const));


const namesText = (specs: readonly KeySpec[]): string => keyNamesOf(specs).join(', ');

/**
 * Whether new keys can do the action's work: act in one of its contexts at least and, for an
 * action of the prompts (submit, cancel), in one of its text fields, where it is mostly used: a
 * letter for submit would act in the view picker only, and Enter would stay everywhere else.
 * An action of browsing given letters acts with them there and keeps its defaults in the filter bar.
 */
function actsWhereItMust(binding: Binding, keys: readonly KeySpec[]): boolean {
  const acts = (contexts: readonly KeyContext[]): boolean => contexts.some((c) => keys.some((s) => usableIn(s, c)));
  const textFields = binding.group === 'Prompts' ? binding.contexts.filter((c) => TEXT_CONTEXTS.has(c)) : [];
  return acts(binding.contexts) && (textFields.length === 0 || acts(textFields));
}

/** The `"keys"` entries that can be used, each action's keys once; `problems` gets the others. */
function readOverrides(keys: unknown, place: ConfigPlace, problems: string[]): Map<Command, KeySpec[]> {
  const overrides = new Map<Command, KeySpec[]>();
  if (keys === undefined) return overrides;
  if (!isPlainObject(keys)) {
    problems.push(`"keys" must be an object mapping action names to a key or a list of keys; the default keys are used (${place(['keys'])}).`);
    return overrides;
  }
  for (const [action, value] of Object.entries(keys)) {
    // Both only when there is a problem to say: locating the line reads the whole file.
    const at = (): string => place(['keys', action]);
    const keeps = (): string => `${action} keeps its default keys (${namesText(DEFAULT_BINDING.get(action)?.keys ?? [])})`;
    const binding = DEFAULT_BINDING.get(action);
    if (!binding) {
      problems.push(`${JSON.stringify(echoed(action))} is not an action (\`pagetui keys\` lists them); the entry is ignored (${at()}).`);
      continue;
    }
    const command = binding.command;
    const names = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(names) || !names.every((n): n is string => typeof n === 'string')) {
      problems.push(`${action} must be given a key name or a list of key names; ${keeps()} (${at()}).`);
      continue;
    }
    if (names.length === 0) {
      problems.push(`${action} would have no key left; ${keeps()} (${at()}).`);
      continue;
    }
    const parsed = names.map((name) => ({ name, read: parseKeyName(name) }));
    const bad = parsed.find(({ read }) => 'problem' in read);
    if (bad && 'problem' in bad.read) {
      problems.push(`${quotedKeyName(bad.name)} (for ${action}) ${bad.read.problem}; ${keeps()} (${at()}).`);
      continue;
    }
    const specs = parsed.flatMap(({ read }) => ('keys' in read ? read.keys : []));
    const unique = specs.filter((s, i) => specs.findIndex((t) => idOf(t) === idOf(s)) === i);
    if (!actsWhereItMust(binding, unique)) {
      problems.push(`${JSON.stringify(echoed(names.join(', ')))} cannot act where ${action} acts (letters are text in a text field, alt- keys act only there); ${keeps()} (${at()}).`);
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
    // An entry the schema took out (src/config-schema/index.ts), already said with its line.
    if (raw === undefined) return [];
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
  const main: Binding = { ...binding, keys, label: keysLabel(keys), contexts: acts };
  return rest.length === 0 ? [main] : [main, { ...binding, contexts: rest }];
}

const ownBinding = (command: OwnCommand): Binding => ({
  command: `custom:${command.index}`,
  keys: command.keys,
  label: keysLabel(command.keys),
  description: command.description,
  group: 'Actions',
  contexts: [command.screen === 'detail' ? 'detail' : 'list'],
  hint: true,
  screen: command.screen,
});

const tableOf = (overrides: ReadonlyMap<Command, readonly KeySpec[]>, own: readonly OwnCommand[], given: GivenAway): Binding[] => [
  ...BINDINGS.flatMap((b) => {
    const keys = overrides.get(b.command);
    return keys ? rebound(b, keys) : without(b, given.get(b.command));
  }),
  ...own.map(ownBinding),
];

/** Builds the table in effect from the config's `"keys"` and `"commands"`, with every problem found. */
export function buildKeymap(config: KeymapConfig, place: ConfigPlace): Keymap {
  const problems: string[] = [];
  const overrides = readOverrides(config.keys, place, problems);
  let own = readOwnCommands(config.commands, place, problems);
  const texts = conflictTexts(own, place);
  // Actions put back to their defaults by a clash, and the keys they leave to the rest of the user's map.
  const putBack = new Set<Command>();
  const given: GivenAway = new Map();
  let bindings = tableOf(overrides, own, given);
  // Each round puts an entry back to its default or takes a key from one put back, so this ends.
  const changed = (command: Command): boolean => overrides.has(command) || command.startsWith('custom:');
  // After the first round only the entries put back can meet a new clash: the rest met none.
  let checked: (command: Command) => boolean = changed;
  for (let conflicts = findConflicts(bindings, changed); conflicts.length > 0; conflicts = findConflicts(bindings, changed, checked)) {
    const dropped = new Set<Command>();
    for (const conflict of conflicts) {
      // A clash only because actions went back to their defaults: the key stays with the user's one entry.
      const keepers = conflict.commands.filter(changed);
      const backs = conflict.commands.filter((c) => putBack.has(c) && !changed(c));
      const keeper = keepers[0];
      if (keeper !== undefined && keepers.length === 1 && backs.length === conflict.commands.length - 1 && backs.every((b) => canGiveAway(bindings, b, conflict))) {
        for (const back of backs) {
          giveAway(given, back, conflict);
          problems.push(texts.leftTo(conflict, back, keeper));
        }
        continue;
      }
      problems.push(texts.clash(conflict));
      for (const command of keepers) {
        dropped.add(command);
        if (overrides.delete(command)) putBack.add(command);
      }
    }
    own = own.filter((c) => !dropped.has(`custom:${c.index}`));
    bindings = tableOf(overrides, own, given);
    checked = (command) => dropped.has(command);
  }
  return { bindings, ownCommands: own, problems: problems.map(sanitizeString) };
}

/** The table when the config has neither `"keys"` nor `"commands"`. */
export const defaultKeymap = (): Keymap => ({ bindings: BINDINGS, ownCommands: [], problems: [] });

/** Puts a keymap's table in effect for the help, the footers and the key router (once, before the first frame). */
export function applyKeymap(keymap: Keymap): void {
  if (keymap.bindings !== BINDINGS) setActiveBindings(keymap.bindings);
}
