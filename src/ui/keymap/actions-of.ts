import type { Binding, Command } from '../keys/bindings.js';

/**
 * Each command once, as the config's `"keys"` names it: its first binding, acting in the contexts
 * of all its bindings (pageDown in the filter bar too, where its keys are fewer).
 */
export function actionsOf(bindings: readonly Binding[]): Binding[] {
  const first = new Map<Command, Binding>();
  for (const binding of bindings) {
    const seen = first.get(binding.command);
    if (!seen) first.set(binding.command, binding);
    else first.set(binding.command, { ...seen, contexts: [...seen.contexts, ...binding.contexts.filter((c) => !seen.contexts.includes(c))] });
  }
  return [...first.values()];
}
