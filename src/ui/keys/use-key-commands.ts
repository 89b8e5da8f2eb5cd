/** The one way a component reads keys: ink's `useInput`, looked up in the key table for a context. */
import { useInput } from 'ink';
import type { KeyContext } from './bindings.js';
import { matcherFor, type MatchedPress } from './match.js';

/**
 * Calls `onKeys` with the keys of every `useInput` call, each with its command in `context`
 * (undefined when the table binds it to nothing there). Text typed into a field of a text context
 * is not passed on: it belongs to the field.
 */
export function useKeyCommands(
  context: KeyContext,
  onKeys: (presses: readonly MatchedPress[]) => void,
  options: { readonly isActive?: boolean } = {},
): void {
  useInput((input, key) => {
    const presses = matcherFor(context).presses(input, key);
    if (presses.length > 0) onKeys(presses);
  }, options);
}
