#!/usr/bin/env node
// Benchmark of `pagetui pages <id> --json` (issue 5). Not part of `npm test`; run it after
// `npm run build` with `node bench/list-commands.mjs [--runs 3] [--pages 10000] [--memory-pages 100000]`.
//
// Against one demo server (its own process, --pages N), it times, each as a fresh process with
// output to /dev/null (median of the runs):
//   1. pagetui pages grp-1 --json
//   2. a bare `fetch` loop in Node over the same cursor chain (node start included; it parses each
//      body to find the cursor and writes nothing: the network floor)
//   3. the same loop writing NDJSON (what a hand-written script would print)
//   4. a `curl | jq` shell loop, when both are installed
// Then the peak RSS of pagetui listing N pages and the memory-pages listing, to show it stays flat.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '10000' },
    'memory-pages': { type: 'string', default: '100000' },
  },
});
const RUNS = Number(values.runs);
const PAGES = Number(values.pages);
const MEMORY_PAGES = Number(values['memory-pages']);
const BUNDLE = fileURLToPath(new URL('../dist/pagetui.js', import.meta.url));
if (!existsSync(BUNDLE)) {
  process.stderr.write('dist/pagetui.js is missing: run `npm run build` first.\n');
  process.exit(2);
}

const FETCH_LOOP = `
const [base, key, print] = process.argv.slice(1);
let cursor;
for (;;) {
  const qs = new URLSearchParams({ limit: '100' });
  if (cursor) qs.set('cursor', cursor);
  const res = await fetch(base + '/v0/page_groups/grp-1/pages?' + qs, { headers: { 'x-api-key': key } });
  if (!res.ok) throw new Error('HTTP ' + res.status);
  const body = await res.json();
  if (print === '1') {
    let out = '';
    for (const item of body.items) out += JSON.stringify(item) + '\\n';
    if (!process.stdout.write(out)) await new Promise((r) => process.stdout.once('drain', r));
  }
  if (!body.hasMore || !body.nextCursor) break;
  cursor = body.nextCursor;
}
`;

const CURL_JQ_LOOP = `
cursor=""
while :; do
  body=$(curl -sS --fail -H "x-api-key: $KEY" "$BASE/v0/page_groups/grp-1/pages?limit=100\${cursor:+&cursor=$cursor}")
  printf '%s' "$body" | jq -c '.items[]'
  cursor=$(printf '%s' "$body" | jq -r '.nextCursor // empty')
  [ -z "$cursor" ] && break
done
`;

/** Starts `pagetui demo-server` in its own process; resolves with its URL, key and a stop function. */
function startServer(pages) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUNDLE, 'demo-server', '--pages', String(pages)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`demo server exited early (${code})`)));
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const m = /listening on (\S+) \(key: ([^)]+)\)/.exec(out);
      if (!m) return;
      child.removeAllListeners('exit');
      resolve({
        url: m[1],
        key: m[2],
        stop: () =>
          new Promise((done) => {
            child.once('exit', done);
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** Runs a command to completion with stdout to /dev/null; resolves with ms and the peak RSS (KiB) if asked. */
function timed(cmd, args, env, { memory = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let hwm = 0;
    child.stderr.on('data', (c) => (stderr += c.toString()));
    const poll = memory ? setInterval(() => (hwm = Math.max(hwm, readHwm(child.pid))), 10) : undefined;
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      clearInterval(poll);
      if (code !== 0) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${stderr.trim()}`));
      resolve({ ms, rssKiB: hwm });
    });
  });
}

/** VmHWM (peak resident set) of a live process from /proc, in KiB; 0 when unreadable. */
function readHwm(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Peak RSS (KiB) via `/usr/bin/time -v` when present, else by polling /proc. */
async function peakRss(args, env) {
  if (existsSync('/usr/bin/time')) {
    const out = await new Promise((resolve, reject) => {
      const child = spawn('/usr/bin/time', ['-v', process.execPath, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (c) => (err += c.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(err) : reject(new Error(`exit ${code}: ${err.trim()}`))));
    });
    const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(out);
    if (m) return { kib: Number(m[1]), how: '/usr/bin/time -v' };
  }
  const { rssKiB } = await timed(process.execPath, args, env, { memory: true });
  return { kib: rssKiB, how: '/proc VmHWM' };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function hasCommand(name) {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

async function main() {
  const server = await startServer(PAGES);
  const env = { PAGETUI_API_KEY: server.key, PAGETUI_BASE_URL: server.url };
  const rows = [
    { name: 'pagetui pages grp-1 --json', run: () => timed(process.execPath, [BUNDLE, 'pages', 'grp-1', '--json'], env) },
    { name: 'bare fetch loop (node, no output)', run: () => timed(process.execPath, ['--input-type=module', '-e', FETCH_LOOP, server.url, server.key, '0'], env) },
    { name: 'fetch loop writing NDJSON (node)', run: () => timed(process.execPath, ['--input-type=module', '-e', FETCH_LOOP, server.url, server.key, '1'], env) },
  ];
  if ((await hasCommand('curl')) && (await hasCommand('jq'))) {
    rows.push({ name: 'curl | jq shell loop', run: () => timed('bash', ['-c', CURL_JQ_LOOP], { ...env, BASE: server.url, KEY: server.key }) });
  }
  const results = [];
  try {
    await rows[0].run(); // warm-up: file cache, server JIT
    // Interleave the rows so drift in machine load hits them alike.
    const times = rows.map(() => []);
    for (let i = 0; i < RUNS; i++) {
      for (const [j, row] of rows.entries()) times[j].push((await row.run()).ms);
    }
    for (const [j, row] of rows.entries()) results.push({ name: row.name, ms: median(times[j]) });
  } finally {
    await server.stop();
  }

  const memory = [];
  for (const pages of [PAGES, MEMORY_PAGES]) {
    const s = await startServer(pages);
    try {
      const peaks = [];
      let how = '';
      for (let i = 0; i < RUNS; i++) {
        const r = await peakRss([BUNDLE, 'pages', 'grp-1', '--json'], { PAGETUI_API_KEY: s.key, PAGETUI_BASE_URL: s.url });
        peaks.push(r.kib);
        how = r.how;
      }
      memory.push({ pages, kib: median(peaks), how });
    } finally {
      await s.stop();
    }
  }

  const floor = results[1]?.ms ?? 1;
  const w = Math.max(...results.map((r) => r.name.length));
  const lines = [
    `Listing ${PAGES.toLocaleString('en')} pages (limit 100, ${Math.ceil(PAGES / 100)} requests), median of ${RUNS} runs, node ${process.versions.node}:`,
    '',
    `${'command'.padEnd(w)}  ${'wall ms'.padStart(8)}  ${'vs bare fetch'.padStart(13)}`,
    ...results.map((r) => `${r.name.padEnd(w)}  ${r.ms.toFixed(0).padStart(8)}  ${`${(r.ms / floor).toFixed(2)}x`.padStart(13)}`),
    '',
    'Peak RSS of pagetui pages grp-1 --json:',
    ...memory.map((m) => `  ${m.pages.toLocaleString('en').padStart(9)} pages  ${(m.kib / 1024).toFixed(1).padStart(7)} MiB  (${m.how})`),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
