/**
 * Dropping what the terminal already holds when the app reads it again after a foreground command
 * of the user's own: keys typed for the command that it never read (a Ctrl-C to one that had the
 * terminal raw would quit the app). Only what is there at once: what is read within the next two
 * turns of the event loop, before anyone could have seen the app's screen again and typed for it.
 */
import type { TerminalInput } from '../input/terminal-input.js';

/** With the terminal raw and `input` paused. */
export async function dropLeftoverKeys(input: TerminalInput): Promise<void> {
  const enough = new AbortController();
  setImmediate(() => setImmediate(() => enough.abort()));
  while (!enough.signal.aborted) await input.readOnceWhilePaused(enough.signal);
}
