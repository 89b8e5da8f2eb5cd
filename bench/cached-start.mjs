#!/usr/bin/env node
// A second start against a server that answers after 500 ms, with the list cache (docs/cache.md):
// process start → the last session's rows on screen, and → the server's rows in their place, beside
// a bare bundled Ink app's first frame (the floor, measured the same way in the same run) and the
// same start with the list cache off. Not part of `npm run bench`; run
// `npm run build && node bench/cached-start.mjs [--runs 7] [--out bench/results/cached-start.md]`.
//
// Goals (issue 33): cached rows ≤ the bare Ink app's first frame; the server's rows by the time the
// answer arrives plus one frame, i.e. no later than the first data row of a start without the cache
// at the same latency (+ 16 ms, one frame at 60 fps).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from './lib/demo-server.mjs';
import { buildInkFloor, startInkPrinter } from './lib/floor-programs.mjs';
import { startApp } from './lib/pty-session.mjs';
import { writeResults } from './lib/results-file.mjs';
import { median } from './lib/stats.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' }, out: { type: 'string', default: 'bench/results/cached-start.md' } } });
const RUNS = Number(values.runs);
const LATENCY_MS = 500;
const FRAME_MS = 16;
const FIRST_TITLE = 'Evergreen Landing Pages';
const startedAt = new Date();
const loadAtStart = loadavg()[0];

await buildInkFloor();
const server = await startServer({ latencyMs: LATENCY_MS });
const cacheHome = mkdtempSync(join(tmpdir(), 'pagetui-bench-list-cache-'));
const withCache = { XDG_CACHE_HOME: cacheHome, PAGETUI_CACHE: undefined };
const withoutCache = { XDG_CACHE_HOME: cacheHome, PAGETUI_CACHE: 'off' };

const hasRows = (screen) => screen.includes(FIRST_TITLE);
const fresh = (screen) => hasRows(screen) && !/cached . /.test(screen);

/** One start: ms to the first data row, and to the server's rows (no "cached" mark). */
async function start(env) {
  const app = startApp(server, { env });
  try {
    const rows = (await app.waitFor(hasRows)) - app.startedAt;
    const cached = !fresh(app.screen());
    const served = (await app.waitFor(fresh)) - app.startedAt;
    await app.quit();
    return { rows, served, cached };
  } finally {
    app.kill();
  }
}

async function inkFirstFrame() {
  const session = startInkPrinter();
  try {
    return (await session.waitFor('ready')) - session.startedAt;
  } finally {
    session.kill();
    await session.exited;
  }
}

const ink = [];
const cachedRows = [];
const servedRows = [];
const plainRows = [];
let allCached = true;
try {
  // Fills the code cache and the list cache, as a first start does.
  await start(withCache);
  for (let i = 0; i < RUNS; i++) {
    ink.push(await inkFirstFrame());
    const second = await start(withCache);
    allCached &&= second.cached;
    cachedRows.push(second.rows);
    servedRows.push(second.served);
    plainRows.push((await start(withoutCache)).rows);
  }
} finally {
  rmSync(cacheHome, { recursive: true, force: true });
  await server.close();
}

const ms = (n) => `${Math.round(n)} ms`;
const inkMedian = median(ink);
const plainMedian = median(plainRows);
const lines = [
  `Server latency ${LATENCY_MS} ms (demo server on 127.0.0.1), 120x40 pty, ${RUNS} runs interleaved, medians; code cache warm.`,
  '',
  '| Figure | Median | Goal | Floor (same run) | Met |',
  '| --- | --- | --- | --- | --- |',
  `| second start → the last session's rows on screen (marked cached) | ${ms(median(cachedRows))} | ≤ bare Ink app's first frame = ${ms(inkMedian)} | ${ms(inkMedian)} (bundled Ink app, one line) | ${allCached && median(cachedRows) <= inkMedian ? 'yes' : 'no'} |`,
  `| second start → the server's rows in their place | ${ms(median(servedRows))} | ≤ first data row without the cache + one frame = ${ms(plainMedian + FRAME_MS)} | ${ms(plainMedian)} (same start, list cache off) | ${median(servedRows) <= plainMedian + FRAME_MS ? 'yes' : 'no'} |`,
  '',
  `Runs (ms): Ink ${ink.map(Math.round).join(', ')}; cached rows ${cachedRows.map(Math.round).join(', ')}; server's rows ${servedRows.map(Math.round).join(', ')}; without the cache ${plainRows.map(Math.round).join(', ')}.`,
];
console.log(lines.join('\n'));
writeResults(values.out, { title: 'node bench/cached-start.mjs', startedAt, loadAtStart }, lines.join('\n'));
process.exit(0);
