/** What a process has spent, read from /proc (Linux). */
import { readFileSync } from 'node:fs';

/** CPU time (user + system) a process has used, in ms, from /proc (Linux; NaN elsewhere). */
export function cpuMs(pid) {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** CPU time (user + system) of a process's main thread alone (JavaScript's, not the thread pool's), in ms. */
export function mainThreadCpuMs(pid) {
  return statCpuMs(`/proc/${pid}/task/${pid}/stat`);
}

function statCpuMs(path) {
  try {
    const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
