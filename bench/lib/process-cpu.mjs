/** What a process has spent, read from /proc (Linux). */
import { readFileSync } from 'node:fs';

/** CPU time (user + system) a process has used, in ms, from /proc (Linux; NaN elsewhere). */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
