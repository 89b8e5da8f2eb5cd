/**
 * Whether what a command wrote to stdout got there. `groups` and `pages` watch their own writes
 * (list-commands.ts); the output of every other command (help, completion, doctor, config, keys…)
 * is watched here. A write that fails (stdout on a full disk) is said in one line and fails the
 * run with EXIT_WRITE, rather than crash on the stream's error (a stack trace) or exit 0 over an
 * empty file. A closed pipe (`| head`) is no failure: the reader had what it wanted.
 */
import { writeErrorReason } from '../fs/write-all.js';
import { EXIT_WRITE } from './commands/exit-codes.js';

/** Watches `stdout` from now on; the function returned gives the command's exit code once its output settled. */
export function watchStdout(stdout: NodeJS.WritableStream & { readonly writableNeedDrain?: boolean }, stderr: NodeJS.WritableStream): (code: number) => Promise<number> {
  let failure: unknown;
  stdout.on('error', (error: unknown) => {
    failure ??= error;
  });
  return async (code) => {
    // A failed write is told a tick later; output still queued is waited for.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (failure === undefined && stdout.writableNeedDrain === true) {
      await new Promise<void>((resolve) => {
        stdout.once('drain', resolve);
        stdout.once('error', () => resolve());
      });
    }
    if (failure === undefined || code === EXIT_WRITE || (failure as { code?: unknown }).code === 'EPIPE') return code;
    stderr.write(`pagetui: could not write standard output: ${writeErrorReason(failure)}\n`);
    return EXIT_WRITE;
  };
}
