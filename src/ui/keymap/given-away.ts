/**
 * An action put back to its default keys by a clash gives up, context by context, the default keys
 * that the rest of the user's map has taken: one clash never undoes an unrelated entry.
 */
import type { Binding, Command, KeyContext, KeySpec } from '../keys/bindings.js';
import { keysLabel } from '../keys/help.js';
import { idOf, type KeyId } from '../keys/match.js';
import type { Conflict } from './conflicts.js';
import { usableIn } from './usable.js';

/** By action, the keys it gave up in each context. */
export type GivenAway = Map<Command, Map<KeyContext, Set<KeyId>>>;

/** A default binding without the keys it gave up: one binding per set of keys left, in context order. */
export function without(binding: Binding, given: ReadonlyMap<KeyContext, ReadonlySet<KeyId>> | undefined): Binding[] {
  if (!given) return [binding];
  const groups = new Map<string, { keys: KeySpec[]; contexts: KeyContext[] }>();
  for (const context of binding.contexts) {
    const gone = given.get(context);
    const keys = gone ? binding.keys.filter((s) => !gone.has(idOf(s))) : [...binding.keys];
    const id = keys.map(idOf).join(' ');
    const group = groups.get(id) ?? { keys, contexts: [] };
    groups.set(id, group);
    group.contexts.push(context);
  }
  return [...groups.values()].map(({ keys, contexts }) =>
    keys.length === binding.keys.length ? { ...binding, contexts } : { ...binding, keys, label: keysLabel(keys), contexts },
  );
}

/** Whether `back` keeps a key in the conflict's context once the conflict's key is taken from it. */
export function canGiveAway(bindings: readonly Binding[], back: Command, conflict: Conflict): boolean {
  const binding = bindings.find((b) => b.command === back && b.contexts.includes(conflict.context));
  return binding?.keys.some((s) => idOf(s) !== conflict.id && usableIn(s, conflict.context)) === true;
}

/** Takes the conflict's key from `back` in its context (check `canGiveAway` first). */
export function giveAway(given: GivenAway, back: Command, conflict: Conflict): void {
  const byContext = given.get(back) ?? new Map<KeyContext, Set<KeyId>>();
  given.set(back, byContext);
  byContext.set(conflict.context, new Set([...(byContext.get(conflict.context) ?? []), conflict.id]));
}
