/**
 * A foreground command that is stopped while the app waits for it (it raised SIGSTOP on itself,
 * or a Ctrl-z stopped it but not the app) would leave a screen no key leaves: the terminal is the
 * command's and it runs no more. Node reports no stops (libuv waits without WUNTRACED), so on Linux
 * the child's state is read from /proc/<pid>/stat every quarter second; stopped on two reads in a
 * row (not the moment a Ctrl-z stops the app with it), the user is asked to continue or end it.
 * Where /proc cannot be read nothing is watched.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { endTree, processTree } from './process-tree.js';

const POLL_MS = 250;
/** How long an ended command has after SIGTERM before SIGKILL. */
const END_GRACE_MS = 1_000;

export type StoppedAnswer = 'continue' | 'end';

/** The state letter of process `pid` ('R', 'S', 'T' stopped, …), or undefined where /proc cannot say. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Watches `child` until the returned function is called (when it has ended), which resolves once
 * a question still open is put away; `ask` puts the question while it is stopped (and gives up
 * with any answer once `signal` aborts).
 */
export function watchStoppedChild(child: ChildProcess, ask: (signal: AbortSignal) => Promise<StoppedAnswer>, state = processState): () => Promise<void> {
  const pid = child.pid;
  if (pid === undefined || state(pid) === undefined) return () => Promise.resolve();
  const asking = new AbortController();
  let stoppedReads = 0;
  let question: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (question) return;
    stoppedReads = state(pid) === 'T' ? stoppedReads + 1 : 0;
    if (stoppedReads < 2) return;
    stoppedReads = 0;
    question = ask(asking.signal).then((answer) => {
      question = undefined;
      if (asking.signal.aborted) return;
      if (answer === 'continue') return void child.kill('SIGCONT');
      // It and what it started: SIGTERM, then SIGCONT (a stopped process acts on SIGTERM only once continued).
      void endTree(processTree(pid), END_GRACE_MS);
    });
  }, POLL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    asking.abort();
    await question;
  };
}
