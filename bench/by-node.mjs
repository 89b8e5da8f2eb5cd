#!/usr/bin/env node
/**
 * `G` and the memory after it on each Node line users run: this machine's Node and the newest 22,
 * 24 and 26 from the npm registry (scripts/registry-node.mjs), each running both the app and the
 * bare loop (bench/g-cpu.mjs, which uses the Node it runs on). For every line: the wall ratio to
 * the loop on `demo` (the small shape furthest from the goal) and on `long`, both from a server that
 * does not compress, and RSS at "all 100,000 loaded" over `long` beside the loop's own RSS at its
 * end (the loop keeps nothing: what that Node and undici cost alone). Run after `npm run build`:
 *   node bench/by-node.mjs [--lines 22,24,26] [--runs 8]
 * Prints a table and writes it to bench/results/by-node.md (BENCH_RESULTS names another file; none: no file).
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { newestOfEachLine, registryNode } from '../scripts/registry-node.mjs';
import { writeResults } from './lib/results-file.mjs';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '22,24,26' }, runs: { type: 'string', default: '8' } } });
const RESULTS = process.env.BENCH_RESULTS ?? fileURLToPath(new URL('./results/by-node.md', import.meta.url));
const G_CPU = fileURLToPath(new URL('./g-cpu.mjs', import.meta.url));
const run = promisify(execFile);

/** The build's row of g-cpu's table, by column name. */
async function gCpu(node, shape, runs) {
  const { stdout } = await run(node, [G_CPU, '--shape', shape, '--compression', 'off', '--runs', String(runs)], { maxBuffer: 1 << 22, timeout: 1_800_000 });
  const lines = stdout.trim().split('\n');
  const header = lines.findIndex((l) => l.startsWith('build |'));
  const names = lines[header].split(' | ');
  const cells = lines[header + 1].split(' | ');
  return Object.fromEntries(names.map((name, i) => [name, cells[i]]));
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = loadavg()[0];
  const others = await newestOfEachLine(values.lines.split(',').filter(Boolean));
  const nodes = [{ version: process.versions.node, bin: process.execPath }];
  for (const { version } of others) nodes.push({ version, bin: await registryNode(version) });
  const rows = [];
  for (const { version, bin } of nodes) {
    const demo = await gCpu(bin, 'demo', Number(values.runs));
    const long = await gCpu(bin, 'long', 3);
    const row = `| ${version} | ${demo['wall ratio (min–max)']} | ${long['wall ratio (min–max)']} | ${long['RSS MB']} | ${long['loop RSS MB']} |`;
    process.stderr.write(`${row}\n`);
    rows.push(row);
  }
  const report = [
    `G over 100,000 pages from a server that does not compress, each line's own Node running both the app and the bare loop; medians of ${values.runs} rounds on demo, 3 on long.`,
    '',
    '| Node | G ÷ bare loop, demo (min–max) | G ÷ bare loop, long (min–max) | RSS at "all loaded", long (MB) | bare loop\'s RSS at its end, long (MB) |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  process.stdout.write(`${report}\n`);
  writeResults(RESULTS, { title: `node bench/by-node.mjs ${process.argv.slice(2).join(' ')}`.trim(), startedAt, loadAtStart }, report);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
