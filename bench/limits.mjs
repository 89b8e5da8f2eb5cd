/**
 * `node bench/limits.mjs`: the time and memory figures that the tests check only as behaviour (a
 * wall-clock or heap bound fails on a busy machine and passes on a fast one without saying much).
 * Each figure, beside the bound the tests once asserted:
 * - gzip bomb: ~1 MB on the wire, 1 GiB expanded; how long until the client stops at its 8 MiB cap,
 *   and how far RSS rose meanwhile (test/faults/gzip-bomb.test.ts checks it is stopped);
 * - million: a demo server of 1,000,000 pages started and its last page served, with the heap it
 *   took (test/demo-server/million.test.ts checks the pages are right);
 * - cursor chain: heap bytes per id kept by CursorChain over 200,000 ids once the items are gone
 *   (test/api/id-set.test.ts checks the de-duplication);
 * - keychain: get, set and probe with no D-Bus session (test/auth/keychain.e2e.test.ts);
 * - clipboard: how long a clipboard tool that never ends is waited for (its deadline is 3 s).
 * Each runs in a child process of its own (node --expose-gc), so none sees another's heap. The
 * modules come from src/, bundled with esbuild when the bench starts. Prints a markdown table.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import { build } from 'esbuild';

const SELF = fileURLToPath(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const MiB = 1024 * 1024;
const ms = (value) => `${Math.round(value)} ms`;
const mib = (bytes) => `${(bytes / MiB).toFixed(1)} MiB`;

const FIGURES = {
  'gzip bomb': gzipBomb,
  million,
  'cursor chain': cursorChain,
  keychain,
  clipboard,
};

if (process.argv[2] === '--one') {
  const modules = await import(pathToFileURL(process.env.LIMITS_MODULES).href);
  process.stdout.write(JSON.stringify(await FIGURES[process.argv[3]](modules)));
  process.exit(0);
}

// Inside the project, so that the bundle's packages resolve from node_modules/.
const dir = mkdtempSync(join(root, 'node_modules', '.pagetui-limits-'));
try {
  const modules = join(dir, 'modules.mjs');
  await build({
    absWorkingDir: root,
    stdin: {
      contents: [
        "export { createApiClient } from './src/api/index.ts';",
        "export { CursorChain } from './src/api/pager/cursor-chain.ts';",
        "export { startDemoServer } from './src/demo-server/index.ts';",
        "export { encodeCursor } from './src/demo-server/cursor.ts';",
        "export { getApiKey, probeKeychain, setApiKey } from './src/auth/keychain.ts';",
        "export { readToolOutput } from './src/ui/services/clipboard-process.ts';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    outfile: modules,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  const rows = [['figure', 'measured', 'bound the tests had']];
  for (const name of Object.keys(FIGURES)) {
    process.stderr.write(`${name}…\n`);
    const out = execFileSync(process.execPath, ['--expose-gc', SELF, '--one', name], { env: { ...process.env, LIMITS_MODULES: modules }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    for (const [figure, measured, bound] of JSON.parse(out)) rows.push([`${name}: ${figure}`, measured, bound]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  process.stdout.write(`${[line(rows[0]), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n')}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function gzipBomb({ createApiClient }) {
  const gzip = createGzip({ level: 9 });
  const parts = [];
  gzip.on('data', (chunk) => parts.push(chunk));
  const ended = new Promise((resolve) => gzip.on('end', resolve));
  const zeros = Buffer.alloc(MiB);
  for (let written = 0; written < 1024 * MiB; written += zeros.length) {
    if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end();
  await ended;
  const bomb = Buffer.concat(parts);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(bomb);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = createApiClient({ baseUrl: new URL(`http://127.0.0.1:${server.address().port}`), getApiKey: () => 'bench' });
  globalThis.gc();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const error = await client.listPages('bomb').then(() => undefined, (e) => e);
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await client.close();
  server.close();
  if (error?.code !== 'RESPONSE_TOO_LARGE') throw new Error(`the bomb was not stopped: ${error}`);
  return [
    ['until the client stops', ms(elapsed), '< 3000 ms'],
    ['RSS rise meanwhile', mib(peak - rssBefore), '< 96 MiB'],
  ];
}

async function million({ encodeCursor, startDemoServer }) {
  globalThis.gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const server = await startDemoServer({ host: '127.0.0.1', port: 0, pages: 1_000_000 });
  const res = await fetch(`${server.url}/v0/page_groups/grp-1/pages?limit=100&cursor=${encodeCursor('grp-1', 999_900)}`, { headers: { 'x-api-key': server.apiKey } });
  const body = await res.json();
  const elapsed = performance.now() - started;
  const heap = process.memoryUsage().heapUsed - heapBefore;
  await server.close();
  if (body.items?.at(-1)?.pageId !== 'grp-1-p1000000') throw new Error('the last page is not the millionth');
  return [
    ['start and serve the last page', ms(elapsed), '< 5000 ms'],
    ['heap taken', mib(heap), '< 50 MiB'],
  ];
}

async function cursorChain({ CursorChain }) {
  const IDS = 200_000;
  const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const chain = new CursorChain((raw) => String(raw.pageId), 50);
  globalThis.gc();
  const before = held();
  for (let from = 0; from < IDS; from += 100) {
    const items = JSON.parse(JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ pageId: `grp-1-p${from + i + 100_000}` }))));
    chain.accept(from === 0 ? undefined : `c${from}`, { items, hasMore: true, nextCursor: `c${from + 100}`, warnings: [] });
  }
  globalThis.gc();
  return [['heap bytes per seen id', ((held() - before) / IDS).toFixed(1), '< 40 (a Set<string> takes 50+)']];
}

async function keychain({ getApiKey, probeKeychain, setApiKey }) {
  const env = { PATH: process.env.PATH, HOME: tmpdir(), XDG_RUNTIME_DIR: tmpdir() };
  const origin = 'https://bench.example';
  const started = performance.now();
  await getApiKey(origin, { env });
  await setApiKey(origin, 'bench-secret', { env });
  await probeKeychain({ env });
  return [['get, set and probe with no D-Bus', ms(performance.now() - started), '< 3000 ms']];
}

async function clipboard({ readToolOutput }) {
  const dir = mkdtempSync(join(tmpdir(), 'pagetui-limits-clip-'));
  try {
    const slow = join(dir, 'slow');
    writeFileSync(slow, '#!/bin/sh\nexec sleep 30\n', { mode: 0o755 });
    const started = performance.now();
    await readToolOutput(slow, []).catch(() => {});
    return [['a tool that never ends, given up after', ms(performance.now() - started), '< 6000 ms (deadline 3 s)']];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
