/**
 * `npm run bench`: drives the built CLI (dist/pagetui.js) in a real 120x40 pseudo-terminal against
 * demo servers on loopback and prints one table: each figure's median over several runs, its goal,
 * and the node floor measured in the same run. Set BENCH_QUICK=1 for a fast smoke run.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { browseSession, echoLatency } from './lib/browse.mjs';
import { startServer } from './lib/demo-server.mjs';
import { holdJ } from './lib/hold.mjs';
import { BUNDLE } from './lib/pty-session.mjs';
import { measureStartup } from './lib/startup.mjs';
import { printTable } from './lib/table.mjs';

const quick = process.env.BENCH_QUICK === '1';
const RUNS = {
  startup: quick ? 2 : 7,
  browse: quick ? 1 : 3,
  presses: quick ? 30 : 100,
  hold: quick ? 1 : 2,
  holdSeconds: quick ? 4 : 8,
};
const SLOW_MS = 100;
const HOLD_LATENCY_MS = 200;
const BIG = 100_000;
const SMALL = 1_000;
const LIMIT = 100;

if (!existsSync(BUNDLE)) {
  process.stderr.write('dist/pagetui.js is missing: run `npm run build` first (npm run bench does).\n');
  process.exit(1);
}

const log = (text) => process.stderr.write(`${text}\n`);
const servers = {
  fast: await startServer({ pages: BIG }),
  slow: await startServer({ pages: BIG, latencyMs: SLOW_MS }),
  hold: await startServer({ pages: BIG, latencyMs: HOLD_LATENCY_MS }),
  small: await startServer({ pages: SMALL }),
};

try {
  const firstTitle = await firstGroupTitle(servers.fast);

  log(`start-up: ${RUNS.startup} runs…`);
  const startup = await measureStartup({ fast: servers.fast, slow: servers.slow, firstTitle, runs: RUNS.startup });

  log('keystroke floor…');
  const echo = [];
  for (let i = 0; i < RUNS.browse; i++) echo.push(await echoLatency(RUNS.presses));

  const small = [];
  const big = [];
  const bare = [];
  for (let i = 0; i < RUNS.browse; i++) {
    log(`browse run ${i + 1}/${RUNS.browse}: ${SMALL.toLocaleString('en-US')} pages…`);
    small.push(await browseSession(servers.small, { pages: SMALL, presses: RUNS.presses }));
    log(`browse run ${i + 1}/${RUNS.browse}: ${BIG.toLocaleString('en-US')} pages…`);
    big.push(await browseSession(servers.fast, { pages: BIG, presses: RUNS.presses }));
    bare.push(await bareUndiciLoop(servers.fast));
  }

  const holds = [];
  for (let i = 0; i < RUNS.hold; i++) {
    log(`holding j ${i + 1}/${RUNS.hold}…`);
    holds.push(await holdJ(servers.hold, { seconds: RUNS.holdSeconds, keysPerSecond: 30 }));
  }

  printTable({ RUNS, startup, echo, small, big, bare, holds, SLOW_MS, HOLD_LATENCY_MS, BIG, LIMIT });
} finally {
  await Promise.all(Object.values(servers).map((s) => s.close()));
}

async function firstGroupTitle(server) {
  const res = await fetch(`${server.url}/v0/page_groups?limit=1`, { headers: { 'x-api-key': server.apiKey } });
  const body = await res.json();
  return body.items[0].title;
}

async function bareUndiciLoop(server) {
  const script = fileURLToPath(new URL('./lib/undici-loop.mjs', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [script, server.url, server.apiKey, 'grp-1', String(LIMIT)]);
  return JSON.parse(stdout);
}

