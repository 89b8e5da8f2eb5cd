/** Fake TTY streams for a terminal on the other end: `stdin` takes what the terminal sends, `stdout` what is written to it. */
import { PassThrough } from 'node:stream';

export function fakeTtyStreams(tty = true) {
  const stdin = Object.assign(new PassThrough(), {
    isTTY: tty,
    isRaw: false,
    setRawMode(mode: boolean) {
      stdin.isRaw = mode;
      return stdin;
    },
  });
  const stdout = Object.assign(new PassThrough(), { isTTY: tty });
  return { stdin, stdout };
}
