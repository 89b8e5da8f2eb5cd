#!/usr/bin/env node
// `G` over a page group on loopback, alone, beside the bare undici loop (bench/lib/undici-loop.mjs)
// measured just before each `G`: the bench's G row without the rest of `npm run bench`. Run it after
// `npm run build`: `node bench/loopback-g.mjs [--runs 5] [--pages 100000] [--compare <other pagetui.js>]`.
// `--compare` runs another build's `G` in each round too, interleaved, for an A/B on a loaded
// machine. Each `G` runs in a 120x40 pty as in the bench; CPU ms is what the app used from `G` to
// "all N loaded" (from /proc, Linux), and what the loop used over its requests.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { startServer } from './lib/demo-server.mjs';
import { startServerHost } from './lib/server-host.mjs';
import { BUNDLE, PtySession } from './lib/pty-session.mjs';
import { openGroup } from './lib/open-group.mjs';
import { cpuMs } from './lib/process-cpu.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '100000' },
    compare: { type: 'string' },
    'server-in-bench': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const PAGES = Number(values.pages);
const GROUP = 'grp-1';
const PATH = `/v0/page_groups/${GROUP}/pages`;
const LOOP = fileURLToPath(new URL('./lib/undici-loop.mjs', import.meta.url));


async function gotoEnd(server, bundle) {
  const app = new PtySession([process.execPath, bundle, '--base-url', server.url], { env: { PAGETUI_API_KEY: server.apiKey } });
  const { connections: connectionsBefore } = await server.reset();
  try {
    await openGroup(app, GROUP);
    const cpuBefore = cpuMs(app.pid);
    const sentAt = performance.now();
    app.write('G');
    const loadedAt = await app.waitFor(`all ${PAGES.toLocaleString('en-US')} loaded`, 180_000);
    const cpu = cpuMs(app.pid) - cpuBefore;
    const { requests, connections } = await server.stats(PATH);
    await app.settle(300);
    await app.quit();
    return { ms: loadedAt - sentAt, cpu, requests, connections: connections - connectionsBefore };
  } finally {
    app.kill();
  }
}

async function bareLoop(server) {
  const { stdout } = await promisify(execFile)(process.execPath, [LOOP, server.url, server.apiKey, GROUP, '100']);
  const { ms, cpuMs: cpu, requests } = JSON.parse(stdout);
  return { ms, cpu, requests };
}

/** The server on the bench's own event loop, beside the xterm that parses the app's frames (as before). */
async function inBench(options) {
  const server = await startServer(options);
  let since = 0;
  return {
    url: server.url,
    apiKey: server.apiKey,
    reset: async () => {
      since = Date.now();
      return { connections: server.connections() };
    },
    stats: async (path) => ({
      requests: server.requests.filter((r) => r.path === path && r.at >= since).length,
      connections: server.connections(),
    }),
    close: () => server.close(),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const server = values['server-in-bench'] ? await inBench({ pages: PAGES }) : await startServerHost({ pages: PAGES });
  const builds = [BUNDLE, ...(values.compare === undefined ? [] : [values.compare])];
  const runs = builds.map(() => []);
  const loadAtStart = loadavg()[0];
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const [b, bundle] of builds.entries()) {
        const floor = await bareLoop(server);
        const g = await gotoEnd(server, bundle);
        runs[b].push({ ...g, floor });
        process.stderr.write(
          `round ${i + 1}, ${bundle}: G ${g.ms.toFixed(0)} ms (CPU ${g.cpu.toFixed(0)}), loop ${floor.ms.toFixed(0)} ms (CPU ${floor.cpu.toFixed(0)}), ${(g.ms / floor.ms).toFixed(2)}x, ${g.requests} req, ${g.connections} conn\n`,
        );
      }
    }
  } finally {
    await server.close();
  }
  const lines = [
    `G over ${PAGES.toLocaleString('en-US')} pages of ${GROUP} on loopback, limit 100; median of ${RUNS}, each G against the loop run just before it; node ${process.versions.node}, load average ${loadAtStart.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
    'build  G ms  loop ms  G/loop (each: min–max)  G CPU ms  loop CPU ms  requests  conns',
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
        median(rs.map((r) => r.floor.cpu)).toFixed(0),
        median(rs.map((r) => r.requests)),
        median(rs.map((r) => r.connections)),
      ].join('  '),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
