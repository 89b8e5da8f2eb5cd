/**
 * The question put to the user while a foreground command is stopped: written on the terminal the
 * command had (the app's screen is not up), answered by one key read in raw mode, in words a
 * screen reader says as they are.
 */
import type { TerminalInput } from '../input/terminal-input.js';
import type { StoppedAnswer } from './stopped-child.js';

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
    stdout.write(`\r\n\u001b[0m\u001b[?25hpagetui: Command ${name} has stopped (a stop signal). Press c to continue it, or k to end it.\r\n`);
    stdin.setRawMode(true);
  } catch {
    return 'end';
  }
  try {
    while (!signal.aborted) {
      const keys = await input.readOnceWhilePaused(signal);
      if (/[cC]/.test(keys)) return 'continue';
      if (/[kKqQ\u0003]/.test(keys)) return 'end';
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
