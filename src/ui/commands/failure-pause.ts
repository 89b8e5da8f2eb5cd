/**
 * After a foreground command of the user's own that failed (a non-zero exit, or ended by a signal
 * other than the Ctrl-C the user typed), what it wrote stays on the terminal with one line saying
 * how it ended, until Enter: the app's screen would cover its error at once. Written on the
 * terminal the command had (the app's screen is not up) and read in raw mode, as the stopped
 * command's question is (stopped-question.ts).
 */
import type { QuestionTerminal } from './stopped-question.js';
import { dropLeftoverKeys } from './leftover-keys.js';

/** Keys that go back: Enter, and the usual ways out (q, Esc, Space, Ctrl-C). */
const GO_BACK = /[\r\nqQ \u001b\u0003]/;

/** `text` is how the command ended, as the status bar says it (`Command "Make" exited 2`). */
export async function pauseAfterFailure(terminal: QuestionTerminal, text: string, signal: AbortSignal): Promise<void> {
  const { stdin, stdout, input } = terminal;
  if (!input || !stdin.isTTY) return;
  try {
    stdin.setRawMode(true);
  } catch {
    return;
  }
  try {
    // A key typed to the command that it never read (Ctrl-C to one that had the terminal raw) is
    // not the answer; dropped before the question shows, so no key typed for it is.
    await dropLeftoverKeys(input);
    if (!writes(stdout, `\r\n\u001b[0m\u001b[?25hpagetui: ${text}. Press Enter to go back.\r\n`)) return;
    while (!signal.aborted) {
      const keys = await input.readOnceWhilePaused(signal);
      const back = GO_BACK.exec(keys);
      if (!back) continue;
      // Typed after the question showed, the keys past the answer are the app's (not dropped as leftovers).
      // An Esc that starts a sequence (an arrow key) takes the sequence with it.
      const escSequence = back[0] === '\u001b' && keys.length > back.index + 1;
      input.keepTypedAhead(escSequence ? '' : keys.slice(back.index + back[0].length));
      return;
    }
  } finally {
    try {
      stdin.setRawMode(false);
    } catch {
      // The terminal is gone: the app ends through its watch.
    }
  }
}

function writes(stdout: NodeJS.WriteStream, text: string): boolean {
  try {
    stdout.write(text);
    return true;
  } catch {
    return false;
  }
}
