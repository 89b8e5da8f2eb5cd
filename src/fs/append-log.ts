/**
 * A log file we append to: opened O_WRONLY|O_APPEND|O_CREAT with mode 0600 (and made 0600 when it
 * existed wider), never through a symlink (O_NOFOLLOW, and the path checked first), never a FIFO or
 * device (O_NONBLOCK, so opening a FIFO cannot wait; then anything but a regular file is closed and
 * refused). Every byte of a line is written (`writeAllSync`); the first failure (a full disk)
 * stops the log and is told once: a log never stops the program it describes.
 */
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, openSync } from 'node:fs';
import { writeAllSync, writeErrorReason } from './write-all.js';

export class AppendLog {
  #fd: number | undefined;
  readonly #onFailure: (reason: string) => void;

  private constructor(fd: number, onFailure: (reason: string) => void) {
    this.#fd = fd;
    this.#onFailure = onFailure;
  }

  /** Opens `path` for appending, or says in a few words why it cannot be. */
  static open(path: string, onFailure: (reason: string) => void): AppendLog | { problem: string } {
    try {
      const before = lstatSync(path, { throwIfNoEntry: false });
      if (before?.isSymbolicLink()) return { problem: 'it is a symbolic link' };
      if (before !== undefined && !before.isFile()) return { problem: 'it is not a regular file' };
      const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o600);
      const stat = fstatSync(fd);
      if (!stat.isFile()) {
        closeSync(fd);
        return { problem: 'it is not a regular file' };
      }
      if ((stat.mode & 0o077) !== 0) fchmodSync(fd, 0o600);
      return new AppendLog(fd, onFailure);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return { problem: code === 'ELOOP' ? 'it is a symbolic link' : writeErrorReason(error) };
    }
  }

  /** True until a write failed or the log was closed. */
  get open(): boolean {
    return this.#fd !== undefined;
  }

  /** Appends `text`; after a failure, nothing (the failure was told once). */
  write(text: string): void {
    const fd = this.#fd;
    if (fd === undefined) return;
    try {
      writeAllSync(fd, text);
    } catch (error) {
      this.close();
      this.#onFailure(writeErrorReason(error));
    }
  }

  close(): void {
    const fd = this.#fd;
    this.#fd = undefined;
    if (fd !== undefined) closeSync(fd);
  }
}
