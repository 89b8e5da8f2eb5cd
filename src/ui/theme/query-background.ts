/**
 * Asks the terminal for its background colour (OSC 11) before the app reads its input. A DA1
 * query goes right after it: every terminal answers DA1, and in order, so its reply says that
 * no OSC 11 answer is coming without waiting out the timeout. The replies are read by the app's
 * one input reader, which never takes a reply for keys (not even one that comes late or cut in
 * two); anything typed meanwhile waits there for the app.
 */
import { terminalInput } from '../input/terminal-input.js';
import { parseOsc11Reply } from './background.js';
import type { Rgb } from './luminance.js';

const QUERY = '\u001B]11;?\u0007\u001B[c';
/** How long a terminal may take to answer; most answer within a few milliseconds. */
const ANSWER_MS = 100;
/** One more wait when an answer has begun but not ended (a slow link splitting it). */
const UNFINISHED_ANSWER_MS = 50;

const DA1 = /^\u001B\[\?[\d;]*c$/;

export interface BackgroundQueryIo {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
}

/**
 * The terminal's background colour, or undefined when it did not say within ~100 ms. Only for a
 * TTY on both sides. Leaves stdin in raw mode: the app takes it from there, and a reply or key
 * arriving now must not be echoed by the line discipline.
 */
export function queryBackground({ stdin, stdout }: BackgroundQueryIo, answerMs = ANSWER_MS): Promise<Rgb | undefined> {
  if (!stdin.isTTY || !stdout.isTTY) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const input = terminalInput(stdin);
    let color: Rgb | undefined;
    let timer: NodeJS.Timeout;
    let finished = false;
    let stopListening = (): void => {};
    const finish = (): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      stopListening();
      resolve(color);
    };
    const decide = (): void => {
      if (finished) return;
      if (input.unfinished()) timer = setTimeout(finish, UNFINISHED_ANSWER_MS);
      else finish();
    };
    // The app loads its UI while the terminal answers, and a long synchronous load can outlast
    // the timeout with the reply already waiting: timers run before the loop reads input, so the
    // decision waits for this turn's reads (setImmediate runs after them).
    const onTimeout = (): void => {
      setImmediate(decide);
    };
    try {
      stdin.setRawMode(true);
    } catch {
      resolve(undefined);
      return;
    }
    stopListening = input.awaitReplies((reply) => {
      color ??= parseOsc11Reply(reply);
      if (DA1.test(reply)) finish();
    });
    timer = setTimeout(onTimeout, answerMs);
    stdout.write(QUERY);
  });
}
