/** Processes a test started through a shell: the pids of `pid`'s children, from /proc (Linux). */
import { readFileSync } from 'node:fs';

/** The pids of `pid`'s children; none when it has none or is gone. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
