/**
 * Asks the terminal for its background colour (OSC 11) before the app reads its input. A DA1
 * query goes right after it: every terminal answers DA1, and in order, so its reply says that
 * no OSC 11 answer is coming without waiting out the timeout. Both replies are taken out of the
 * input; anything typed meanwhile is given back to the stream for the app to read.
 */
import { parseOsc11Reply } from './background.js';
import type { Rgb } from './luminance.js';

const QUERY = '\u001B]11;?\u0007\u001B[c';
/** How long a terminal may take to answer; most answer within a few milliseconds. */
const ANSWER_MS = 100;
/** One more wait when an answer has begun but not ended (a slow link splitting it). */
const UNFINISHED_ANSWER_MS = 50;

const OSC11 = /\u001B\]11;[^\u0007\u001B]*(?:\u0007|\u001B\\)/g;
const DA1 = /\u001B\[\?[\d;]*c/g;
/** The start of either reply, cut off at the end of what arrived. */
const UNFINISHED = /\u001B(?:\](?:1(?:1(?:;[^\u0007\u001B]*)?)?)?|\[(?:\?[\d;]*)?)?$/;

export interface SortedInput {
  /** The background colour, when its reply arrived. */
  readonly color?: Rgb;
  /** True once the DA1 reply arrived: nothing more is coming. */
  readonly done: boolean;
  /** True when the input ends in the first part of a reply. */
  readonly unfinished: boolean;
  /** The bytes that were not replies (typed by the user), in order. */
  readonly rest: string;
}

/** Separates the terminal's replies from the user's keys in `input` (a latin1 string of bytes). */
export function sortInput(input: string): SortedInput {
  const color = parseOsc11Reply(input);
  const done = DA1.test(input);
  DA1.lastIndex = 0;
  let rest = input.replace(OSC11, '').replace(DA1, '');
  const unfinished = UNFINISHED.test(rest);
  if (unfinished) rest = rest.replace(UNFINISHED, '');
  return { ...(color ? { color } : {}), done, unfinished, rest };
}

export interface BackgroundQueryIo {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
}

/**
 * The terminal's background colour, or undefined when it did not say within ~100 ms. Only for a
 * TTY on both sides. Leaves stdin in raw mode and paused: the app takes it from there, and a
 * reply or key arriving now must not be echoed by the line discipline.
 */
export function queryBackground({ stdin, stdout }: BackgroundQueryIo, answerMs = ANSWER_MS): Promise<Rgb | undefined> {
  if (!stdin.isTTY || !stdout.isTTY) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let received = '';
    let timer: NodeJS.Timeout;
    let finished = false;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      stdin.off('data', onData);
      stdin.pause();
      const sorted = sortInput(received);
      if (sorted.rest !== '') stdin.unshift(Buffer.from(sorted.rest, 'latin1'));
      resolve(sorted.color);
    };
    const onData = (chunk: Buffer | string): void => {
      received += typeof chunk === 'string' ? chunk : chunk.toString('latin1');
      if (sortInput(received).done) finish();
    };
    const decide = (): void => {
      if (finished) return;
      if (sortInput(received).unfinished) timer = setTimeout(finish, UNFINISHED_ANSWER_MS);
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
    stdin.on('data', onData);
    timer = setTimeout(onTimeout, answerMs);
    stdout.write(QUERY);
  });
}
