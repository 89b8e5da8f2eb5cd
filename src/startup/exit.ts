import { isDeadTerminal, releaseDeadTerminal } from './dead-terminal.js';

/**
 * Ends the process with `code` once stdout has drained, so piped output is never cut short (a dead
 * terminal never drains). Open keep-alive sockets or a demo server must not keep a finished command
 * alive, hence an explicit exit.
 */
export function exitWhenDrained(code: number): void {
  const exit = () => {
    releaseDeadTerminal();
    process.exit(code);
  };
  if (process.stdout.writableNeedDrain && !(process.stdout.isTTY && isDeadTerminal(1))) process.stdout.once('drain', exit);
  else exit();
}

/** The last word on a failure nothing else caught: one line, no stack. */
export function exitOnUnexpected(error: unknown): void {
  process.stderr.write(`pagetui: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
  releaseDeadTerminal();
  process.exit(1);
}
