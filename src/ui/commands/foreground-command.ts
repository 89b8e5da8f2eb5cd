/**
 * The foreground command of the user's own that has the terminal, if one has. When the app is
 * ended from outside (SIGTERM, SIGHUP) while it runs, the command is ended too, before the app
 * puts the terminal back: it is in the app's process group, so a `kill` of the app alone would
 * leave it running on the shell's terminal (a hang-up reaches it through the kernel, a SIGTERM
 * does not). SIGTERM (with SIGCONT, should it be stopped) to it and every process it started
 * (process-tree.ts), then SIGKILL to what is left after a grace.
 */
import type { ChildProcess } from 'node:child_process';
import { durationText } from '../../text/duration.js';
import { endTree, processTree } from './process-tree.js';

/** How long the command has to end after SIGTERM before SIGKILL. */
const STOP_GRACE_MS = 1_000;

export class ForegroundCommand {
  private current: { readonly name: string; readonly child: ChildProcess; readonly startedAt: number; readonly exited: Promise<void> } | undefined;
  private stopping = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** True once the app is ending it: its end is no longer news. */
  ending(): boolean {
    return this.stopping;
  }

  started(name: string, child: ChildProcess): void {
    const exited = new Promise<void>((resolve) => {
      const gone = (): void => {
        if (this.current?.child === child) this.current = undefined;
        resolve();
      };
      child.once('exit', gone);
      child.once('error', gone);
    });
    this.current = { name, child, startedAt: this.now(), exited };
  }

  /** Ends the command if one runs; resolves once it has ended (or the grace is over) with the line stderr says. */
  async stop(graceMs = STOP_GRACE_MS): Promise<string[]> {
    this.stopping = true;
    const job = this.current;
    if (job === undefined) return [];
    const line = `pagetui: stopped command ${JSON.stringify(job.name)} (ran ${durationText((this.now() - job.startedAt) / 1000)})\n`;
    // The program and whatever it started (a `sh -c` that does not exec its last command leaves it a child).
    if (job.child.pid !== undefined) await endTree(processTree(job.child.pid), graceMs);
    return [line];
  }
}
