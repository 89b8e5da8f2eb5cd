/** Formats the bench results as one table: figure, median, goal, floor, runs, met. */
import { median } from './stats.mjs';

const ms = (n) => `${Math.round(n)} ms`;
const ms1 = (n) => `${n.toFixed(1)} ms`;
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

function render(rows) {
  const header = ['Figure', 'Median', 'Goal', 'Node floor (same run)', 'Runs', 'Met'];
  return renderCells(header, rows.map((r) => [r.figure, r.value, r.goal, r.floor, r.runs, r.met ? 'yes' : 'NO']));
}

function renderCells(header, cells) {
  const table = [header, ...cells];
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.slice(1).map(line)].join('\n');
}

/** Builds the rows from the raw results and prints the table (markdown) to stdout. */
export function printTable({ RUNS, startup, echo, small, big, bare, holds, SLOW_MS, HOLD_LATENCY_MS, BIG, LIMIT }) {
  const floorStart = median(startup.floor);
  const l0 = median(startup.l0);
  const slow = median(startup.slow);
  const bytes = median([...small, ...big].map((s) => median(s.bytes)));
  const pick = (list, key) => median(list.map((s) => s[key]));
  const smallP50 = pick(small, 'p50');
  const smallP99 = pick(small, 'p99');
  const bigP50 = pick(big, 'p50');
  const bigP99 = pick(big, 'p99');
  const filterP50 = pick(big, 'filterP50');
  const filterP99 = pick(big, 'filterP99');
  const ratio = bigP50 / smallP50;
  const rss = pick(big, 'rssKb');
  const stalls = Math.max(...holds.map((h) => h.stalls));
  const requests = big.map((s) => s.requests);
  const connections = big.map((s) => s.connections);
  const gotoEnd = pick(big, 'gotoEndMs');
  const bareMs = pick(bare, 'ms');
  const plainBareMs = pick(bare, 'plainMs');
  const expected = Math.ceil(BIG / LIMIT);
  const presses = `${RUNS.browse} × ${RUNS.presses} keys`;

  const rows = [
    {
      figure: 'process start → first data row (L = 0)',
      value: ms(l0),
      goal: `≤ floor + 300 = ${ms(floorStart + 300)}`,
      floor: `${ms(floorStart)} (node -e print)`,
      runs: String(RUNS.startup),
      met: l0 <= floorStart + 300,
    },
    {
      figure: `first data row, server latency L = ${SLOW_MS} ms`,
      value: ms(slow),
      goal: `≤ L0 + L + 30 = ${ms(l0 + SLOW_MS + 30)}`,
      floor: ms(floorStart),
      runs: String(RUNS.startup),
      met: slow <= l0 + SLOW_MS + 30,
    },
    {
      figure: 'bytes written for a one-row move (j/k)',
      value: `${Math.round(bytes)} B`,
      goal: '≤ 300 B',
      floor: '—',
      runs: `${RUNS.browse * 2} × ${RUNS.presses} keys`,
      met: bytes <= 300,
    },
    {
      figure: 'keystroke → frame p50 / p99, 1k loaded',
      value: `${ms1(smallP50)} / ${ms1(smallP99)}`,
      goal: 'p50 ≤ 10 ms, p99 ≤ 25 ms',
      floor: `${ms1(pick(echo, 'p50'))} / ${ms1(pick(echo, 'p99'))} (raw-mode echo)`,
      runs: presses,
      met: smallP50 <= 10 && smallP99 <= 25,
    },
    {
      figure: 'keystroke → frame p50 / p99, 100k loaded',
      value: `${ms1(bigP50)} / ${ms1(bigP99)} (ratio ${ratio.toFixed(2)})`,
      goal: 'p50 ≤ 10, p99 ≤ 25; 100k/1k ≤ 1.2',
      floor: 'as above',
      runs: presses,
      met: bigP50 <= 10 && bigP99 <= 25 && ratio <= 1.2,
    },
    {
      figure: `filter keystroke → frame p50 / p99, ${BIG.toLocaleString('en-US')} loaded`,
      value: `${ms1(filterP50)} / ${ms1(filterP99)}`,
      goal: 'p99 ≤ 50 ms',
      floor: 'as above',
      runs: presses,
      met: filterP99 <= 50,
    },
    {
      figure: `RSS with ${BIG.toLocaleString('en-US')} pages loaded`,
      value: mb(rss),
      goal: '≤ 120 MB',
      floor: `${mb(pick(echo, 'rssKb'))} (idle node)`,
      runs: String(RUNS.browse),
      met: rss <= 120 * 1024,
    },
    {
      figure: `stalls holding j at 30 keys/s, L = ${HOLD_LATENCY_MS} ms`,
      value: `${stalls} (of ${median(holds.map((h) => h.frames))} frames)`,
      goal: '0',
      floor: '—',
      runs: `${RUNS.hold} × ${RUNS.holdSeconds} s (worst run)`,
      met: stalls === 0,
    },
    {
      figure: `G to the end of ${BIG.toLocaleString('en-US')} pages, limit ${LIMIT}`,
      value: `${requests.join('/')} req, ${connections.join('/')} conn, ${ms(gotoEnd)} (${(gotoEnd / bareMs).toFixed(2)}x; ${(gotoEnd / plainBareMs).toFixed(2)}x the uncompressed loop)`,
      goal: `${expected} req, 1 conn, ≤ 1.5x floor`,
      floor: `${ms(bareMs)} (bare undici loop asking for compression and decoding, as the app; ${ms(plainBareMs)} asking for none)`,
      runs: String(RUNS.browse),
      met: requests.every((r) => r === expected) && connections.every((c) => c === 1) && gotoEnd <= 1.5 * bareMs,
    },
  ];
  process.stdout.write(`\n${render(rows)}\n\n`);
  const sessions = [...small, ...big];
  const clears = sessions.reduce((n, s) => n + s.clears, 0);
  const shorter = sessions.every((s) => s.blankLastRow);
  process.stdout.write(
    `Frame shorter than the terminal (last row blank): ${shorter ? 'yes' : 'NO'}; full-screen clears while browsing (G, moves): ${clears}.\n`,
  );
  process.stdout.write(
    `Terminal 120x40 (node-pty), demo servers on 127.0.0.1; medians over the runs shown. Node ${process.version}, ${new Date().toISOString()}.\n`,
  );
}

/**
 * Prints the start-up figures under each Node side by side (markdown), each beside the floor
 * measured with that same Node; `startupByNode` comes from measureStartup.
 */
export function printStartupByNode({ RUNS, startupByNode, SLOW_MS }) {
  const figures = startupByNode.map((r) => ({
    ...r,
    floorMs: median(r.floor),
    l0Ms: median(r.l0),
    slowMs: median(r.slow),
    noCacheMs: median(r.l0NoCache),
  }));
  const header = ['Start-up (medians)', 'Goal', ...figures.flatMap((f) => [`Node ${f.version}`, 'its floor']), 'Met'];
  const met = (test) => figures.map((f) => (test(f) ? 'yes' : 'NO')).join(' / ');
  const cells = [
    [
      'process start → first data row (L = 0)',
      '≤ floor + 300 ms',
      ...figures.flatMap((f) => [`${ms(f.l0Ms)} (floor + ${ms(f.l0Ms - f.floorMs)})`, `${ms(f.floorMs)}`]),
      met((f) => f.l0Ms <= f.floorMs + 300),
    ],
    [
      `first data row, server latency L = ${SLOW_MS} ms`,
      `≤ L0 + L + 30 ms`,
      ...figures.flatMap((f) => [ms(f.slowMs), ms(f.floorMs)]),
      met((f) => f.slowMs <= f.l0Ms + SLOW_MS + 30),
    ],
    [
      'L = 0 with the compile cache off',
      '— (what the cache saves)',
      ...figures.flatMap((f) => (f.compileCache ? [`${ms(f.noCacheMs)} (cache saves ${ms(f.noCacheMs - f.l0Ms)})`, ms(f.floorMs)] : ['— (no compile cache)', ''])),
      '—',
    ],
  ];
  process.stdout.write(`\n${renderCells(header, cells)}\n\n`);
  process.stdout.write(
    `Start-up by Node: ${RUNS.startup} runs, interleaved across ${figures.map((f) => f.version).join(' and ')}; each floor is a bare \`node -e\` print with that Node; the compile cache warm (filled by one start before the runs).\n`,
  );
}
