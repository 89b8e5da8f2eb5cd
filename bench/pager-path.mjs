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
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bareLoopCpuMs, bundleEntry } from './lib/in-process-path.mjs';
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

const builds = [['this', await bundleEntry(ENTRY, out, 'this')]];
if (values.compare !== undefined) builds.push(['compare', await bundleEntry(ENTRY, out, 'compare', values.compare)]);
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
    rows.loop.push(await bareLoopCpuMs(server));
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
