#!/usr/bin/env node
// Where the time of `G` goes, page by page, beside the bare undici loop: the server's step
// (request written → first byte of the response) and the client's step (last byte of a response →
// next request written), timed on the sockets by a --require hook (bench/lib/socket-steps.cjs);
// for the app also `G` → first request and last response → the frame that says all is loaded.
// With --split, the server's step is cut in three by the server's own clock (bench/lib/server-steps.cjs):
// the request's way to the server's JavaScript, the server's work, the answer's way back to the
// client's JavaScript (each way includes waking the process, and waiting for its thread if busy).
// Run after `npm run build`: `node bench/g-steps.mjs [--runs 3] [--pages 100000] [--server-in-bench | --split]`. Loop and app
// alternate, each in its own process, against one demo server in a process of its own (or, with
// --server-in-bench, on this process's loop beside the xterm that parses the frames), in a 120x40 pty.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { startServer } from './lib/demo-server.mjs';
import { startServerHost } from './lib/server-host.mjs';
import { BUNDLE, PtySession } from './lib/pty-session.mjs';
import { openGroup } from './lib/open-group.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '100000' },
    'server-in-bench': { type: 'boolean', default: false },
    shape: { type: 'string', default: 'demo' },
    compression: { type: 'string', default: 'on' },
    split: { type: 'boolean', default: false },
  },
});
if (values.split && values['server-in-bench']) throw new Error('--split needs the server in a process of its own');
const RUNS = Number(values.runs);
const PAGES = Number(values.pages);
const GROUP = 'grp-1';
const HOOK = fileURLToPath(new URL('./lib/socket-steps.cjs', import.meta.url));
const LOOP = fileURLToPath(new URL('./lib/undici-loop.mjs', import.meta.url));
const OUT = join(tmpdir(), `pagetui-g-steps-${process.pid}.json`);
const LOADED = `all ${PAGES.toLocaleString('en-US')} loaded`;
const SERVER_HOOK = fileURLToPath(new URL('./lib/server-steps.cjs', import.meta.url));
const SERVER_OUT = join(tmpdir(), `pagetui-g-steps-server-${process.pid}.json`);

function steps() {
  const parsed = JSON.parse(readFileSync(OUT, 'utf8'));
  rmSync(OUT, { force: true });
  return parsed;
}

async function loop(server) {
  const env = { ...process.env, STEPS_OUT: OUT };
  delete env.CI;
  const { stdout } = await promisify(execFile)(process.execPath, ['--require', HOOK, LOOP, server.url, server.apiKey, GROUP, '100'], { env });
  return { ms: JSON.parse(stdout).ms, ...steps() };
}

async function gotoEnd(server) {
  const env = { PAGETUI_API_KEY: server.apiKey, STEPS_OUT: OUT, STEPS_KEY: 'G', STEPS_DONE: LOADED };
  const app = new PtySession([process.execPath, '--require', HOOK, BUNDLE, '--base-url', server.url], { env });
  try {
    await openGroup(app, GROUP);
    const sentAt = performance.now();
    app.write('G');
    const loadedAt = await app.waitFor(LOADED, 180_000);
    await app.settle(300);
    await app.quit();
    return { ms: loadedAt - sentAt, ...steps() };
  } finally {
    app.kill();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f = (x, digits = 0) => (x === undefined ? '–' : x.toFixed(digits));
const hostSpawn = values.split ? { execArgv: ['--require', SERVER_HOOK], env: { SERVER_STEPS_OUT: SERVER_OUT } } : {};
const server = values['server-in-bench'] ? await startServer({ pages: PAGES }) : await startServerHost({ pages: PAGES, shape: values.shape, compress: values.compression === 'on' }, hostSpawn);
const rows = { loop: [], app: [] };
try {
  for (let run = 1; run <= RUNS; run++) {
    rows.loop.push(await loop(server));
    rows.app.push(await gotoEnd(server));
    const [l, a] = [rows.loop.at(-1), rows.app.at(-1)];
    const perPage = (r) => `client ${f(r.client.meanMs, 3)} + server ${f(r.server.meanMs, 3)} + transfer ${f(r.transfer.meanMs, 3)} ms a page`;
    console.error(`run ${run}: loop ${f(l.ms)} ms (${perPage(l)}), G ${f(a.ms)} ms (${perPage(a)}), ${(a.ms / l.ms).toFixed(2)}x`);
  }
} finally {
  await server.close();
}
console.log(`G over ${PAGES.toLocaleString('en-US')} pages of ${GROUP}, limit 100, on loopback; medians of ${RUNS} runs; node ${process.versions.node}`);
console.log('what                 total ms  client step p50 / mean ms (sum)  server step p50 / mean ms (sum)  G→request ms  last response→frame ms');
for (const [name, list] of Object.entries(rows)) {
  const m = (get) => median(list.map(get).filter((x) => x !== undefined));
  const client = `${f(m((r) => r.client.p50Ms), 3)} / ${f(m((r) => r.client.meanMs), 3)} (${f(m((r) => r.client.sumMs))})`;
  const serverStep = `${f(m((r) => r.server.p50Ms), 3)} / ${f(m((r) => r.server.meanMs), 3)} (${f(m((r) => r.server.sumMs))})`;
  const key = name === 'app' ? f(m((r) => r.keyToRequestMs), 1) : '–';
  const frame = name === 'app' ? f(m((r) => r.lastResponseToFrameMs), 1) : '–';
  console.log(`${(name === 'app' ? 'app G' : 'bare loop').padEnd(20)} ${f(m((r) => r.ms)).padStart(8)}  ${client.padEnd(33)} ${serverStep.padEnd(32)} ${key.padStart(12)}  ${frame.padStart(22)}`);
}

if (values.split) printSplit(JSON.parse(readFileSync(SERVER_OUT, 'utf8')));

/**
 * Each step matched to the server's record of its request (the first one the server saw after the
 * request was written and before its answer came back), cut into its three parts.
 */
function splitOf(stepsNs, serverRows) {
  const parts = { there: [], work: [], back: [] };
  let at = 0;
  for (const [written, answered] of stepsNs) {
    while (at < serverRows.length && serverRows[at][0] < written) at++;
    const row = serverRows[at];
    if (row === undefined || row[0] > answered || row[1] === 0) continue;
    parts.there.push((row[0] - written) / 1e6);
    parts.work.push((row[1] - row[0]) / 1e6);
    parts.back.push((answered - row[1]) / 1e6);
  }
  return parts;
}

function printSplit(serverRows) {
  rmSync(SERVER_OUT, { force: true });
  const p50 = (xs) => median(xs);
  const mean = (xs) => xs.reduce((a, x) => a + x, 0) / xs.length;
  const beyond = (xs) => { const m = p50(xs); return xs.reduce((a, x) => a + Math.max(0, x - m), 0); };
  console.log('the server step cut in three, ms a page: p50 / mean (ms beyond the p50 over the run); medians of the runs');
  console.log('what                 request → server         server work              answer → client');
  for (const [name, list] of Object.entries(rows)) {
    const split = list.map((r) => splitOf(r.stepsNs, serverRows));
    const cell = (part) => `${f(median(split.map((s) => p50(s[part]))), 3)} / ${f(median(split.map((s) => mean(s[part]))), 3)} (${f(median(split.map((s) => beyond(s[part]))))})`;
    console.log(`${(name === 'app' ? 'app G' : 'bare loop').padEnd(20)} ${cell('there').padEnd(24)} ${cell('work').padEnd(24)} ${cell('back')}`);
  }
}
