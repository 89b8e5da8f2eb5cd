/**
 * `npm run bench:million`: the app over one page group of 1,000,000 pages (the demo server computes
 * each page from its index; it holds no list). One session per run: `G` to the end (timed, beside a
 * bare undici loop over the same cursors), RSS once loaded, then keystrokes (j/k) and filter
 * keystrokes over everything loaded. Takes three to four minutes; BENCH_RUNS or `--runs N` sets the runs
 * (default 3: one `G` beside one loop moves by a fifth either way from run to run on a 2-core VM).
 * Then the same figures on every data shape against a compressing and a non-compressing server
 * (shape-matrix.mjs: `--shapes demo,long` or `none`, `--compression on|off|both`; long names take
 * several times as long); `--quick` runs once.
 * Prints a table and writes it to bench/results/million.md (BENCH_RESULTS names another file;
 * `none` writes none). BENCH_KEYS_OUT=<file> appends every session's per-press latencies to it (a
 * JSON line each), to tell one slow keystroke from many.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { browseSession } from './lib/browse.mjs';
import { startServerHost } from './lib/server-host.mjs';
import { BUNDLE } from './lib/pty-session.mjs';
import { millionRows } from './lib/memory-rows.mjs';
import { writeResults } from './lib/results-file.mjs';
import { renderRows } from './lib/table.mjs';
import { benchOptions, measureShapes, shapesSection } from './lib/shape-matrix.mjs';

const PAGES = 1_000_000;
const LIMIT = 100;
const options = benchOptions();
const RUNS = options.runs ?? (options.quick ? 1 : Number(process.env.BENCH_RUNS ?? 3));
const PRESSES = 100;
const RESULTS = process.env.BENCH_RESULTS ?? fileURLToPath(new URL('./results/million.md', import.meta.url));

if (!existsSync(BUNDLE)) {
  process.stderr.write('dist/pagetui.js is missing: run `npm run build` first (npm run bench:million does).\n');
  process.exit(1);
}

const log = (text) => process.stderr.write(`${text}\n`);
const startedAt = new Date();
const loadAtStart = loadavg()[0];
const server = await startServerHost({ pages: PAGES });
try {
  const sessions = [];
  const bare = [];
  // --shapes-only: the shape figures alone (their `demo, compressing` row measures what these sessions do).
  for (let i = 0; i < (options.shapesOnly ? 0 : RUNS); i++) {
    log(`run ${i + 1}/${RUNS}: G over ${PAGES.toLocaleString('en-US')} pages…`);
    sessions.push(await browseSession(server, { pages: PAGES, presses: PRESSES }));
    log(`run ${i + 1}/${RUNS}: the bare undici loop…`);
    bare.push(await bareLoop());
    const [session, loop] = [sessions.at(-1), bare.at(-1)];
    log(`run ${i + 1}/${RUNS}: G ${Math.round(session.gotoEndMs)} ms, loop ${Math.round(loop.ms)} ms, ${(session.gotoEndMs / loop.ms).toFixed(2)}x`);
  }
  const cells = options.shapes.length === 0 ? [] : await measureShapes({ ...options, pages: PAGES, runs: RUNS, presses: PRESSES, log });
  const report = [
    ...(sessions.length === 0 ? [] : [renderRows(millionRows({ sessions, bare, PAGES, LIMIT, presses: `${RUNS} × ${PRESSES} keys` })),
    '',
    `Terminal 120x40 (node-pty), demo server on 127.0.0.1 (${PAGES.toLocaleString('en-US')} pages in grp-1); medians over ${RUNS} run(s).`]),
    '',
    shapesSection(cells, { ...options, pages: PAGES, runs: RUNS }),
  ].join('\n');
  process.stdout.write(`\n${report}\n`);
  if (writeResults(RESULTS, { title: 'npm run bench:million', startedAt, loadAtStart }, report)) log(`written to ${RESULTS}`);
} finally {
  await server.close();
}

/** The floor for G: a bare undici loop over every cursor, asking for compression as the app does. */
async function bareLoop() {
  const script = fileURLToPath(new URL('./lib/undici-loop.mjs', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [script, server.url, server.apiKey, 'grp-1', String(LIMIT)], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout);
}
