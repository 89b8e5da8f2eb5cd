/**
 * A foreground command and every process it started, to end them together. The command shares the
 * app's process group (it must: that group is the terminal's foreground group while it runs, and
 * Node starts a group of its own only with a session of its own, which would leave it without the
 * terminal), so the group cannot be signalled without the app. Its tree is read from /proc (Linux)
 * before any signal, since a process whose parent ends is no longer found under it; each member is
 * known by its pid and start time, so a pid used again is never signalled. Where /proc cannot be
 * read the tree is the command alone.
 */
import { readFileSync } from 'node:fs';

export interface TreeMember {
  readonly pid: number;
  /** When it started (clock ticks since boot): with the pid, who it is. */
  readonly start: string | undefined;
}

const POLL_MS = 50;

/** The fields of /proc/<pid>/stat after the command name, or undefined when it is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** `pid` and its descendants, parents first. */
export function processTree(pid: number): TreeMember[] {
  const members: TreeMember[] = [];
  const seen = new Set<number>();
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift() as number;
    if (seen.has(next)) continue;
    seen.add(next);
    members.push({ pid: next, start: statFields(next)?.[19] });
    queue.push(...childrenOf(next));
  }
  return members;
}

/** Still running as the same process (not gone, not a zombie, its pid not taken by another). */
function alive(member: TreeMember): boolean {
  const fields = statFields(member.pid);
  if (fields === undefined) return member.start === undefined && signal(member, 0);
  return fields[0] !== 'Z' && fields[19] === member.start;
}

function signal(member: TreeMember, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(member.pid, name);
    return true;
  } catch {
    return false;
  }
}

/** Sends `name` to every member still running. */
function signalTree(members: readonly TreeMember[], name: NodeJS.Signals): void {
  for (const member of members) if (alive(member)) signal(member, name);
}

/**
 * Ends the tree: SIGTERM (with SIGCONT, should a member be stopped), then SIGKILL to what is still
 * there once the grace is over; resolves when every member has ended or it was killed.
 */
export async function endTree(members: readonly TreeMember[], graceMs: number): Promise<void> {
  signalTree(members, 'SIGTERM');
  signalTree(members, 'SIGCONT');
  const until = Date.now() + graceMs;
  // A timer that holds the process: the app may be ending, with nothing else left to keep it.
  while (members.some(alive) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  signalTree(members, 'SIGKILL');
}
