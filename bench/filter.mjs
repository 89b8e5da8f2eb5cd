/**
 * `npm run bench:filter`: filter keystrokes over a whole loaded page group, plain words and the
 * query language (field:value, -exclude, /regex/, updated<7d, a|b), typed letter by letter and
 * erased. Per key: ms to the first frame (its first byte: the rows found first and the prompt are
 * one frame) and ms until the scan is done (the header no longer says "matching…", and the
 * terminal is quiet). Load is noted at the start and end of every session.
 *
 * Options: `--pages N` (default 100000), `--shape NAME` (default mixed), `--runs N` (default 3),
 * `--baseline PATH` another build's dist/pagetui.js: its sessions interleave with this build's
 * (A B A B), so a busy spell of a shared machine lands on both; `--presses N` types only the first
 * N keys.
 * Prints a table and writes it to BENCH_RESULTS when that is set.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { BUNDLE, PtySession } from './lib/pty-session.mjs';
import { startServerHost } from './lib/server-host.mjs';
import { percentile } from './lib/stats.mjs';
import { writeResults } from './lib/results-file.mjs';
import { renderRows } from './lib/table.mjs';
import { filterKeys, typeFilter } from './lib/filter-keys.mjs';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '100000' },
    shape: { type: 'string', default: 'mixed' },
    runs: { type: 'string', default: '3' },
    baseline: { type: 'string' },
    presses: { type: 'string' },
  },
});
const PAGES = Number(values.pages);
const RUNS = Number(values.runs);
/** Only the first N keys of the typed queries (the same keys for every build). */
const PRESSES = values.presses === undefined ? undefined : Number(values.presses);
const count = (n) => n.toLocaleString('en-US');
const log = (text) => process.stderr.write(`${text}\n`);
const load = () => loadavg()[0].toFixed(1);

const builds = [{ name: 'this build', bundle: BUNDLE }, ...(values.baseline ? [{ name: 'baseline', bundle: values.baseline }] : [])];
const startedAt = new Date();
const loadAtStart = loadavg()[0];
const server = await startServerHost({ pages: PAGES, shape: values.shape });
const results = new Map(builds.map((b) => [b.name, []]));
try {
  for (let run = 0; run < RUNS; run++) {
    for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
      log(`run ${run + 1}/${RUNS}, ${build.name}: G over ${count(PAGES)} pages (load ${load()})…`);
      const session = await filterSession(build.bundle);
      results.get(build.name).push(session);
      log(`  load ${session.loadBefore} → ${session.loadAfter}; first frame p99 ${session.first.p99.toFixed(1)} ms, done p99 ${session.done.p99.toFixed(1)} ms`);
    }
  }
} finally {
  await server.close();
}

const rows = [];
for (const [name, sessions] of results) {
  const keys = sessions.flatMap((s) => s.keys);
  const of = (list, p) => percentile(list, p);
  const firsts = keys.map((k) => k.firstMs);
  const dones = keys.map((k) => k.doneMs);
  const worst = (pick) => [...keys].sort((a, b) => pick(b) - pick(a))[0];
  rows.push({
    figure: `filter keystroke → first frame p50 / p99, ${count(PAGES)} loaded, ${values.shape} (${name})`,
    value: `${of(firsts, 50).toFixed(1)} / ${of(firsts, 99).toFixed(1)} ms (worst ${worst((k) => k.firstMs).firstMs.toFixed(0)} ms at ${JSON.stringify(worst((k) => k.firstMs).query)})`,
    goal: PAGES >= 1_000_000 ? 'p99 ≤ 100 ms (issue 34), ≤ 50 ms (issue 33)' : 'p99 ≤ 50 ms',
    floor: '—',
    runs: `${sessions.length} × ${keys.length / Math.max(1, sessions.length)} keys; load ${sessions.map((s) => `${s.loadBefore}→${s.loadAfter}`).join(', ')}`,
    met: of(firsts, 99) <= (PAGES >= 1_000_000 ? 100 : 50),
  });
  rows.push({
    figure: `filter keystroke → scan done p50 / p99, ${count(PAGES)} loaded, ${values.shape} (${name})`,
    value: `${of(dones, 50).toFixed(1)} / ${of(dones, 99).toFixed(1)} ms (worst ${worst((k) => k.doneMs).doneMs.toFixed(0)} ms at ${JSON.stringify(worst((k) => k.doneMs).query)})`,
    goal: '— (reported)',
    floor: '—',
    runs: `${sessions.length} × ${keys.length / Math.max(1, sessions.length)} keys`,
    met: undefined,
  });
}
const report = [
  renderRows(rows),
  '',
  `Terminal 120x40 (node-pty), demo server --shape ${values.shape} in a process of its own on 127.0.0.1; keys typed: ${filterKeys().queries.map((q) => JSON.stringify(q)).join(', ')}, each letter by letter, then erased.`,
  `Builds interleaved run by run (${builds.map((b) => b.name).join(', ')}); load average (1 min) before → after each session as listed.`,
].join('\n');
process.stdout.write(`\n${report}\n`);
if (process.env.BENCH_RESULTS && writeResults(process.env.BENCH_RESULTS, { title: `node bench/filter.mjs ${process.argv.slice(2).join(' ')}`, startedAt, loadAtStart }, report)) log(`written to ${process.env.BENCH_RESULTS}`);

/** One app: open grp-1, G to the end, then the filter keys over everything loaded. */
async function filterSession(bundle) {
  const app = new PtySession([process.execPath, bundle, '--base-url', server.url], { env: { PAGETUI_API_KEY: server.apiKey } });
  try {
    await app.waitFor((s) => /all \d+ loaded/.test(s));
    app.write('\r');
    await app.waitFor('grp-1-p1 ');
    app.write('G');
    await app.waitFor(`all ${count(PAGES)} loaded`, Math.max(300_000, PAGES * 1.2));
    await app.settle(1000);
    const loadBefore = load();
    const keys = await typeFilter(app, PRESSES);
    const loadAfter = load();
    await app.quit('\u001b\u001bq');
    return { keys, loadBefore, loadAfter, first: stats(keys.map((k) => k.firstMs)), done: stats(keys.map((k) => k.doneMs)) };
  } finally {
    app.kill();
  }
}

function stats(list) {
  return { p50: percentile(list, 50), p99: percentile(list, 99) };
}
