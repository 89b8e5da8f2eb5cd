#!/usr/bin/env node
// The list command over a remote-like link (issue 18). Not part of `npm test`; run it after
// `npm run build` with `node bench/remote-link.mjs [--runs 3] [--pages 10000] [--mbit 20] [--rtt 20]`.
//
// Two demo servers in their own processes, one compressing (the default) and one started with
// --no-compress, each behind a userspace link shaper (bench/lib/link-shaper.mjs: bandwidth and
// one-way delay per direction). Times, as fresh processes with output to /dev/null (median of
// the runs), `pagetui pages grp-1 --json` and a bare Node `fetch` loop over the same cursors
// (fetch asks for compression on its own), over the link and on loopback, and counts the bytes
// the server sent per 100 items.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startLinkShaper } from './lib/link-shaper.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '10000' },
    mbit: { type: 'string', default: '20' },
    rtt: { type: 'string', default: '20' },
  },
});
const RUNS = Number(values.runs);
const PAGES = Number(values.pages);
const MBIT = Number(values.mbit);
const RTT = Number(values.rtt);
const REQUESTS = Math.ceil(PAGES / 100);
const BUNDLE = fileURLToPath(new URL('../dist/pagetui.js', import.meta.url));
if (!existsSync(BUNDLE)) {
  process.stderr.write('dist/pagetui.js is missing: run `npm run build` first.\n');
  process.exit(2);
}

const FETCH_LOOP = `
const [base, key] = process.argv.slice(1);
let cursor;
for (;;) {
  const qs = new URLSearchParams({ limit: '100' });
  if (cursor) qs.set('cursor', cursor);
  const res = await fetch(base + '/v0/page_groups/grp-1/pages?' + qs, { headers: { 'x-api-key': key } });
  if (!res.ok) throw new Error('HTTP ' + res.status);
  const body = await res.json();
  if (!body.hasMore || !body.nextCursor) break;
  cursor = body.nextCursor;
}
`;

function startServer(extra) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUNDLE, 'demo-server', '--pages', String(PAGES), ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`demo server exited early (${code})`)));
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      // Older servers named their key; today any key but "invalid" is accepted.
      const m = /listening on (\S+) \((?:key: ([^)]+)|any API key[^)]*)\)/.exec(out);
      if (!m) return;
      child.removeAllListeners('exit');
      const url = new URL(m[1]);
      resolve({
        url: m[1],
        key: m[2] ?? 'demo-key',
        target: { host: url.hostname, port: Number(url.port) },
        stop: () =>
          new Promise((done) => {
            child.once('exit', done);
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

function timed(args, env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}: ${stderr.trim()}`));
      if (stderr !== '') return reject(new Error(`${args.join(' ')} wrote to stderr: ${stderr.trim()}`));
      resolve(Number(process.hrtime.bigint() - started) / 1e6);
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const compressing = await startServer([]);
  const plain = await startServer(['--no-compress']);
  const link = { mbit: MBIT, rttMs: RTT };
  const shapedCompressing = await startLinkShaper({ target: compressing.target, ...link });
  const shapedPlain = await startLinkShaper({ target: plain.target, ...link });
  const pagetui = (server, url) => () => timed([BUNDLE, 'pages', 'grp-1', '--json'], { PAGETUI_API_KEY: server.key, PAGETUI_BASE_URL: url });
  const fetchLoop = (server, url) => () => timed(['--input-type=module', '-e', FETCH_LOOP, url, server.key], {});
  const rows = [
    { where: 'link', name: 'pagetui pages grp-1 --json', run: pagetui(compressing, shapedCompressing.url), shaper: shapedCompressing },
    { where: 'link', name: 'bare fetch loop (node)', run: fetchLoop(compressing, shapedCompressing.url), shaper: shapedCompressing },
    { where: 'link', name: 'pagetui, server not compressing', run: pagetui(plain, shapedPlain.url), shaper: shapedPlain },
    { where: 'loopback', name: 'pagetui pages grp-1 --json', run: pagetui(compressing, compressing.url) },
    { where: 'loopback', name: 'bare fetch loop (node)', run: fetchLoop(compressing, compressing.url) },
    { where: 'loopback', name: 'pagetui, server not compressing', run: pagetui(plain, plain.url) },
  ];
  const results = rows.map(() => ({ ms: [], down: [], up: [], connections: [] }));
  try {
    for (const row of rows) await row.run(); // warm-up: file cache, server JIT
    // Interleave the rows so drift in machine load hits them alike.
    for (let i = 0; i < RUNS; i++) {
      for (const [j, row] of rows.entries()) {
        row.shaper?.reset();
        results[j].ms.push(await row.run());
        if (row.shaper) {
          results[j].down.push(row.shaper.bytes.down);
          results[j].up.push(row.shaper.bytes.up);
          results[j].connections.push(row.shaper.bytes.connections);
        }
      }
    }
  } finally {
    await Promise.all([shapedCompressing.close(), shapedPlain.close()]);
    await Promise.all([compressing.stop(), plain.stop()]);
  }

  const w = Math.max(...rows.map((r) => r.name.length));
  const lines = [
    `Listing ${PAGES.toLocaleString('en')} pages (limit 100, ${REQUESTS} requests), median of ${RUNS} runs, node ${process.versions.node}.`,
    `link: userspace shaper, ${MBIT} Mbit/s each way, ${RTT} ms round trip; bytes are TCP payload (headers + bodies).`,
  ];
  for (const where of ['link', 'loopback']) {
    const idx = rows.flatMap((r, j) => (r.where === where ? [j] : []));
    const floor = median(results[idx[1]].ms);
    lines.push('', `${where}:`, `${'command'.padEnd(w)}  ${'wall ms'.padStart(8)}  ${'vs fetch'.padStart(8)}  ${'B/100 items down'.padStart(16)}  ${'up'.padStart(5)}  conns`);
    for (const j of idx) {
      const r = results[j];
      const ms = median(r.ms);
      const per = (xs) => (xs.length === 0 ? '' : Math.round(median(xs) / REQUESTS).toLocaleString('en'));
      lines.push(
        `${rows[j].name.padEnd(w)}  ${ms.toFixed(0).padStart(8)}  ${`${(ms / floor).toFixed(2)}x`.padStart(8)}  ${per(r.down).padStart(16)}  ${per(r.up).padStart(5)}  ${r.connections.length === 0 ? '' : median(r.connections)}`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
