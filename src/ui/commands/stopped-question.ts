/**
 * The question put to the user while a foreground command is stopped: written on the terminal the
 * command had (the app's screen is not up), answered by one key read in raw mode, in words a
 * screen reader says as they are.
 */
import type { TerminalInput } from '../input/terminal-input.js';
import type { StoppedAnswer } from './stopped-child.js';
import { dropLeftoverKeys } from './leftover-keys.js';

export interface QuestionTerminal {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly input: TerminalInput | undefined;
}

/** `name` is the command's description as messages give it (quoted, sanitised). */
export async function askAboutStopped(terminal: QuestionTerminal, name: string, signal: AbortSignal): Promise<StoppedAnswer> {
  const { stdin, stdout, input } = terminal;
  if (!input || !stdin.isTTY) return 'end';
  try {
    stdin.setRawMode(true);
  } catch {
    return 'end';
  }
  try {
    // Keys typed to the command before it stopped, which it never read, are not the answer.
    await dropLeftoverKeys(input);
    stdout.write(`\r\n\u001b[0m\u001b[?25hpagetui: Command ${name} has stopped (a stop signal). Press c to continue it, or k to end it.\r\n`);
    while (!signal.aborted) {
      const keys = await input.readOnceWhilePaused(signal);
      const answer = /[cCkKqQ\u0003]/.exec(keys);
      if (!answer) continue;
      if (/[cC]/.test(answer[0])) return 'continue';
      // Ended, the app takes the terminal back: what was typed after the answer is for it.
      input.keepTypedAhead(keys.slice(answer.index + answer[0].length));
      return 'end';
    }
    return 'end';
  } finally {
    try {
      stdin.setRawMode(false);
    } catch {
      // The terminal is gone: the app ends through its watch.
    }
  }
}
