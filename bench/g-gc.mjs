#!/usr/bin/env node
// V8's collections during `G`: how many young-generation collections (scavenges), their time on
// the main thread, what survived them (left in the young generation, and promoted to the old one),
// and the full collections, from a --require hook (bench/lib/gc-profile.cjs, v8.GCProfiler).
// What survives a scavenge is most of what it costs, so this is where a page kept alive too long
// shows. Run after `npm run build`:
// `node bench/g-gc.mjs [--runs 2] [--pages 1000000] [--compare <other pagetui.js>]`.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServerHost } from './lib/server-host.mjs';
import { BUNDLE, PtySession } from './lib/pty-session.mjs';
import { openGroup } from './lib/open-group.mjs';
import { median } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2' },
    pages: { type: 'string', default: '1000000' },
    compare: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const PAGES = Number(values.pages);
const GROUP = 'grp-1';
const HOOK = fileURLToPath(new URL('./lib/gc-profile.cjs', import.meta.url));
const OUT = join(tmpdir(), `pagetui-g-gc-${process.pid}.json`);
const LOADED = `all ${PAGES.toLocaleString('en-US')} loaded`;
const YOUNG = new Set(['Scavenge', 'MinorMarkSweep']);
const bundles = values.compare ? [BUNDLE, values.compare] : [BUNDLE];

async function gotoEnd(server, bundle) {
  const env = { PAGETUI_API_KEY: server.apiKey, GC_OUT: OUT, GC_KEY: 'G', GC_DONE: LOADED };
  const app = new PtySession([process.execPath, '--require', HOOK, bundle, '--base-url', server.url], { env });
  try {
    await openGroup(app, GROUP);
    const sentAt = performance.now();
    app.write('G');
    const loadedAt = await app.waitFor(LOADED, Math.max(180_000, PAGES * 0.3));
    await app.settle(300);
    await app.quit();
    const collections = JSON.parse(readFileSync(OUT, 'utf8'));
    rmSync(OUT, { force: true });
    return { ms: loadedAt - sentAt, ...summary(collections) };
  } finally {
    app.kill();
  }
}

const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const MB = 1024 * 1024;

function summary(collections) {
  const young = collections.filter((c) => YOUNG.has(c.type));
  const full = collections.filter((c) => c.type === 'MarkSweepCompact');
  return {
    young: young.length,
    youngMs: sum(young.map((c) => c.ms)),
    youngMedianMs: median(young.map((c) => c.ms)),
    survivedMB: median(young.map((c) => c.youngAfter)) / MB,
    promotedMB: sum(young.map((c) => Math.max(0, c.oldAfter - c.oldBefore))) / MB,
    full: full.length,
    fullMs: sum(collections.filter((c) => !YOUNG.has(c.type)).map((c) => c.ms)),
  };
}

const server = await startServerHost({ pages: PAGES });
const rows = new Map(bundles.map((b) => [b, []]));
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const bundle of bundles) {
      const r = await gotoEnd(server, bundle);
      rows.get(bundle).push(r);
      console.error(`run ${run}, ${bundle}: G ${r.ms.toFixed(0)} ms, ${r.young} scavenges ${r.youngMs.toFixed(0)} ms, promoted ${r.promotedMB.toFixed(0)} MB`);
    }
  }
} finally {
  await server.close();
}
const f = (x, digits = 0) => x.toFixed(digits);
console.log(`G over ${PAGES.toLocaleString('en-US')} pages of ${GROUP}, limit 100, on loopback; medians of ${RUNS} runs; node ${process.versions.node}`);
console.log('| build | G ms | scavenges | their time ms | each, median ms | left young after one, median MB | promoted by them MB | full collections | time of those and marking ms |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [bundle, rs] of rows) {
  const m = (key) => median(rs.map((r) => r[key]));
  console.log(`| ${bundle} | ${f(m('ms'))} | ${f(m('young'))} | ${f(m('youngMs'))} | ${f(m('youngMedianMs'), 2)} | ${f(m('survivedMB'), 2)} | ${f(m('promotedMB'))} | ${f(m('full'))} | ${f(m('fullMs'))} |`);
}
