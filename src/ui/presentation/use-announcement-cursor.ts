import { useCallback, useRef, useState } from 'react';
import type { InputListener } from '../input/terminal-input.js';
import { useInputEvents } from '../input/use-input-events.js';

/**
 * Whether the cursor rests on the status line's announcement ("Done: …", "Error: …"): from the
 * frame that first says it until the next key, which takes the cursor back to the selection. So
 * "read current line" right after an outcome reads the outcome. `said` names the announcement (its
 * toast, kind and words); undefined when the line says none.
 */
export function useAnnouncementCursor(said: readonly unknown[] | undefined): boolean {
  const [keys, setKeys] = useState(0);
  const onKey = useCallback<InputListener>((event) => {
    if (event.kind === 'keys') setKeys((n) => n + 1);
  }, []);
  useInputEvents(onKey);
  const last = useRef<{ said: readonly unknown[] | undefined; keys: number }>({ said: undefined, keys: -1 });
  const previous = last.current.said;
  const changed = said === undefined || previous === undefined ? said !== previous : said.length !== previous.length || said.some((v, i) => !Object.is(v, previous[i]));
  if (changed) last.current = { said, keys };
  return said !== undefined && last.current.keys === keys;
}
