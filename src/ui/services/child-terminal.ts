/**
 * A foreground command gets an open of the terminal of its own (/dev/tty), not the app's files:
 * what it does to its file's flags (bash, less or vi may make it blocking) stays its own, and the
 * app's reads of the terminal stay non-blocking, so none can ever hold the app up. Where there is
 * no /dev/tty (no controlling terminal, Windows) it shares the app's, as before.
 */
import { closeSync, constants, openSync } from 'node:fs';

export type ChildTerminal = number | 'inherit';

/** Runs `spawnWith` (which must spawn at once) with the terminal to give the child. */
export function withChildTerminal<T>(spawnWith: (terminal: ChildTerminal) => T): T {
  let fd: number | undefined;
  try {
    fd = openSync('/dev/tty', constants.O_RDWR | constants.O_NOCTTY);
  } catch {
    fd = undefined;
  }
  try {
    return spawnWith(fd ?? 'inherit');
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
