/** The way a component reads keys: each segment of the one input reader, looked up in the key table of a context. */
import { useCallback, useRef } from 'react';
import type { InputListener } from '../input/terminal-input.js';
import { useInputEvents } from '../input/use-input-events.js';
import type { KeyContext } from './bindings.js';
import { matcherFor, type MatchedPress } from './match.js';

/**
 * Calls `onKeys` with the keys of every segment, each with its command in `context` (undefined
 * when the table binds it to nothing there). Text typed into a field of a text context is not
 * passed on: it belongs to the field.
 */
export function useKeyCommands(
  context: KeyContext,
  onKeys: (presses: readonly MatchedPress[]) => void,
  options: { readonly isActive?: boolean } = {},
): void {
  const handler = useRef(onKeys);
  handler.current = onKeys;
  const listener = useCallback<InputListener>(
    (event) => {
      if (event.kind !== 'keys') return;
      const presses = matcherFor(context).presses(event);
      if (presses.length > 0) handler.current(presses);
    },
    [context],
  );
  useInputEvents(listener, options.isActive ?? true);
}
