/**
 * The memory and `G` figures on every data shape of the demo server (docs/data-shapes.md), each
 * against a compressing and a non-compressing server: one browse session (G to the end, RSS once
 * loaded, keystrokes and filter keystrokes over everything loaded) beside the bare undici loop over
 * the same server (bench/lib/undici-loop.mjs: decode if the server compressed, JSON.parse, nothing
 * more). `npm run bench` runs it at 100,000 pages, `npm run bench:million` at 1,000,000.
 * Options on both: `--shapes demo,long` (default all; `none` skips), `--compression on|off|both`.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { browseSession } from './browse.mjs';
import { startServerHost } from './server-host.mjs';
import { median } from './stats.mjs';
import { renderCells, renderRows } from './table.mjs';

const SHAPES = ['demo', 'custom', 'long', 'sparse', 'mixed'];
const LIMIT = 100;
const LOOP = fileURLToPath(new URL('./undici-loop.mjs', import.meta.url));

/**
 * The bench's command line: `--quick`, `--runs N`, `--shapes a,b`, `--compression on|off|both`,
 * `--shapes-only` (npm run bench: the shape figures alone).
 * @returns {{quick: boolean, runs: number | undefined, shapes: string[], compressions: boolean[], shapesOnly: boolean}}
 */
export function benchOptions(argv = process.argv.slice(2)) {
  try {
    return parseBenchOptions(argv);
  } catch (error) {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}

function parseBenchOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      runs: { type: 'string' },
      shapes: { type: 'string', default: SHAPES.join(',') },
      compression: { type: 'string', default: 'both' },
      'shapes-only': { type: 'boolean', default: false },
    },
  });
  const shapes = values.shapes === 'none' ? [] : values.shapes.split(',').map((s) => s.trim());
  for (const shape of shapes) if (!SHAPES.includes(shape)) throw new Error(`--shapes: "${shape}" is none of ${SHAPES.join(', ')} (or none)`);
  const compressions = { both: [true, false], on: [true], off: [false] }[values.compression];
  if (compressions === undefined) throw new Error(`--compression must be on, off or both, not "${values.compression}"`);
  const runs = values.runs === undefined ? undefined : Number(values.runs);
  if (runs !== undefined && !(Number.isInteger(runs) && runs >= 1)) throw new Error(`--runs must be a whole number from 1, not "${values.runs}"`);
  return { quick: values.quick || process.env.BENCH_QUICK === '1', runs, shapes, compressions, shapesOnly: values['shapes-only'] };
}

/**
 * Runs every shape × compression `runs` times, round by round (so a slow spell of a shared
 * machine spreads over all of them rather than landing on one).
 * @returns {Promise<{shape: string, compress: boolean, sessions: object[], loops: object[]}[]>}
 */
export async function measureShapes({ shapes, compressions, pages, runs, presses, log }) {
  const cells = shapes.flatMap((shape) => compressions.map((compress) => ({ shape, compress, sessions: [], loops: [], failures: [] })));
  for (let round = 0; round < runs; round++) {
    for (const cell of cells) {
      const server = await startServerHost({ pages, shape: cell.shape, compress: cell.compress });
      try {
        const name = `${cell.shape}, ${cell.compress ? 'compressing' : 'not compressing'}`;
        log(`shapes, run ${round + 1}/${runs}: ${name}: the bare loop, then G over ${pages.toLocaleString('en-US')} pages…`);
        cell.loops.push(await bareLoop(server));
        const session = await browseSession(server, { pages, presses, loadMs: Math.max(600_000, pages * 3) });
        cell.sessions.push(session);
        log(`  G ${Math.round(session.gotoEndMs)} ms, loop ${Math.round(cell.loops.at(-1).ms)} ms, RSS ${mb(session.rssKb)}`);
      } catch (error) {
        // One shape that does not finish (a timeout on a busy machine) is reported, not the end of the bench.
        const reason = String(error instanceof Error ? error.message : error).split('\n')[0];
        cell.failures.push(reason);
        log(`  failed: ${reason}`);
      } finally {
        await server.close();
      }
    }
  }
  return cells;
}

async function bareLoop(server) {
  const { stdout } = await promisify(execFile)(process.execPath, [LOOP, server.url, server.apiKey, 'grp-1', String(LIMIT)], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout);
}

const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const ms1 = (n) => `${n.toFixed(1)} ms`;
const pick = (list, key) => median(list.map((s) => s[key]));

/** One cell's medians. */
function figures(cell) {
  const gMs = pick(cell.sessions, 'gotoEndMs');
  const loopMs = pick(cell.loops, 'ms');
  return {
    name: `${cell.shape}, ${cell.compress ? 'compressing' : 'not compressing'}`,
    rssKb: pick(cell.sessions, 'rssKb'),
    gMs,
    loopMs,
    // The ratio of medians, not the median of ratios: G and the loop were not run at the same instant.
    ratio: gMs / loopMs,
    keyP99: pick(cell.sessions, 'lastByteP99'),
    filterP99: pick(cell.sessions, 'filterP99'),
    requests: cell.sessions.map((s) => s.requests),
  };
}

/**
 * The goals of issue 33 for `pages` loaded, on the worst shape: RSS (MB), G / loop, and at
 * 1,000,000 the keystroke and filter p99 (ms).
 */
function shapeGoals(pages) {
  return pages >= 1_000_000 ? { rssMb: 250, ratio: 1.2, keyP99: 25, filterP99: 50 } : { rssMb: 110, ratio: 1.2, keyP99: 25, filterP99: 50 };
}

/** The table of every shape and compression (markdown), one row each, with whether each goal is met. */
function shapeTable(cells, pages) {
  const goals = shapeGoals(pages);
  const header = ['Shape, server', 'RSS after G', 'G', 'bare loop', 'G / loop', 'key p99', 'filter p99', 'Runs', 'Met'];
  const rows = cells.map((cell) => {
    if (cell.sessions.length === 0) return [`${cell.shape}, ${cell.compress ? 'compressing' : 'not compressing'}`, '—', '—', '—', '—', '—', '—', '0', `NO (did not finish: ${cell.failures[0] ?? 'not run'})`];
    const f = figures(cell);
    const short = [
      f.rssKb > goals.rssMb * 1024 && 'RSS',
      f.ratio > goals.ratio && 'G',
      f.keyP99 > goals.keyP99 && 'keys',
      f.filterP99 > goals.filterP99 && 'filter',
    ].filter(Boolean);
    return [f.name, mb(f.rssKb), `${Math.round(f.gMs)} ms`, `${Math.round(f.loopMs)} ms`, `${f.ratio.toFixed(2)}x`, ms1(f.keyP99), ms1(f.filterP99), String(cell.sessions.length), short.length === 0 ? 'yes' : `NO (${short.join(', ')})`];
  });
  return renderCells(header, rows);
}

/**
 * Rows for the main table (table.mjs's Row): each figure on its worst shape and compression,
 * named, beside the goal.
 */
function worstShapeRows(cells, pages) {
  const done = cells.filter((c) => c.sessions.length > 0);
  if (done.length === 0) return [];
  const goals = shapeGoals(pages);
  const all = done.map(figures);
  const worst = (key) => all.reduce((a, b) => (b[key] > a[key] ? b : a));
  const count = pages.toLocaleString('en-US');
  const runs = `${done[0].sessions.length} per shape${done.length < cells.length ? ` (${cells.length - done.length} did not finish)` : ''}`;
  const rss = worst('rssKb');
  const ratio = worst('ratio');
  const key = worst('keyP99');
  const filter = worst('filterP99');
  const servers = new Set(cells.map((c) => c.compress)).size;
  const measured = `${new Set(cells.map((c) => c.shape)).size} shapes × ${servers} server${servers === 1 ? '' : 's'}`;
  return [
    { figure: `RSS after G over ${count} pages, worst shape`, value: `${mb(rss.rssKb)} (${rss.name})`, goal: `≤ ${goals.rssMb} MB`, floor: measured, runs, met: rss.rssKb <= goals.rssMb * 1024 },
    { figure: `G over ${count} pages / bare loop, worst shape`, value: `${ratio.ratio.toFixed(2)}x (${ratio.name}: ${Math.round(ratio.gMs)} ms)`, goal: `≤ ${goals.ratio}x on every shape`, floor: `${Math.round(ratio.loopMs)} ms (bare undici loop: decode if compressed, JSON.parse)`, runs, met: ratio.ratio <= goals.ratio },
    { figure: `keystroke → frame, last byte p99, ${count} loaded, worst shape`, value: `${ms1(key.keyP99)} (${key.name})`, goal: `p99 ≤ ${goals.keyP99} ms`, floor: '—', runs, met: key.keyP99 <= goals.keyP99 },
    { figure: `filter keystroke → frame p99, ${count} loaded, worst shape`, value: `${ms1(filter.filterP99)} (${filter.name})`, goal: `p99 ≤ ${goals.filterP99} ms`, floor: '—', runs, met: filter.filterP99 <= goals.filterP99 },
  ];
}

/** The section a bench's report ends with: the worst shape against the goals, then every shape. */
export function shapesSection(cells, { pages, shapes, compressions, runs }) {
  if (cells.length === 0) return '';
  const servers = compressions.map((c) => (c ? 'compressing' : 'not compressing')).join(' and ');
  return [
    `## Data shapes, ${pages.toLocaleString('en-US')} pages (docs/data-shapes.md)`,
    '',
    renderRows(worstShapeRows(cells, pages)),
    '',
    shapeTable(cells, pages),
    '',
    `Shapes measured: ${shapes.join(', ')}; ${servers} servers; medians over ${runs} run(s); G / loop is the ratio of the medians.`,
  ].join('\n');
}
