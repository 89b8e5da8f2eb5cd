#!/usr/bin/env node
// The client's own cost per request, without the rest of the app: in one process, passes over a
// page group of the demo server (a process of its own) in turn with the bare undici loop's way
// (request, JSON.parse; bench/lib/undici-loop.mjs) and with the app's client as `G` uses it
// (peeked pages, background, a signal, the exchange log, each page parsed). CPU of this process
// (process.cpuUsage) per pass; with --compare <src dir>, the client of that source tree too (e.g.
// an earlier commit's `src` from `git archive`), so an A/B sees only the client.
//   node bench/client-path.mjs [--shape custom] [--compression off] [--pages 100000] [--passes 5] [--compare DIR]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as zlib from 'node:zlib';
import { build } from 'esbuild';
import { Agent, request } from 'undici';
import { startServerHost } from './lib/server-host.mjs';
import { median } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    shape: { type: 'string', default: 'custom' },
    compression: { type: 'string', default: 'off' },
    pages: { type: 'string', default: '100000' },
    passes: { type: 'string', default: '5' },
    compare: { type: 'string' },
  },
});

const ENTRY = fileURLToPath(new URL('./lib/client-path-entry.ts', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'client-path-'));

/** The entry bundled against `srcDir` (this tree's src, or another's). */
async function bundle(name, srcDir) {
  const file = join(out, `${name}.cjs`);
  const plugins =
    srcDir === undefined
      ? []
      : [{ name: 'other-src', setup: (b) => b.onResolve({ filter: /^\.\.\/\.\.\/src\// }, (a) => ({ path: join(srcDir, a.path.replace(/^\.\.\/\.\.\/src\//, '').replace(/\.js$/, '.ts')) })) }];
  await build({ entryPoints: [ENTRY], bundle: true, platform: 'node', format: 'cjs', outfile: file, nodePaths: [fileURLToPath(new URL('../node_modules', import.meta.url))], plugins, logLevel: 'error' });
  return createRequire(import.meta.url)(file);
}

const decoders = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync, deflate: zlib.inflateSync };

async function bareLoop(server) {
  const dispatcher = new Agent({ connections: 1 });
  const cpu = process.cpuUsage();
  let cursor;
  do {
    const url = new URL('/v0/page_groups/grp-1/pages', server.url);
    url.searchParams.set('limit', '100');
    if (cursor) url.searchParams.set('cursor', cursor);
    const res = await request(url, { dispatcher, headers: { 'x-api-key': server.apiKey, accept: 'application/json', 'accept-encoding': 'gzip, br', 'user-agent': 'pagetui/bench' } });
    const enc = res.headers['content-encoding'];
    const body = enc === undefined ? await res.body.json() : JSON.parse(decoders[enc](Buffer.from(await res.body.arrayBuffer())).toString('utf8'));
    cursor = body.hasMore ? body.nextCursor : undefined;
  } while (cursor);
  const used = process.cpuUsage(cpu);
  await dispatcher.close();
  return (used.user + used.system) / 1000;
}

async function clientPass(mod, server) {
  const log = new mod.ExchangeLog();
  const client = mod.createApiClient({ baseUrl: new URL(server.url), getApiKey: () => server.apiKey, observer: log, proxyEnv: {} });
  const signal = new AbortController().signal;
  const cpu = process.cpuUsage();
  let cursor;
  let items = 0;
  do {
    const answer = await client.peekPages('grp-1', { cursor, limit: 100, signal, background: true });
    const page = typeof answer.parse === 'function' ? answer.parse() : answer;
    items += page.items.length;
    cursor = page.hasMore ? page.nextCursor : undefined;
  } while (cursor);
  const used = process.cpuUsage(cpu);
  await client.close();
  if (items !== Number(values.pages)) throw new Error(`read ${items} items`);
  return (used.user + used.system) / 1000;
}

const builds = [['this', await bundle('this')]];
if (values.compare !== undefined) builds.push(['compare', await bundle('compare', values.compare)]);
const server = await startServerHost({ pages: Number(values.pages), shape: values.shape, compress: values.compression === 'on' });
const rows = { loop: [], ...Object.fromEntries(builds.map(([n]) => [n, []])) };
try {
  for (let i = 0; i < Number(values.passes); i++) {
    rows.loop.push(await bareLoop(server));
    // In turn, so neither build always runs right after the loop.
    const order = i % 2 === 0 ? builds : [...builds].reverse();
    for (const [name, mod] of order) rows[name].push(await clientPass(mod, server));
    process.stderr.write(`pass ${i + 1}: ${Object.entries(rows).map(([n, r]) => `${n} ${r.at(-1).toFixed(0)}`).join(', ')} ms CPU, load ${loadavg()[0].toFixed(1)}\n`);
  }
} finally {
  await server.close();
  rmSync(out, { recursive: true, force: true });
}
// The first pass warms the JIT; the medians are over the rest.
const med = (r) => median(r.slice(1));
console.log(JSON.stringify(Object.fromEntries(Object.entries(rows).map(([n, r]) => [n, { medianCpuMs: Math.round(med(r)), overLoopMs: Math.round(med(r) - med(rows.loop)), passes: r.map(Math.round) }]))));
