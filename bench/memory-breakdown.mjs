/**
 * Where the memory goes after `G` (docs/memory.md): one app session per shape against a demo
 * server of its own (100,000 pages unless `--pages`), not compressing unless `--compress`. The app
 * runs with bench/lib/memory-probe.cjs preloaded, which the bench asks (SIGUSR2) for RSS (file-backed,
 * anonymous, and the anonymous part by mapping: the C heap, maps of 32 MB or more (glibc's thread arenas,
 * the kept bodies' blocks once one holds 32 MB: src/api/pager/kept-bytes.ts), the rest), Node's
 * memoryUsage and V8's heap spaces: idle on the group list, right after `G` (when the shape bench
 * reads RSS) and `--after` seconds later (default 60). `--snapshot` also writes a heap snapshot at
 * the last point. `--shapes long,mixed`; `--v8-flags=--semi-space-growth-factor=1` sets V8 flags in the app
 * before it loads, to try them. `--filter crème` then types that filter after `G`, reads the
 * memory once it has matched, clears it (Esc) and reads it 5 s and `--after` seconds later.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServerHost } from './lib/server-host.mjs';
import { startApp } from './lib/pty-session.mjs';
import { sleep } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    shapes: { type: 'string', default: 'long,mixed' },
    pages: { type: 'string', default: '100000' },
    after: { type: 'string', default: '60' },
    compress: { type: 'boolean', default: false },
    snapshot: { type: 'boolean', default: false },
    'v8-flags': { type: 'string' },
    bundle: { type: 'string' },
    filter: { type: 'string' },
  },
});
const PAGES = Number(values.pages);
const PROBE = fileURLToPath(new URL('./lib/memory-probe.cjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pagetui-memprobe-'));
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

async function probe(app, out) {
  const before = existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean).length : 0;
  process.kill(app.pid, 'SIGUSR2');
  for (;;) {
    const lines = existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean) : [];
    if (lines.length > before) return JSON.parse(lines.at(-1));
    await sleep(50);
  }
}

function row(shape, point, m) {
  const kb = (n) => (n / 1024).toFixed(1);
  return [
    shape, point, kb(m.rssKb), kb(m.fileKb), kb(m.anonKb), kb(m.mappings.brkHeap), kb(m.mappings.anonLarge), kb(m.mappings.anonSmall),
    mb(m.heap.total_physical_size), mb(m.usage.heapUsed), mb(m.spaceSizes.new_space), mb(m.usage.arrayBuffers),
  ].join(' | ');
}

/** Types `/text`, reads the memory once every loaded item was matched, then clears it (Esc) and reads it 5 s later. */
async function filterAndClear(app, shape, out, text) {
  const t0 = performance.now();
  app.write(`/${text}`);
  await app.waitFor((s) => / of [\d,]+ match/.test(s) && !s.includes('matching'), 10 * 60_000);
  await app.settle(300);
  rows.push(row(shape, `filter "${text}" matched (${Math.round((performance.now() - t0) / 1000)} s)`, await probe(app, out)));
  app.write('\u001b');
  await app.waitFor((s) => !s.includes('match'));
  await sleep(5000);
  rows.push(row(shape, 'cleared (Esc), 5 s later', await probe(app, out)));
}

const rows = [];
for (const shape of values.shapes.split(',')) {
  const server = await startServerHost({ pages: PAGES, shape, compress: values.compress });
  const out = join(dir, `${shape}.jsonl`);
  const env = { NODE_OPTIONS: `-r ${PROBE}`, MEMPROBE_OUT: out, ...(values['v8-flags'] ? { MEMPROBE_V8_FLAGS: values['v8-flags'] } : {}) };
  const app = startApp(server, { env, ...(values.bundle ? { bundle: values.bundle } : {}) });
  try {
    await app.waitFor((s) => /all \d+ loaded/.test(s));
    await app.settle(300);
    rows.push(row(shape, 'idle, group list', await probe(app, out)));
    app.write('\r');
    await app.waitFor('grp-1-p1 ');
    await app.settle();
    const t0 = performance.now();
    app.write('G');
    await app.waitFor(`all ${PAGES.toLocaleString('en-US')} loaded`, 30 * 60_000);
    const gMs = performance.now() - t0;
    await app.settle(300);
    await sleep(500);
    rows.push(row(shape, `right after G (${Math.round(gMs / 1000)} s)`, await probe(app, out)));
    if (values.filter !== undefined) await filterAndClear(app, shape, out, values.filter);
    await sleep(Number(values.after) * 1000);
    if (values.snapshot) writeFileSync(`${out}.snap`, '');
    rows.push(row(shape, `${values.after} s later`, await probe(app, out)));
    await app.quit();
  } finally {
    app.kill();
    await server.close();
  }
}
process.stdout.write(`Load average (1 min) at end: ${loadavg()[0].toFixed(2)}; ${PAGES.toLocaleString('en-US')} pages, ${values.compress ? 'compressing' : 'not compressing'}\n\n`);
process.stdout.write('| Shape | When | RSS | file-backed | anonymous | of it: C heap (brk) | maps of 32 MB or more (thread arenas, kept-body blocks) | other anonymous maps | V8 heap committed | V8 heap used | of it: new space | array buffers |\n');
process.stdout.write('|---|---|---|---|---|---|---|---|---|---|---|---|\n');
for (const r of rows) process.stdout.write(`| ${r} |\n`);
process.stdout.write(`\n(MB; probe output in ${dir})\n`);
