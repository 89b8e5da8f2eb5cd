/**
 * The background commands of the user's own that are running: what the footer names, what a
 * second press of the same key is refused by, and what the app ends when it ends (each started
 * detached, so its process group is its own: SIGTERM to the group, SIGKILL after a grace).
 */
import type { ChildProcess } from 'node:child_process';
import { durationText } from '../../text/duration.js';

/** How long a command has to end after SIGTERM at quit before SIGKILL. */
const STOP_GRACE_MS = 1_000;

interface Running {
  readonly name: string;
  readonly child: ChildProcess;
  readonly startedAt: number;
  readonly exited: Promise<void>;
}

export class BackgroundCommands {
  private readonly running = new Map<number, Running>();
  private stopping = false;

  constructor(
    /** Told the names of those running whenever one starts or ends. */
    private readonly onChange: (names: readonly string[]) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long command `index` has been running, in words ('40s'), or undefined when it is not. */
  runningFor(index: number): string | undefined {
    const job = this.running.get(index);
    return job ? durationText((this.now() - job.startedAt) / 1000) : undefined;
  }

  /** True once the app is ending them: their ends are no longer news. */
  ending(): boolean {
    return this.stopping;
  }

  add(index: number, name: string, child: ChildProcess): void {
    const exited = new Promise<void>((resolve) => {
      const gone = (): void => {
        if (this.running.get(index)?.child === child) this.running.delete(index);
        if (!this.stopping) this.changed();
        resolve();
      };
      // 'exit', not 'close': a program it started may keep its pipes open after it has ended.
      child.once('exit', gone);
      child.once('error', gone);
    });
    this.running.set(index, { name, child, startedAt: this.now(), exited });
    this.changed();
  }

  /**
   * Ends every command still running (SIGTERM to its process group, SIGKILL to what is left after
   * a grace) and resolves with one line for each, as stderr says it once the terminal is restored.
   */
  async stopAll(graceMs = STOP_GRACE_MS): Promise<string[]> {
    this.stopping = true;
    const jobs = [...this.running.values()];
    if (jobs.length === 0) return [];
    const lines = jobs.map((job) => `pagetui: stopped background command ${JSON.stringify(job.name)} (ran ${durationText((this.now() - job.startedAt) / 1000)})\n`);
    for (const job of jobs) signalGroup(job.child, 'SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.all(jobs.map((job) => job.exited)), graceOver]);
    clearTimeout(timer);
    // Every group, also one whose first program has ended: what it started may still be there.
    for (const job of jobs) signalGroup(job.child, 'SIGKILL', job.child.exitCode === null && job.child.signalCode === null);
    return lines;
  }

  private changed(): void {
    this.onChange([...this.running.values()].map((job) => job.name));
  }
}

/**
 * Signals the child's process group (its own: it was started detached), or the child alone where
 * that fails and it still runs. A group outlives its first program while a member is left, and
 * its id is not given to another process meanwhile.
 */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals, childRuns = true): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    if (!childRuns) return;
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
}
