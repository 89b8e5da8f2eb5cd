#!/usr/bin/env node
// `G` over 100,000 pages of data unlike the demo's (bench/lib/other-data-server.mjs: unique names,
// or long names in many scripts; plain, gzip or \u-escaped), beside the bare undici loop
// (bench/lib/undici-loop.mjs) run on the same server just before each `G`. Run after `npm run build`:
// `node bench/g-other-data.mjs --shape custom|long [--gzip] [--escape] [--runs 3] [--compare <other pagetui.js>]`.
// Each `G` runs in a 120x40 pty; CPU ms is what the app used from `G` to "all N loaded" (from /proc,
// Linux), and what the loop used over its requests; frames are the DA1 queries the app sent.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { BUNDLE } from './lib/pty-session.mjs';
import { timedGotoEnd } from './lib/timed-goto-end.mjs';

const { values } = parseArgs({
  options: {
    shape: { type: 'string', default: 'custom' },
    gzip: { type: 'boolean', default: false },
    escape: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '100000' },
    compare: { type: 'string' },
  },
});
const PAGES = Number(values.pages);
const LOOP = fileURLToPath(new URL('./lib/undici-loop.mjs', import.meta.url));
const SERVER = fileURLToPath(new URL('./lib/other-data-server.mjs', import.meta.url));
const label = `${values.shape}${values.escape ? ', escaped' : ''}${values.gzip ? ', gzip' : ', plain'}`;
const run = promisify(execFile);

async function startServer() {
  const flags = ['--shape', values.shape, '--pages', String(PAGES), ...(values.gzip ? ['--gzip'] : []), ...(values.escape ? ['--escape'] : [])];
  const child = spawn(process.execPath, [SERVER, ...flags], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const [line] = await once(child.stdout, 'data');
  return { ...JSON.parse(String(line).split('\n')[0]), close: () => child.kill() };
}

async function bareLoop(server) {
  const { stdout } = await run(process.execPath, [LOOP, server.url, server.apiKey, 'grp-1', '100']);
  return JSON.parse(stdout);
}

function gotoEnd(server, bundle) {
  const argv = [process.execPath, bundle, '--base-url', server.url];
  return timedGotoEnd(argv, { env: { PAGETUI_API_KEY: server.apiKey }, pages: PAGES, timeoutMs: 600_000 });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const server = await startServer();
  const builds = [BUNDLE, ...(values.compare === undefined ? [] : [values.compare])];
  const runs = builds.map(() => []);
  const loadAtStart = loadavg()[0];
  try {
    await bareLoop(server); // the server makes and keeps every body once
    for (let i = 0; i < Number(values.runs); i++) {
      for (const [b, bundle] of builds.entries()) {
        const floor = await bareLoop(server);
        const g = await gotoEnd(server, bundle);
        runs[b].push({ ...g, floor });
        process.stderr.write(`round ${i + 1}, ${bundle}: G ${g.ms.toFixed(0)} ms (CPU ${g.cpu.toFixed(0)}, ${g.frames} frames), loop ${floor.ms.toFixed(0)} ms (CPU ${floor.cpuMs.toFixed(0)}, ${floor.encoding}), ${(g.ms / floor.ms).toFixed(2)}x\n`);
      }
    }
  } finally {
    server.close();
  }
  const lines = [
    `G over ${PAGES.toLocaleString('en-US')} pages, ${label}; median of ${values.runs}, each G against the loop run just before it; node ${process.versions.node}, load average ${loadAtStart.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
    'build  G ms  loop ms  G/loop (min–max)  G CPU ms  loop CPU ms  CPU ratio  frames  RSS MB',
  ];
  for (const [b, bundle] of builds.entries()) {
    const rs = runs[b];
    const ratios = rs.map((r) => r.ms / r.floor.ms);
    lines.push(
      [
        bundle,
        median(rs.map((r) => r.ms)).toFixed(0),
        median(rs.map((r) => r.floor.ms)).toFixed(0),
        `${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
        median(rs.map((r) => r.cpu)).toFixed(0),
        median(rs.map((r) => r.floor.cpuMs)).toFixed(0),
        `${median(rs.map((r) => r.cpu / r.floor.cpuMs)).toFixed(2)}x`,
        median(rs.map((r) => r.frames)),
        median(rs.map((r) => r.rssMb)).toFixed(0),
      ].join('  '),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
