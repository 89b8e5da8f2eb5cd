/**
 * Two actions sharing a key in one context: the key router would run only the first, so the
 * keymap reports the pair instead. A key counts where it can act (see `usableIn`); two commands
 * of the user's own on different screens of the list (groups, pages) never meet.
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
  /** The two commands, in table order. */
  readonly first: Command;
  readonly second: Command;
  /** Which of the two the config changed (a remapped action, or a command of the user's own). */
  readonly changed: readonly Command[];
}

const meet = (a: Binding, b: Binding): boolean => a.screen === undefined || b.screen === undefined || a.screen === b.screen;

/**
 * Every pair of commands sharing a key in a context where at least one was changed by the config
 * (`changed`), each pair once, in table order.
 */
export function findConflicts(bindings: readonly Binding[], changed: (command: Command) => boolean): Conflict[] {
  // Only a key some changed entry has can clash (the defaults never do): the rest of the table is
  // passed over without naming its keys, which is most of the cost at start.
  const hot = new Map<KeyContext, Set<KeyId>>();
  for (const binding of bindings) {
    if (!changed(binding.command)) continue;
    for (const context of binding.contexts) {
      const ids = hot.get(context) ?? new Set<KeyId>();
      hot.set(context, ids);
      for (const spec of binding.keys) if (usableIn(spec, context)) ids.add(idOf(spec));
    }
  }
  const conflicts: Conflict[] = [];
  const seen = new Set<string>();
  const holders = new Map<string, Binding[]>();
  for (const binding of bindings) {
    for (const context of binding.contexts) {
      const ids = hot.get(context);
      if (ids === undefined) continue;
      for (const spec of binding.keys) {
        const id = idOf(spec);
        if (!ids.has(id) || !usableIn(spec, context)) continue;
        const at = `${context}\n${id}`;
        const here = holders.get(at) ?? [];
        holders.set(at, here);
        // The first holder it meets is the one the key router would run: one pair per key, never every pair.
        const other = here.find((h) => h.command !== binding.command && meet(h, binding));
        here.push(binding);
        if (other === undefined) continue;
        const pair = `${other.command}\n${binding.command}`;
        const touched = [other.command, binding.command].filter(changed);
        if (touched.length === 0 || seen.has(pair)) continue;
        seen.add(pair);
        conflicts.push({ key: keyNameOf(spec), id, context, first: other.command, second: binding.command, changed: touched });
      }
    }
  }
  return conflicts;
}
