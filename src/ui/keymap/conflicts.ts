/**
 * Actions sharing a key in one context: the key router would run only the first, so the keymap
 * reports them instead, all of them at once (three on one key are one clash, not two pairs). A key
 * counts where it can act (see `usableIn`); two commands of the user's own on different screens of
 * the list (groups, pages) never meet.
 */
import type { Binding, Command, KeyContext } from '../keys/bindings.js';
import { idOf, type KeyId } from '../keys/match.js';
import { keyNameOf } from './key-names.js';
import { usableIn } from './usable.js';

export interface Conflict {
  /** The key as the config writes it. */
  readonly key: string;
  /** The key as the decoder names it. */
  readonly id: KeyId;
  readonly context: KeyContext;
  /** The commands on the key there, each once, in table order: two or more. */
  readonly commands: readonly Command[];
  /** False when some of them do not clash with each other (commands of the user's own on different screens). */
  readonly everyPair: boolean;
  /** Which of them the config changed (a remapped action, or a command of the user's own). */
  readonly changed: readonly Command[];
}

/** The holders that clash with at least one other: own commands meet built-in actions, and each other on one screen. */
function clashing(holders: readonly Binding[]): { readonly members: Binding[]; readonly everyPair: boolean } {
  const builtIn = holders.filter((h) => h.screen === undefined).length;
  const perScreen = new Map<string, number>();
  for (const h of holders) if (h.screen !== undefined) perScreen.set(h.screen, (perScreen.get(h.screen) ?? 0) + 1);
  const members = holders.filter((h) => (h.screen === undefined ? holders.length > 1 : builtIn > 0 || (perScreen.get(h.screen) ?? 0) > 1));
  return { members, everyPair: new Set(members.map((m) => m.screen).filter((s) => s !== undefined)).size <= 1 };
}

/**
 * Every group of commands sharing a key in a context where at least one was changed by the config
 * (`changed`), in table order; a group already said in another context (the same commands or fewer) is said once.
 * Only the keys of the commands `checked` picks (all changed ones unless given) are looked at: a
 * later round, after some went back to their defaults, need only look at those.
 */
export function findConflicts(bindings: readonly Binding[], changed: (command: Command) => boolean, checked: (command: Command) => boolean = changed): Conflict[] {
  // Only a key some checked entry has can clash (the defaults never do): the rest of the table is
  // passed over at the cost of naming each key once, which is most of the cost at start.
  const hot = new Map<KeyContext, Set<KeyId>>();
  const hotIds = new Set<KeyId>();
  for (const binding of bindings) {
    if (!checked(binding.command)) continue;
    for (const context of binding.contexts) {
      const ids = hot.get(context) ?? new Set<KeyId>();
      hot.set(context, ids);
      for (const spec of binding.keys) {
        if (!usableIn(spec, context)) continue;
        const id = idOf(spec);
        ids.add(id);
        hotIds.add(id);
      }
    }
  }
  const holders = new Map<string, { context: KeyContext; spec: Binding['keys'][number]; bindings: Binding[] }>();
  for (const binding of bindings) {
    for (const spec of binding.keys) {
      const id = idOf(spec);
      if (!hotIds.has(id)) continue;
      for (const context of binding.contexts) {
        if (hot.get(context)?.has(id) !== true || !usableIn(spec, context)) continue;
        const at = `${context}\n${id}`;
        const entry = holders.get(at);
        if (entry === undefined) holders.set(at, { context, spec, bindings: [binding] });
        // One command's bindings are next to each other in the table: each command once.
        else if (entry.bindings.at(-1)?.command !== binding.command) entry.bindings.push(binding);
      }
    }
  }
  const conflicts: Conflict[] = [];
  const said: Set<Command>[] = [];
  for (const { context, spec, bindings: on } of holders.values()) {
    if (on.length < 2) continue;
    const { members, everyPair } = clashing(on);
    const commands = members.map((b) => b.command);
    const touched = commands.filter(changed);
    if (commands.length < 2 || touched.length === 0) continue;
    if (said.some((group) => commands.every((command) => group.has(command)))) continue;
    said.push(new Set(commands));
    conflicts.push({ key: keyNameOf(spec), id: idOf(spec), context, commands, everyPair, changed: touched });
  }
  return conflicts;
}
