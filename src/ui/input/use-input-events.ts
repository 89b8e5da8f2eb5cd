/** How a component hears the terminal: the one reader of ink's stdin (see terminal-input.ts). */
import { useStdin } from 'ink';
import { useEffect } from 'react';
import { terminalInput, type InputListener } from './terminal-input.js';

/**
 * Hands `listener` every key segment and mouse report while `active`. It is called as given, so
 * pass a stable function (one that reads the latest props through a ref, if it needs them).
 */
export function useInputEvents(listener: InputListener, active = true): void {
  const { stdin } = useStdin();
  useEffect(() => (active ? terminalInput(stdin).listen(listener) : undefined), [stdin, listener, active]);
}
