#!/usr/bin/env node
/**
 * A sorted list of a big listing: its rows lie on every page the pager keeps packed, where the
 * server's order reads them page by page. One session per order (server order, then name A→Z) over
 * 100,000 items of a shape (default `long`) from a server that does not compress: `G`, the order,
 * then keystrokes (j, and PgDn every tenth; last byte of each frame), then `/crème` and an export of
 * the rows it leaves to CSV, timed to "Exported". Run after `npm run build`:
 *   node bench/sorted.mjs [--shape long] [--keys 60]
 * Prints a table and writes it to bench/results/sorted.md (BENCH_RESULTS names another file; none: no file).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openGroup } from './lib/open-group.mjs';
import { BUNDLE, PtySession } from './lib/pty-session.mjs';
import { writeResults } from './lib/results-file.mjs';
import { startServerHost } from './lib/server-host.mjs';

const { values } = parseArgs({ options: { shape: { type: 'string', default: 'long' }, keys: { type: 'string', default: '60' } } });
const RESULTS = process.env.BENCH_RESULTS ?? fileURLToPath(new URL('./results/sorted.md', import.meta.url));
const PAGES = 100_000;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function session(server, sorted, dir) {
  const app = new PtySession([process.execPath, BUNDLE, '--no-cache', '--base-url', server.url], { env: { PAGETUI_API_KEY: server.apiKey } });
  try {
    await openGroup(app, 'grp-1');
    app.write('G');
    await app.waitFor(`all ${PAGES.toLocaleString('en-US')} loaded`, 300_000);
    await app.settle(500);
    app.write('g');
    await app.settle(300);
    if (sorted) {
      app.write('s');
      await app.waitFor((s) => /sort: name/.test(s), 60_000);
      await app.settle(1000);
      // The first key after an order is made once: not a keystroke's cost.
      await app.press('j', { quietMs: 80 });
    }
    const keys = [];
    for (let i = 0; i < Number(values.keys); i++) keys.push((await app.press(i % 10 === 9 ? '\u001b[6~' : 'j', { quietMs: 80 })).lastByteMs);
    keys.sort((a, b) => a - b);
    app.write('/crème');
    app.write('\r');
    await app.waitFor((s) => /of 100,000 match/.test(s), 60_000);
    await app.settle(500);
    const file = join(dir, sorted ? 'sorted.csv' : 'plain.csv');
    app.write('e');
    await app.settle(300);
    app.write('\u0015');
    app.write(file);
    app.write('\r');
    const sentAt = performance.now();
    await app.waitFor((s) => /Exported/.test(s), 600_000);
    const exportMs = performance.now() - sentAt;
    await app.quit('q', 30_000);
    return { p50: percentile(keys, 50), p99: percentile(keys, 99), exportMs, bytes: statSync(file).size };
  } finally {
    app.kill();
  }
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = loadavg()[0];
  const server = await startServerHost({ pages: PAGES, shape: values.shape, compress: false });
  const dir = mkdtempSync(join(tmpdir(), 'pagetui-sorted-'));
  const rows = [];
  try {
    for (const sorted of [false, true]) {
      const r = await session(server, sorted, dir);
      const row = `| ${sorted ? 'name A→Z' : 'server order'} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${(r.exportMs / 1000).toFixed(1)} s | ${(r.bytes / 1e6).toFixed(1)} MB |`;
      process.stderr.write(`${row}\n`);
      rows.push(row);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  }
  const report = [
    `100,000 pages of shape ${values.shape} from a server that does not compress, all loaded (G); ${values.keys} keys (j, PgDn every tenth), last byte of each frame; then /crème and its rows exported to CSV. Load average at end ${loadavg()[0].toFixed(2)}.`,
    '',
    '| Order | key p50 | key p99 | export of the /crème rows | file |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  process.stdout.write(`${report}\n`);
  writeResults(RESULTS, { title: `node bench/sorted.mjs ${process.argv.slice(2).join(' ')}`.trim(), startedAt, loadAtStart }, report);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
