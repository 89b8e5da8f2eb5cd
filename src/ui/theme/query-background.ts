/**
 * Asks the terminal for its background colour (OSC 11) before the app reads its input. A DA1
 * query goes right after it: every terminal answers DA1, and in order, so its reply says that no
 * OSC 11 answer is coming. The wait is for an answer, not for a time: over SSH the answer comes a
 * round trip later, and a local terminal answers within milliseconds, so only a terminal that
 * answers nothing at all waits out the cap. An OSC 11 answer that comes after the cap is still
 * handed to `onLate`. The replies are read by the app's one input reader, which never takes a
 * reply for keys (not even one that comes late or cut in two); anything typed meanwhile waits
 * there for the app.
 */
import { terminalInput } from '../input/terminal-input.js';
import { parseOsc11Reply } from './background.js';
import type { Rgb } from './luminance.js';

const QUERY = '\u001B]11;?\u0007\u001B[c';
/**
 * How long a terminal may take to answer: past a slow link's round trip (satellite, a congested
 * mobile link, a jump host or two), since a terminal that answers nothing is rare.
 */
const ANSWER_CAP_MS = 1_000;
/** One more wait when an answer has begun but not ended (a slow link splitting it). */
const UNFINISHED_ANSWER_MS = 50;
/** How long an answer is still listened for after the cap, for `onLate`. */
const LATE_ANSWER_MS = 10_000;

const DA1 = /^\u001B\[\?[\d;]*c$/;

export interface BackgroundQueryIo {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
}

export interface BackgroundAnswer {
  /** The colour the terminal answered OSC 11 with, if it did in time. */
  readonly color?: Rgb;
  /** Milliseconds from the query to the first answer (OSC 11, else DA1); undefined when none came. */
  readonly replyMs?: number;
}

export interface BackgroundQueryOptions {
  readonly capMs?: number;
  /** An OSC 11 answer that came after the wait ended, with its time from the query. */
  readonly onLate?: (color: Rgb, replyMs: number) => void;
}

/**
 * The terminal's answer, or none when it did not say within the cap. Only for a TTY on both
 * sides. Leaves stdin in raw mode: the app takes it from there, and a reply or key arriving now
 * must not be echoed by the line discipline.
 */
export function queryBackground({ stdin, stdout }: BackgroundQueryIo, options: BackgroundQueryOptions = {}): Promise<BackgroundAnswer> {
  if (!stdin.isTTY || !stdout.isTTY) return Promise.resolve({});
  const { capMs = ANSWER_CAP_MS, onLate } = options;
  return new Promise((resolve) => {
    const input = terminalInput(stdin);
    const askedAt = performance.now();
    let answer: { color?: Rgb; replyMs?: number } = {};
    let timer: NodeJS.Timeout;
    let finished = false;
    let stopListening = (): void => {};
    const finish = (): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      resolve(answer);
      if (onLate && answer.color === undefined && answer.replyMs === undefined) {
        timer = setTimeout(stopListening, LATE_ANSWER_MS);
        timer.unref();
      } else stopListening();
    };
    const decide = (): void => {
      if (finished) return;
      if (input.unfinished()) timer = setTimeout(finish, UNFINISHED_ANSWER_MS);
      else finish();
    };
    // The app loads its UI while the terminal answers, and a long synchronous load can outlast
    // the cap with the reply already waiting: timers run before the loop reads input, so the
    // decision waits for this turn's reads (setImmediate runs after them).
    const onTimeout = (): void => {
      setImmediate(decide);
    };
    try {
      stdin.setRawMode(true);
    } catch {
      resolve({});
      return;
    }
    stopListening = input.awaitReplies((reply) => {
      const replyMs = Math.round(performance.now() - askedAt);
      const color = parseOsc11Reply(reply);
      if (finished) {
        if (color) onLate?.(color, replyMs);
        if (color || DA1.test(reply)) {
          clearTimeout(timer);
          stopListening();
        }
        return;
      }
      if (color) answer = { color, replyMs };
      else if (DA1.test(reply)) answer = { ...answer, replyMs: answer.replyMs ?? replyMs };
      if (color || DA1.test(reply)) finish();
    });
    timer = setTimeout(onTimeout, capMs);
    stdout.write(QUERY);
  });
}
