/**
 * Whether Ctrl-z can hand the terminal back to a shell. A process that leads its own session
 * (`tmux new-session "exec pagetui"`, `ssh -t host pagetui`) has no job-control shell above it:
 * its process group is orphaned, the kernel drops SIGTSTP, and a SIGSTOP would leave it stopped
 * with nobody to `fg` it. Where this cannot be read (no /proc), suspending is tried as before.
 */
import { readFileSync } from 'node:fs';

export const CANNOT_SUSPEND = "Can't suspend here (no job control in this terminal).";

/** `stat` is /proc/<pid>/stat: pid (comm) state ppid pgrp session … */
export function leadsItsSession(stat: string): boolean {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const pgrp = fields[2];
  const session = fields[3];
  return pgrp !== undefined && pgrp === session;
}

export function canSuspend(readStat: () => string = () => readFileSync('/proc/self/stat', 'utf8')): boolean {
  let stat: string;
  try {
    stat = readStat();
  } catch {
    return true;
  }
  return !leadsItsSession(stat);
}
