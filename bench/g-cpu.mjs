#!/usr/bin/env node
// The CPU `G` costs over the demo server's data shapes (docs/data-shapes.md), against the bare
// undici loop (bench/lib/undici-loop.mjs: request, decode if compressed, JSON.parse) on the same
// server, run in turn: loop, G, loop, G (and with --compare, loop, G of the other build, …, the
// two builds' order swapped every round, and the wall ratios' difference taken round by round). On a
// shared machine wall time says little; CPU time does: the app's user+sys from `G` to "all N
// loaded" (from /proc), the loop's over its requests (process.cpuUsage). Run after `npm run build`:
//   node bench/g-cpu.mjs --shape long|mixed|… --compression on|off [--runs 3] [--pages 100000]
//                        [--compare <other pagetui.js>] [--cpu-prof <dir>] [--skip-floor]
// --cpu-prof writes each app's V8 profile to <dir> (node --cpu-prof; the app quits with q).
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { BUNDLE } from './lib/pty-session.mjs';
import { startServerHost } from './lib/server-host.mjs';
import { meanAndError, median } from './lib/stats.mjs';
import { timedGotoEnd } from './lib/timed-goto-end.mjs';

const { values } = parseArgs({
  options: {
    shape: { type: 'string', default: 'long' },
    compression: { type: 'string', default: 'off' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '100000' },
    compare: { type: 'string' },
    'cpu-prof': { type: 'string' },
    'skip-floor': { type: 'boolean', default: false },
  },
});
const PAGES = Number(values.pages);
const COMPRESS = values.compression === 'on';
const LOOP = fileURLToPath(new URL('./lib/undici-loop.mjs', import.meta.url));
const run = promisify(execFile);

async function bareLoop(server) {
  const { stdout } = await run(process.execPath, [LOOP, server.url, server.apiKey, 'grp-1', '100'], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout);
}

function gotoEnd(server, bundle) {
  const profile = values['cpu-prof'] === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']];
  const argv = [process.execPath, ...profile, bundle, '--base-url', server.url];
  return timedGotoEnd(argv, { env: { PAGETUI_API_KEY: server.apiKey }, pages: PAGES, timeoutMs: 1_200_000 });
}

async function main() {
  const server = await startServerHost({ pages: PAGES, shape: values.shape, compress: COMPRESS });
  const builds = [BUNDLE, ...(values.compare === undefined ? [] : [values.compare])];
  const runs = builds.map(() => []);
  const loadAtStart = loadavg()[0];
  try {
    for (let i = 0; i < Number(values.runs); i++) {
      // Swapped every round: the machine drifts, and the build run second would otherwise always meet it later.
      const order = i % 2 === 0 ? [...builds.entries()] : [...builds.entries()].reverse();
      for (const [b, bundle] of order) {
        const floor = values['skip-floor'] ? { cpuMs: Number.NaN, ms: Number.NaN, encoding: '-', rssMb: Number.NaN } : await bareLoop(server);
        const g = await gotoEnd(server, bundle);
        runs[b].push({ ...g, floor });
        process.stderr.write(
          `round ${i + 1}, ${bundle}: G CPU ${g.cpu.toFixed(0)} ms (main thread ${g.mainCpu.toFixed(0)} ms, ${g.ms.toFixed(0)} ms wall, ${g.frames} frames), ` +
            `loop CPU ${floor.cpuMs.toFixed(0)} ms (${floor.ms.toFixed(0)} ms wall, ${floor.encoding}), CPU ratio ${(g.cpu / floor.cpuMs).toFixed(2)}x, load ${loadavg()[0].toFixed(2)}\n`,
        );
      }
    }
  } finally {
    await server.close();
  }
  const lines = [
    `G over ${PAGES.toLocaleString('en-US')} pages, shape ${values.shape}, ${COMPRESS ? 'compressing' : 'not compressing'}; median of ${values.runs}, each G against the loop run just before it; node ${process.versions.node}, load average ${loadAtStart.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
    'build | G CPU ms | main thread CPU ms | loop CPU ms | CPU ratio (min–max) | G wall ms | loop wall ms | wall ratio (min–max) | frames | frames/s | RSS MB | loop RSS MB',
  ];
  for (const [b, bundle] of builds.entries()) {
    const rs = runs[b];
    const ratios = rs.map((r) => r.cpu / r.floor.cpuMs);
    const walls = rs.map((r) => r.ms / r.floor.ms);
    lines.push(
      [
        bundle,
        median(rs.map((r) => r.cpu)).toFixed(0),
        median(rs.map((r) => r.mainCpu)).toFixed(0),
        median(rs.map((r) => r.floor.cpuMs)).toFixed(0),
        `${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
        median(rs.map((r) => r.ms)).toFixed(0),
        median(rs.map((r) => r.floor.ms)).toFixed(0),
        `${median(walls).toFixed(2)}x (${Math.min(...walls).toFixed(2)}–${Math.max(...walls).toFixed(2)})`,
        median(rs.map((r) => r.frames)),
        median(rs.map((r) => (r.frames * 1000) / r.ms)).toFixed(1),
        median(rs.map((r) => r.rssMb)).toFixed(0),
        median(rs.map((r) => r.floor.rssMb ?? Number.NaN)).toFixed(0),
      ].join(' | '),
    );
  }
  if (builds.length === 2) lines.push(pairedDifference(runs));
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * The wall ratio's difference between the two builds, round by round: the spread of one build's
 * ratio between rounds (0.04–0.07 on the small shapes) hides a difference of 0.03 in medians of
 * 5–8 rounds, and the machine's drift moves both builds of a round alike.
 */
function pairedDifference(runs) {
  const diffs = runs[0].map((r, i) => r.ms / r.floor.ms - runs[1][i].ms / runs[1][i].floor.ms);
  const { mean, error } = meanAndError(diffs);
  const verdict = diffs.length < 8 ? 'too few rounds to judge: take 8 or more' : Math.abs(mean) < 2 * error ? 'within two standard errors: no difference seen' : mean < 0 ? 'this build faster' : 'this build slower';
  return `wall ratio, this build minus the other, round by round: ${mean >= 0 ? '+' : ''}${mean.toFixed(3)} ± ${error.toFixed(3)} (mean ± standard error, ${diffs.length} rounds; ${verdict})`;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
