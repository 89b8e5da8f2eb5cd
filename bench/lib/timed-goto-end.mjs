/**
 * One `G` in the app, timed from the keystroke to "all N loaded" on screen: wall ms, the app's CPU
 * ms over that span (from /proc, Linux; all threads, and the main thread's alone), its RSS then, and the frames it sent (DA1 queries); the
 * span's ends also as CLOCK_MONOTONIC ns (sentNs, loadedNs) to cut a `perf -k mono` record to it.
 * The group is opened first (open-group.mjs), and the app quits with q afterwards.
 */
import { readFileSync } from 'node:fs';
import { openGroup } from './open-group.mjs';
import { cpuMs, mainThreadCpuMs } from './process-cpu.mjs';
import { PtySession } from './pty-session.mjs';

/**
 * @param {string[]} argv the app's command line (program first)
 * @param {{env: Record<string, string>, pages: number, timeoutMs: number}} options
 */
export async function timedGotoEnd(argv, { env, pages, timeoutMs }) {
  const app = new PtySession(argv, { env });
  try {
    await openGroup(app, 'grp-1');
    let frames = 0;
    const count = ({ data }) => {
      frames += data.split('\u001b[c').length - 1;
    };
    app.listeners.add(count);
    const cpuBefore = cpuMs(app.pid);
    const mainBefore = mainThreadCpuMs(app.pid);
    const sentAt = performance.now();
    const sentNs = Number(process.hrtime.bigint());
    app.write('G');
    const loadedAt = await app.waitFor(`all ${pages.toLocaleString('en-US')} loaded`, timeoutMs);
    const loadedNs = Number(process.hrtime.bigint());
    const cpu = cpuMs(app.pid) - cpuBefore;
    const mainCpu = mainThreadCpuMs(app.pid) - mainBefore;
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${app.pid}/status`, 'utf8'))?.[1]) / 1024;
    app.listeners.delete(count);
    await app.settle(300);
    await app.quit('q', 30_000);
    return { ms: loadedAt - sentAt, cpu, mainCpu, rssMb, frames, sentNs, loadedNs };
  } finally {
    app.kill();
  }
}
