#!/usr/bin/env node
// `G` in the app over a remote-like link (issue 18). Not part of `npm test`; run it after
// `npm run build` with `node bench/remote-g.mjs [--runs 3] [--pages 10000] [--mbit 20] [--rtt 20]`.
//
// The built app in a pty against a demo server behind the userspace link shaper
// (bench/lib/link-shaper.mjs), both in a child process of their own (bench/lib/link-host.mjs: the
// bench process parses the app's frames, which must not slow the link), compressing and with
// compression off: time from `G` to "all N
// loaded", requests, connections and bytes per 100 items; beside it a bare Node `fetch` loop over
// the same link, timed inside its process (start-up excluded, as `G` excludes the app's).
// `--compare <dist/pagetui.js of another build>` adds that build's `G` (server compressing) to each
// round, interleaved, for an A/B on a loaded machine; `--skip-plain` leaves out the
// uncompressed row. CPU ms: what each process used over the same span (from /proc for the app).
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { startLinkHost } from './lib/link-host.mjs';
import { PtySession, startApp } from './lib/pty-session.mjs';
import { cpuMs } from './lib/process-cpu.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '10000' },
    mbit: { type: 'string', default: '20' },
    rtt: { type: 'string', default: '20' },
    compare: { type: 'string' },
    'skip-plain': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const PAGES = Number(values.pages);
const LINK = { mbit: Number(values.mbit), rttMs: Number(values.rtt) };
const GROUP = 'grp-1';
const PATH = `/v0/page_groups/${GROUP}/pages`;

const FETCH_LOOP = `
const [base, key] = process.argv.slice(1);
const started = performance.now();
const cpuAtStart = process.cpuUsage();
let cursor;
for (;;) {
  const qs = new URLSearchParams({ limit: '100' });
  if (cursor) qs.set('cursor', cursor);
  const res = await fetch(base + '${PATH}?' + qs, { headers: { 'x-api-key': key } });
  if (!res.ok) throw new Error('HTTP ' + res.status);
  const body = await res.json();
  if (!body.hasMore || !body.nextCursor) break;
  cursor = body.nextCursor;
}
const cpu = process.cpuUsage(cpuAtStart);
process.stdout.write(JSON.stringify({ ms: performance.now() - started, cpu: (cpu.user + cpu.system) / 1000 }));
`;

function fetchLoop(url, key) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', FETCH_LOOP, url, key], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`fetch loop exited ${code}`))));
  });
}

function startBundle(bundle, link) {
  if (bundle === undefined) return startApp({ url: link.url, apiKey: link.apiKey });
  return new PtySession([process.execPath, bundle, '--base-url', link.url], { env: { PAGETUI_API_KEY: link.apiKey } });
}

async function gotoEnd(link, bundle) {
  const app = startBundle(bundle, link);
  try {
    await app.waitFor((s) => /all \d+ loaded/.test(s), 60_000);
    app.write('\r');
    await app.waitFor(`${GROUP}-p1 `, 60_000);
    await app.settle();
    await link.reset();
    const cpuBefore = cpuMs(app.pid);
    const sentAt = performance.now();
    app.write('G');
    const loadedAt = await app.waitFor(`all ${PAGES.toLocaleString('en-US')} loaded`, 180_000);
    const cpu = cpuMs(app.pid) - cpuBefore;
    const { requests, bytes } = await link.stats();
    await app.settle(300);
    await app.quit();
    return { ms: loadedAt - sentAt, requests, bytes, cpu };
  } catch (error) {
    await app.quit().catch(() => {});
    throw error;
  }
}


const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const hosts = { compressing: await startLinkHost({ pages: PAGES, compress: true, ...LINK, path: PATH }) };
  if (!values['skip-plain']) hosts.plain = await startLinkHost({ pages: PAGES, compress: false, ...LINK, path: PATH });
  const rows = { 'G, server compressing': [], 'G, server not compressing': [], 'G, the --compare build': [], 'bare fetch loop (node)': [] };
  if (values['skip-plain']) delete rows['G, server not compressing'];
  if (values.compare === undefined) delete rows['G, the --compare build'];
  try {
    for (let i = 0; i < RUNS; i++) {
      rows['G, server compressing'].push(await gotoEnd(hosts.compressing));
      if (hosts.plain) rows['G, server not compressing'].push(await gotoEnd(hosts.plain));
      if (values.compare !== undefined) rows['G, the --compare build'].push(await gotoEnd(hosts.compressing, values.compare));
      await hosts.compressing.reset();
      const { ms, cpu } = await fetchLoop(hosts.compressing.url, hosts.compressing.apiKey);
      const { bytes } = await hosts.compressing.stats();
      rows['bare fetch loop (node)'].push({ ms, cpu, requests: Math.ceil(PAGES / 100), bytes });
    }
  } finally {
    for (const h of Object.values(hosts)) await h.close();
  }
  const floor = median(rows['bare fetch loop (node)'].map((r) => r.ms));
  const w = Math.max(...Object.keys(rows).map((k) => k.length));
  const lines = [
    `${PAGES.toLocaleString('en')} pages of ${GROUP} over ${LINK.mbit} Mbit/s, ${LINK.rttMs} ms RTT; median of ${RUNS}, node ${process.versions.node}`,
    `${'run'.padEnd(w)}  ${'ms'.padStart(6)}  ${'vs fetch'.padStart(8)}  requests  conns  B/100 items down  CPU ms`,
  ];
  for (const [name, rs] of Object.entries(rows)) {
    const ms = median(rs.map((r) => r.ms));
    const per = Math.round(median(rs.map((r) => r.bytes.down / r.requests)));
    lines.push(
      `${name.padEnd(w)}  ${ms.toFixed(0).padStart(6)}  ${`${(ms / floor).toFixed(2)}x`.padStart(8)}  ${String(median(rs.map((r) => r.requests))).padStart(8)}  ${String(median(rs.map((r) => r.bytes.connections))).padStart(5)}  ${per.toLocaleString('en').padStart(16)}  ${median(rs.map((r) => r.cpu)).toFixed(0).padStart(6)}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
