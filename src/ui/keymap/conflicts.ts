/**
 * Two actions sharing a key in one context: the key router would run only the first, so the
 * keymap reports the pair instead. A key counts where it can act (see `usableIn`); two commands
 * of the user's own on different screens of the list (groups, pages) never meet.
 */
import type { Binding, Command, KeyContext, KeySpec } from '../keys/bindings.js';
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
  const conflicts: Conflict[] = [];
  const seen = new Set<string>();
  const byContext = new Map<KeyContext, Map<string, { binding: Binding; spec: KeySpec }[]>>();
  for (const binding of bindings) {
    for (const context of binding.contexts) {
      let keys = byContext.get(context);
      if (!keys) byContext.set(context, (keys = new Map()));
      for (const spec of binding.keys) {
        if (!usableIn(spec, context)) continue;
        const id = idOf(spec);
        const holders = keys.get(id) ?? [];
        // The first holder it meets is the one the key router would run: one pair per key, never every pair.
        const other = holders.find((h) => h.binding.command !== binding.command && meet(h.binding, binding))?.binding;
        const pair = other && `${other.command}\n${binding.command}`;
        const touched = other ? [other.command, binding.command].filter(changed) : [];
        if (other && pair && touched.length > 0 && !seen.has(pair)) {
          seen.add(pair);
          conflicts.push({ key: keyNameOf(spec), id, context, first: other.command, second: binding.command, changed: touched });
        }
        holders.push({ binding, spec });
        keys.set(id, holders);
      }
    }
  }
  return conflicts;
}
