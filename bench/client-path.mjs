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
    passes: { type: 'string', default: '5' },
    compare: { type: 'string' },
  },
});

const ENTRY = fileURLToPath(new URL('./lib/client-path-entry.ts', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'client-path-'));

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

const builds = [['this', await bundleEntry(ENTRY, out, 'this')]];
if (values.compare !== undefined) builds.push(['compare', await bundleEntry(ENTRY, out, 'compare', values.compare)]);
const server = await startServerHost({ pages: Number(values.pages), shape: values.shape, compress: values.compression === 'on' });
const rows = { loop: [], ...Object.fromEntries(builds.map(([n]) => [n, []])) };
try {
  for (let i = 0; i < Number(values.passes); i++) {
    rows.loop.push(await bareLoopCpuMs(server));
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
