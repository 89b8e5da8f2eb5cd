/**
 * A terminal that was hung up (pty closed: SSH dropped, window closed) still sits on our standard
 * descriptors. At exit Node puts back the terminal modes of its stdio and aborts when that fails
 * (an assertion in ResetStdio, often then a segfault), as it does on a hung-up terminal.
 */
import { closeSync, fstatSync, openSync } from 'node:fs';
import { isatty } from 'node:tty';

/**
 * True when `fd` is a character device that is not (or no longer) a terminal: a hung-up terminal,
 * on which isatty fails with EIO — or something like /dev/null, which is as safe to release.
 */
export function isDeadTerminal(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice() && !isatty(fd);
  } catch {
    return false;
  }
}

/**
 * Points each standard descriptor on a dead terminal at /dev/null, so that Node's exit-time reset
 * skips it (it leaves alone a descriptor that no longer refers to the file it started with). Call
 * right before `process.exit`. A live terminal is not touched.
 */
export function releaseDeadTerminal(): void {
  for (const fd of [0, 1, 2]) {
    if (!isDeadTerminal(fd)) continue;
    try {
      closeSync(fd);
      const reopened = openSync('/dev/null', fd === 0 ? 'r' : 'w');
      if (reopened !== fd) closeSync(reopened);
    } catch {
      // nothing better to do on the way out
    }
  }
}
