#!/usr/bin/env node
// `G` in the app over a remote-like link (issue 18). Not part of `npm test`; run it after
// `npm run build` with `node bench/remote-g.mjs [--runs 3] [--pages 10000] [--mbit 20] [--rtt 20]`.
//
// The built app in a pty against an in-process demo server behind the userspace link shaper
// (bench/lib/link-shaper.mjs), compressing and with compression off: time from `G` to "all N
// loaded", requests, connections and bytes per 100 items; beside it a bare Node `fetch` loop over
// the same link, timed inside its process (start-up excluded, as `G` excludes the app's).
// `--compare <dist/pagetui.js of another build>` adds that build's `G` (server compressing) to each
// round, interleaved, for an A/B on a loaded machine; `--skip-plain` leaves out the
// uncompressed row.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { startServer } from './lib/demo-server.mjs';
import { startLinkShaper } from './lib/link-shaper.mjs';
import { PtySession, startApp } from './lib/pty-session.mjs';

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
process.stdout.write(String(performance.now() - started));
`;

function fetchLoop(url, key) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', FETCH_LOOP, url, key], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`fetch loop exited ${code}`))));
  });
}

function startBundle(bundle, server, url) {
  if (bundle === undefined) return startApp({ url, apiKey: server.apiKey });
  return new PtySession([process.execPath, bundle, '--base-url', url], { env: { PAGETUI_API_KEY: server.apiKey } });
}

async function gotoEnd(server, shaper, bundle) {
  const app = startBundle(bundle, server, shaper.url);
  try {
    await app.waitFor((s) => /all \d+ loaded/.test(s), 60_000);
    app.write('\r');
    await app.waitFor(`${GROUP}-p1 `, 60_000);
    await app.settle();
    const requestsBefore = server.requests.length;
    shaper.reset();
    const sentAt = performance.now();
    app.write('G');
    const loadedAt = await app.waitFor(`all ${PAGES.toLocaleString('en-US')} loaded`, 180_000);
    const requests = server.requests.slice(requestsBefore).filter((r) => r.path === PATH).length;
    const bytes = { ...shaper.bytes };
    await app.settle(300);
    await app.quit();
    return { ms: loadedAt - sentAt, requests, bytes };
  } catch (error) {
    await app.quit().catch(() => {});
    throw error;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const servers = { compressing: await startServer({ pages: PAGES }), plain: await startServer({ pages: PAGES, compress: false }) };
  const shapers = {};
  for (const [name, s] of Object.entries(servers)) shapers[name] = await startLinkShaper({ target: { host: '127.0.0.1', port: s.port }, ...LINK });
  const rows = { 'G, server compressing': [], 'G, server not compressing': [], 'G, the --compare build': [], 'bare fetch loop (node)': [] };
  if (values['skip-plain']) delete rows['G, server not compressing'];
  if (values.compare === undefined) delete rows['G, the --compare build'];
  try {
    for (let i = 0; i < RUNS; i++) {
      rows['G, server compressing'].push(await gotoEnd(servers.compressing, shapers.compressing));
      if (!values['skip-plain']) rows['G, server not compressing'].push(await gotoEnd(servers.plain, shapers.plain));
      if (values.compare !== undefined) rows['G, the --compare build'].push(await gotoEnd(servers.compressing, shapers.compressing, values.compare));
      shapers.compressing.reset();
      const ms = await fetchLoop(shapers.compressing.url, servers.compressing.apiKey);
      rows['bare fetch loop (node)'].push({ ms, requests: Math.ceil(PAGES / 100), bytes: { ...shapers.compressing.bytes } });
    }
  } finally {
    for (const s of Object.values(shapers)) await s.close();
    for (const s of Object.values(servers)) await s.close();
  }
  const floor = median(rows['bare fetch loop (node)'].map((r) => r.ms));
  const w = Math.max(...Object.keys(rows).map((k) => k.length));
  const lines = [
    `${PAGES.toLocaleString('en')} pages of ${GROUP} over ${LINK.mbit} Mbit/s, ${LINK.rttMs} ms RTT; median of ${RUNS}, node ${process.versions.node}`,
    `${'run'.padEnd(w)}  ${'ms'.padStart(6)}  ${'vs fetch'.padStart(8)}  requests  conns  B/100 items down`,
  ];
  for (const [name, rs] of Object.entries(rows)) {
    const ms = median(rs.map((r) => r.ms));
    const per = Math.round(median(rs.map((r) => r.bytes.down / r.requests)));
    lines.push(
      `${name.padEnd(w)}  ${ms.toFixed(0).padStart(6)}  ${`${(ms / floor).toFixed(2)}x`.padStart(8)}  ${String(median(rs.map((r) => r.requests))).padStart(8)}  ${String(median(rs.map((r) => r.bytes.connections))).padStart(5)}  ${per.toLocaleString('en').padStart(16)}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
