#!/usr/bin/env node
// Benchmark of quota pacing (issue 15). Not part of `npm test`; run it after `npm run build` with
// `node bench/quota-pacing.mjs [--pages 10000] [--limit 20] [--quota 200] [--window 2]`.
//
// For each way the demo server announces its quota (draft, legacy, x, none) it runs
// `pagetui pages grp-1 --json --limit L` as a fresh process against `--quota Q --window W` and
// prints the requests sent, the 429s received, the time taken (whole process, and from the first
// request to the last), and their ratio to the ideal ceil(requests / quota) × window. With the
// fields announced the 429s must be 0.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from './lib/demo-server.mjs';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '10000' },
    limit: { type: 'string', default: '20' },
    quota: { type: 'string', default: '200' },
    window: { type: 'string', default: '2' },
  },
});
const PAGES = Number(values.pages);
const LIMIT = Number(values.limit);
const QUOTA = Number(values.quota);
const WINDOW = Number(values.window);
const BUNDLE = fileURLToPath(new URL('../dist/pagetui.js', import.meta.url));
if (!existsSync(BUNDLE)) {
  process.stderr.write('dist/pagetui.js is missing: run `npm run build` first.\n');
  process.exit(1);
}

function runPages(server) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, PAGETUI_API_KEY: server.apiKey };
    delete env.CI;
    const child = spawn(process.execPath, [BUNDLE, 'pages', 'grp-1', '--json', '--limit', String(LIMIT), '--base-url', server.url], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      for (const byte of chunk) if (byte === 10) lines++;
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, lines, stderr }));
  });
}

const rows = [];
for (const form of ['draft', 'legacy', 'x', 'none']) {
  const server = await startServer({ pages: PAGES, groups: 1, quota: QUOTA, windowSeconds: WINDOW, quotaHeaders: form });
  try {
    const started = performance.now();
    const result = await runPages(server);
    const seconds = (performance.now() - started) / 1000;
    const requests = server.requests.length;
    const refused = server.requests.filter((r) => r.status === 429).length;
    const admitted = requests - refused;
    const ideal = Math.ceil(admitted / QUOTA) * WINDOW;
    const requestSeconds = ((server.requests.at(-1)?.at ?? 0) - (server.requests[0]?.at ?? 0)) / 1000;
    rows.push({
      form,
      exit: result.code,
      items: result.lines,
      requests,
      '429s': refused,
      ideal,
      process: seconds.toFixed(2),
      ratio: (seconds / ideal).toFixed(2),
      'first→last request': requestSeconds.toFixed(2),
      'its ratio': (requestSeconds / ideal).toFixed(2),
    });
    if (result.code !== 0) process.stderr.write(`${form}: exit ${result.code}: ${result.stderr}\n`);
  } finally {
    await server.close();
  }
}
process.stdout.write(`pagetui pages grp-1 --json --limit ${LIMIT}: ${PAGES} pages, --quota ${QUOTA} --window ${WINDOW}\n`);
console.table(rows);
