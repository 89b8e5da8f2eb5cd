/** The results file a bench writes: a header naming the run's machine, then the report. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, relative } from 'node:path';
import { BUNDLE } from './pty-session.mjs';

/**
 * Writes `report` to `path` ('none': nowhere) under a header; returns whether it wrote.
 * @param {string} path
 * @param {{title: string, startedAt: Date, loadAtStart: number, dateNote?: string}} run
 * @param {string} report
 */
export function writeResults(path, { title, startedAt, loadAtStart, dateNote = '' }, report) {
  if (path === 'none') return false;
  const cpu = cpus();
  const header = [
    `# Bench results (\`${title}\`)`,
    '',
    `- Date: ${startedAt.toISOString()}${dateNote}`,
    `- Node: ${process.version} (${process.platform} ${process.arch})`,
    `- CPU: ${cpu[0]?.model ?? 'unknown'} × ${cpu.length}`,
    `- Load average (1 min) at start / end: ${loadAtStart.toFixed(2)} / ${loadavg()[0].toFixed(2)}`,
    // Relative to the project, so the committed file names no machine's folders.
    `- Bundle: ${relative(process.cwd(), BUNDLE) || BUNDLE}`,
    '',
  ].join('\n');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${header}\n${report}\n`);
  return true;
}
