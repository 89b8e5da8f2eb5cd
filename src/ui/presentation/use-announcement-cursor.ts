import { useCallback, useRef, useState } from 'react';
import type { InputListener } from '../input/terminal-input.js';
import { useInputEvents } from '../input/use-input-events.js';

type Said = readonly unknown[] | undefined;

const sameSaid = (a: Said, b: Said): boolean =>
  a === undefined || b === undefined ? a === b : a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** How many announcements the user moved on from are remembered. */
const HEARD_KEPT = 64;

/**
 * The announcements a key came during (the user moved on from them), newest last. Kept outside the
 * status line, which a terminal too small to draw the app unmounts: drawn again, it leaves the
 * cursor with the selection rather than announcing the same words again. A list's error that an
 * outcome was said over, back after the next key, is one of them: it does not take the cursor again.
 */
let heard: Said[] = [];

/** Whether `said` is an announcement the user already moved on from. */
const wasHeard = (said: Said): boolean => said !== undefined && heard.some((h) => sameSaid(h, said));

/** Notes that a key came while `said` was on the line. */
function noteHeard(said: Said): void {
  if (said === undefined || wasHeard(said)) return;
  heard = [...heard, said].slice(-HEARD_KEPT);
}

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
    noteHeard(shown.current);
    setKeys((n) => n + 1);
  }, []);
  useInputEvents(onKey);
  const last = useRef<{ said: Said; keys: number }>(wasHeard(said) ? { said, keys: -1 } : { said: undefined, keys: -1 });
  const changed = !sameSaid(said, last.current.said);
  if (changed) last.current = { said, keys: wasHeard(said) ? -1 : keys };
  return said !== undefined && last.current.keys === keys;
}
