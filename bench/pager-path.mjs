#!/usr/bin/env node
// What `G` costs below the screen: in one process, passes over a page group of the demo server (a
// process of its own) in turn with the bare undici loop's way (request, JSON.parse;
// bench/lib/undici-loop.mjs) and with the app's list pager loading the whole group as `G` does
// (client, exchange log, cursor chain and id set, kept bodies), without frames or the list's
// columns. CPU of this process (process.cpuUsage, every thread) per pass; the first pass (JIT
// warm-up) is left out of the medians. With --compare <src dir>, the pager of that source tree
// too (e.g. an earlier commit's `src` from `git archive`, or a copy with one part switched off), in
// turn: its medians move by a few per cent where `g-cpu`'s move by 10–15%. --cpu-prof writes one V8
// profile (wall time) of all the passes to DIR.
//   node bench/pager-path.mjs [--shape custom] [--compression off] [--pages 100000] [--passes 7] [--compare DIR] [--cpu-prof DIR]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
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
    passes: { type: 'string', default: '7' },
    compare: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});

const ENTRY = fileURLToPath(new URL('./lib/pager-path-entry.ts', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'pager-path-'));

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

async function pagerPass(mod, server) {
  const log = new mod.ExchangeLog();
  const client = mod.createApiClient({ baseUrl: new URL(server.url), getApiKey: () => server.apiKey, observer: log, proxyEnv: {} });
  const pager = mod.listPager(client, 'pages', 'grp-1', 100);
  const cpu = process.cpuUsage();
  await new Promise((resolve, reject) => {
    const stop = pager.subscribe(() => {
      const snap = pager.getSnapshot();
      if (snap.state === 'done') resolve(stop());
      else if (snap.state === 'error') reject(snap.error);
    });
    pager.loadAll();
  });
  const used = process.cpuUsage(cpu);
  const items = pager.getSnapshot().items.length;
  pager.dispose();
  await client.close();
  if (items !== Number(values.pages)) throw new Error(`read ${items} items`);
  return (used.user + used.system) / 1000;
}

const builds = [['this', await bundle('this')]];
if (values.compare !== undefined) builds.push(['compare', await bundle('compare', values.compare)]);
const server = await startServerHost({ pages: Number(values.pages), shape: values.shape, compress: values.compression === 'on' });
const rows = { loop: [], ...Object.fromEntries(builds.map(([n]) => [n, []])) };
const session = values['cpu-prof'] === undefined ? undefined : new Session();
const loadAtStart = loadavg()[0];
try {
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  for (let i = 0; i < Number(values.passes); i++) {
    rows.loop.push(await bareLoop(server));
    // In turn, so neither build always runs right after the loop.
    const order = i % 2 === 0 ? builds : [...builds].reverse();
    for (const [name, mod] of order) rows[name].push(await pagerPass(mod, server));
    process.stderr.write(`pass ${i + 1}: ${Object.entries(rows).map(([n, r]) => `${n} ${r.at(-1).toFixed(0)}`).join(', ')} ms CPU, load ${loadavg()[0].toFixed(1)}\n`);
  }
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(values['cpu-prof'], `pager-path-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  }
} finally {
  await server.close();
  rmSync(out, { recursive: true, force: true });
}
// The first pass warms the JIT; the medians are over the rest.
const med = (r) => median(r.slice(1));
console.log(
  JSON.stringify({
    shape: values.shape,
    compression: values.compression,
    load: `${loadAtStart.toFixed(1)} → ${loadavg()[0].toFixed(1)}`,
    ...Object.fromEntries(Object.entries(rows).map(([n, r]) => [n, { medianCpuMs: Math.round(med(r)), overLoopMs: Math.round(med(r) - med(rows.loop)), passes: r.map(Math.round) }])),
  }),
);
process.exit(0);
