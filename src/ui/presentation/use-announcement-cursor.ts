import { useCallback, useRef, useState } from 'react';
import type { InputListener } from '../input/terminal-input.js';
import { useInputEvents } from '../input/use-input-events.js';

type Said = readonly unknown[] | undefined;

const sameSaid = (a: Said, b: Said): boolean =>
  a === undefined || b === undefined ? a === b : a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * The announcement a key last came during (the user moved on from it). Kept outside the status
 * line, which a terminal too small to draw the app unmounts: drawn again, it leaves the cursor
 * with the selection rather than announcing the same words again.
 */
let movedOn: Said;

/**
 * Whether the cursor rests on the status line's announcement ("Done: …", "Error: …"): from the
 * frame that first says it until the next key, which takes the cursor back to the selection. So
 * "read current line" right after an outcome reads the outcome. `said` names the announcement (its
 * toast, kind and words); undefined when the line says none.
 */
export function useAnnouncementCursor(said: Said): boolean {
  const [keys, setKeys] = useState(0);
  const shown = useRef(said);
  shown.current = said;
  const onKey = useCallback<InputListener>((event) => {
    if (event.kind !== 'keys') return;
    if (shown.current !== undefined) movedOn = shown.current;
    setKeys((n) => n + 1);
  }, []);
  useInputEvents(onKey);
  const last = useRef<{ said: Said; keys: number }>(sameSaid(said, movedOn) ? { said, keys: -1 } : { said: undefined, keys: -1 });
  const changed = !sameSaid(said, last.current.said);
  if (changed) last.current = { said, keys };
  return said !== undefined && last.current.keys === keys;
}
