/**
 * Formats the bench results as markdown tables: figure, median, goal, floor, runs, met. Each group
 * of figures is one function returning rows, so a new figure is one more row (or one more group
 * passed to renderResults).
 */
import { median } from './stats.mjs';

const ms = (n) => `${Math.round(n)} ms`;
const ms1 = (n) => `${n.toFixed(1)} ms`;
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const pick = (list, key) => median(list.map((s) => s[key]));

/**
 * @typedef {{figure: string, value: string, goal: string, floor: string, runs: string, met: boolean | undefined}} Row
 *   `met` undefined: a figure reported without a goal
 */

/** The main table (markdown) from rows. */
export function renderRows(rows) {
  const header = ['Figure', 'Median', 'Goal', 'Floor (same run)', 'Runs', 'Met'];
  return renderCells(
    header,
    rows.map((r) => [r.figure, r.value, r.goal, r.floor, r.runs, r.met === undefined ? '—' : r.met ? 'yes' : 'NO']),
  );
}

/** A markdown table from a header and rows of cells, columns padded to their widest cell. */
export function renderCells(header, cells) {
  const table = [header, ...cells];
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.slice(1).map(line)].join('\n');
}

/** Start-up rows under the machine's Node (`startup` is measureStartup's first entry). */
export function startupRows({ RUNS, startup, SLOW_MS }) {
  const floor = median(startup.floor);
  const inkFloor = median(startup.inkFloor);
  const l0 = median(startup.l0);
  const slow = median(startup.slow);
  const pipeFloor = median(startup.pipeFloor);
  const ndjson = median(startup.ndjson);
  const runs = String(RUNS.startup);
  return [
    {
      figure: 'process start → first data row (L = 0)',
      value: `${ms(l0)} (node floor + ${ms(l0 - floor)})`,
      goal: `≤ bare Ink app's first frame = ${ms(inkFloor)}`,
      floor: `${ms(inkFloor)} (bundled Ink app, one line); ${ms(floor)} (node -e print)`,
      runs,
      met: l0 <= inkFloor,
    },
    {
      figure: `first data row, server latency L = ${SLOW_MS} ms`,
      value: ms(slow),
      goal: `≤ L0 + L + 30 = ${ms(l0 + SLOW_MS + 30)}`,
      floor: ms(floor),
      runs,
      met: slow <= l0 + SLOW_MS + 30,
    },
    {
      figure: 'process start → first NDJSON line (groups --json, pipe)',
      value: `${ms(ndjson)} (floor + ${ms(ndjson - pipeFloor)})`,
      goal: `≤ floor + 120 = ${ms(pipeFloor + 120)}`,
      floor: `${ms(pipeFloor)} (node -e print to a pipe)`,
      runs,
      met: ndjson <= pipeFloor + 120,
    },
  ];
}

/** Rows for browsing, memory, holding a key and `G`. */
export function browseRows({ RUNS, echo, inkIdleRssKb, small, big, bare, holds, HOLD_LATENCY_MS, BIG, LIMIT }) {
  const bytes = median([...small, ...big].flatMap((s) => s.bytes));
  const scrollBytes = median([...small, ...big].flatMap((s) => s.scrollBytes));
  const scrollMoves = median([...small, ...big].map((s) => s.scrollBytes.length));
  const [smallP50, smallP99, smallEndP50, smallEndP99] = ['p50', 'p99', 'lastByteP50', 'lastByteP99'].map((k) => pick(small, k));
  const [bigP50, bigP99, bigEndP50, bigEndP99] = ['p50', 'p99', 'lastByteP50', 'lastByteP99'].map((k) => pick(big, k));
  const ratio = bigEndP50 / smallEndP50;
  const stalls = Math.max(...holds.map((h) => h.stalls));
  const worst = holds.find((h) => h.stalls === stalls) ?? holds[0];
  const requests = big.map((s) => s.requests);
  const connections = big.map((s) => s.connections);
  const gotoEnd = pick(big, 'gotoEndMs');
  const bareMs = pick(bare, 'ms');
  const plainBareMs = pick(bare, 'plainMs');
  const expected = Math.ceil(BIG / LIMIT);
  const presses = `${RUNS.browse} × ${RUNS.presses} keys`;
  const echoFloor = `${ms1(pick(echo, 'p50'))} / ${ms1(pick(echo, 'p99'))} (raw-mode echo)`;
  const keystroke = (p50, p99, end50, end99) => `first byte ${ms1(p50)} / ${ms1(p99)}; last byte ${ms1(end50)} / ${ms1(end99)}`;
  return [
    {
      figure: 'bytes written for a one-row move (j/k) inside the list window',
      value: `${Math.round(bytes)} B`,
      goal: '≤ 300 B',
      floor: '—',
      runs: `${RUNS.browse * 2} × ${RUNS.presses} keys`,
      met: bytes <= 300,
    },
    {
      figure: 'bytes written for a one-row move that scrolls the list',
      value: `${Math.round(scrollBytes)} B (${scrollMoves} of ${RUNS.presses} moves a run)`,
      goal: '≤ 300 B',
      floor: '—',
      runs: `${RUNS.browse * 2} runs`,
      met: scrollBytes <= 300,
    },
    {
      figure: 'keystroke → frame p50 / p99, 1k loaded',
      value: keystroke(smallP50, smallP99, smallEndP50, smallEndP99),
      goal: 'last byte p50 ≤ 10 ms, p99 ≤ 25 ms',
      floor: echoFloor,
      runs: presses,
      met: smallEndP50 <= 10 && smallEndP99 <= 25,
    },
    {
      figure: `keystroke → frame p50 / p99, ${BIG.toLocaleString('en-US')} loaded`,
      value: `${keystroke(bigP50, bigP99, bigEndP50, bigEndP99)} (ratio ${ratio.toFixed(2)})`,
      goal: 'as above; 100k/1k ≤ 1.2',
      floor: 'as above',
      runs: presses,
      met: bigEndP50 <= 10 && bigEndP99 <= 25 && ratio <= 1.2,
    },
    {
      figure: `filter keystroke → first frame p50 / p99 (plain words and queries; scan done p99 after it), ${BIG.toLocaleString('en-US')} loaded`,
      value: `${ms1(pick(big, 'filterP50'))} / ${ms1(pick(big, 'filterP99'))} (done ${ms1(pick(big, 'filterDoneP99'))})`,
      goal: 'p99 ≤ 50 ms',
      floor: 'as above',
      runs: presses,
      met: pick(big, 'filterP99') <= 50,
    },
    {
      figure: 'RSS idle on the group list',
      value: mb(pick([...small, ...big], 'idleRssKb')),
      goal: '— (reported)',
      floor: `${mb(inkIdleRssKb)} (bare Ink app, idle)`,
      runs: String(RUNS.browse * 2),
      met: undefined,
    },
    {
      figure: `RSS with ${BIG.toLocaleString('en-US')} pages loaded`,
      value: mb(pick(big, 'rssKb')),
      goal: '≤ 120 MB',
      floor: `${mb(pick(echo, 'rssKb'))} (idle node)`,
      runs: String(RUNS.browse),
      met: pick(big, 'rssKb') <= 120 * 1024,
    },
    {
      figure: `stalls holding j at 30 keys/s, L = ${HOLD_LATENCY_MS} ms`,
      value: `${stalls}: ${worst.waitingForData} frames waiting for data, ${worst.unanswered} keys with no frame within 200 ms (of ${worst.keys} keys, ${worst.frames} frames)`,
      goal: '0',
      floor: '—',
      runs: `${RUNS.hold} × ${RUNS.holdSeconds} s (worst run)`,
      met: stalls === 0,
    },
    {
      figure: `G to the end of ${BIG.toLocaleString('en-US')} pages, limit ${LIMIT}`,
      value: `${requests.join('/')} req, ${connections.join('/')} conn, ${ms(gotoEnd)} (${(gotoEnd / bareMs).toFixed(2)}x; ${(gotoEnd / plainBareMs).toFixed(2)}x the uncompressed loop)`,
      goal: `${expected} req, 1 conn, ≤ 1.3x floor`,
      floor: `${ms(bareMs)} (bare undici loop asking for compression and decoding, as the app; ${ms(plainBareMs)} asking for none)`,
      runs: String(RUNS.browse),
      met: requests.every((r) => r === expected) && connections.every((c) => c === 1) && gotoEnd <= 1.3 * bareMs,
    },
  ];
}

/** One line on how the frames looked while browsing. */
export function frameNote({ small, big }) {
  const sessions = [...small, ...big];
  const clears = sessions.reduce((n, s) => n + s.clears, 0);
  const shorter = sessions.every((s) => s.blankLastRow);
  return `Frame shorter than the terminal (last row blank): ${shorter ? 'yes' : 'NO'}; full-screen clears while browsing (G, moves): ${clears}.`;
}

/**
 * The start-up figures under each Node side by side (markdown), each beside the floors measured
 * with that same Node; `startupByNode` comes from measureStartup.
 */
export function startupByNodeTable({ RUNS, startupByNode, SLOW_MS }) {
  const figures = startupByNode.map((r) => ({
    ...r,
    floorMs: median(r.floor),
    inkMs: median(r.inkFloor),
    l0Ms: median(r.l0),
    slowMs: median(r.slow),
    noCacheMs: median(r.l0NoCache),
    pipeMs: median(r.pipeFloor),
    ndjsonMs: median(r.ndjson),
  }));
  const header = ['Start-up (medians)', 'Goal', ...figures.flatMap((f) => [`Node ${f.version}`, 'its floor']), 'Met'];
  const met = (test) => figures.map((f) => (test(f) ? 'yes' : 'NO')).join(' / ');
  const cells = [
    [
      'process start → first data row (L = 0)',
      '≤ bare Ink app',
      ...figures.flatMap((f) => [`${ms(f.l0Ms)} (node + ${ms(f.l0Ms - f.floorMs)})`, `Ink ${ms(f.inkMs)}, node ${ms(f.floorMs)}`]),
      met((f) => f.l0Ms <= f.inkMs),
    ],
    [
      `first data row, server latency L = ${SLOW_MS} ms`,
      `≤ L0 + L + 30 ms`,
      ...figures.flatMap((f) => [ms(f.slowMs), `node ${ms(f.floorMs)}`]),
      met((f) => f.slowMs <= f.l0Ms + SLOW_MS + 30),
    ],
    [
      'L = 0 with the cache off (NODE_DISABLE_COMPILE_CACHE=1)',
      '— (what the cache saves)',
      ...figures.flatMap((f) => [
        `${ms(f.noCacheMs)} (${f.compileCache ? "Node's compile cache" : 'code cache'} saves ${ms(f.noCacheMs - f.l0Ms)})`,
        `node ${ms(f.floorMs)}`,
      ]),
      '—',
    ],
    [
      'process start → first NDJSON line (groups --json)',
      '≤ floor + 120 ms',
      ...figures.flatMap((f) => [`${ms(f.ndjsonMs)} (floor + ${ms(f.ndjsonMs - f.pipeMs)})`, `node ${ms(f.pipeMs)} (pipe)`]),
      met((f) => f.ndjsonMs <= f.pipeMs + 120),
    ],
  ];
  return [
    renderCells(header, cells),
    '',
    `Start-up by Node: ${RUNS.startup} runs, interleaved across ${figures.map((f) => f.version).join(' and ')}; each floor is measured with that same Node (a bare \`node -e\` print, and a bare bundled Ink app drawing one line); caches warm (filled by one start before the runs).`,
  ].join('\n');
}
