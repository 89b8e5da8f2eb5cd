/**
 * Start-up: process start → first data row on screen, at server latency 0 and L, beside two floors
 * started and read the same way: a bare `node -e` that prints a line, and a bare bundled Ink app
 * that draws one line (floor-programs.mjs). Also process start → the first NDJSON line of
 * `groups --json` on a pipe, beside `node -e` printing a line to the same kind of pipe. Runs are
 * interleaved across the Node binaries given, so load on the machine falls on every Node alike.
 * The cache (Node's compile cache, or on Node 20 the app's own code cache, src/startup/code-cache.ts) is
 * measured warm, as a user's second start is, and once more with it off.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import nodeModule from 'node:module';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv } from '../../scripts/lib/pty-session.mjs';
import { buildInkFloor, startInkPrinter, startPrinter } from './floor-programs.mjs';
import { BUNDLE, PtySession } from './pty-session.mjs';

/**
 * @param {{fast: object, slow: object, firstTitle: string, runs: number, nodes?: string[]}} options
 * @returns {Promise<{node: string, version: string, compileCache: boolean, floor: number[], inkFloor: number[],
 *   l0: number[], slow: number[], l0NoCache: number[], pipeFloor: number[], ndjson: number[]}[]>}
 *   ms per run, one entry per Node (the first is `nodes[0]`, by default the machine's)
 */
export async function measureStartup({ fast, slow, firstTitle, runs, nodes = [process.execPath] }) {
  await buildInkFloor();
  const cacheHome = mkdtempSync(join(tmpdir(), 'pagetui-bench-cache-'));
  const results = nodes.map((node) => ({
    node,
    ...describe(node),
    floor: [],
    inkFloor: [],
    l0: [],
    slow: [],
    l0NoCache: [],
    pipeFloor: [],
    ndjson: [],
  }));
  const env = { XDG_CACHE_HOME: cacheHome };
  const timeFirstRow = async (node, server, extra = {}) => {
    const app = startNodeApp(node, server, { ...env, ...extra });
    try {
      const ms = (await app.waitFor(firstTitle)) - app.startedAt;
      await app.quit();
      return ms;
    } finally {
      app.kill();
    }
  };
  const timeReady = async (session) => {
    try {
      return (await session.waitFor('ready')) - session.startedAt;
    } finally {
      session.kill();
      await session.exited;
    }
  };
  try {
    const listing = [BUNDLE, 'groups', '--json', '--base-url', fast.url];
    const listingEnv = { ...env, PAGETUI_API_KEY: fast.apiKey };
    for (const { node } of results) {
      // Fills the caches: the app's, and the listing's (run to its end: the timed runs are killed
      // at their first line, before a cache would be written at exit).
      await timeFirstRow(node, fast);
      await promisify(execFile)(node, listing, { env: cleanEnv(listingEnv) });
    }
    for (let i = 0; i < runs; i++) {
      for (const result of results) {
        result.floor.push(await timeReady(startPrinter(result.node)));
        result.inkFloor.push(await timeReady(startInkPrinter(result.node)));
        result.l0.push(await timeFirstRow(result.node, fast));
        result.slow.push(await timeFirstRow(result.node, slow));
        // Turns off Node's compile cache, and on Node 20 the app's own code cache (src/bin.ts).
        result.l0NoCache.push(await timeFirstRow(result.node, fast, { NODE_DISABLE_COMPILE_CACHE: '1' }));
        result.pipeFloor.push(await firstLineOnPipe(result.node, ['-e', "process.stdout.write('ready\\n')"], env));
        result.ndjson.push(
          await firstLineOnPipe(result.node, listing, listingEnv),
        );
      }
    }
  } finally {
    rmSync(cacheHome, { recursive: true, force: true });
  }
  return results;
}

/**
 * ms from spawning `node args` with stdout on a pipe (as a script reads it) to the first complete
 * line; the process is killed there. Rejects if it exits or fails before a line.
 */
function firstLineOnPipe(node, args, env) {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const child = spawn(node, args, { env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let done = false;
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      if (done || !chunk.includes(10)) return;
      done = true;
      resolve(performance.now() - startedAt);
      child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (!done) reject(new Error(`bench: ${args.join(' ')} printed no line (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** Its version, and whether it has the compile cache (asked of the binary itself). */
function describe(node) {
  if (node === process.execPath) {
    return { version: process.version, compileCache: typeof nodeModule.enableCompileCache === 'function' };
  }
  const [version, api] = execFileSync(node, ['-p', "process.version + ' ' + typeof require('node:module').enableCompileCache"], {
    encoding: 'utf8',
  })
    .trim()
    .split(' ');
  return { version, compileCache: api === 'function' };
}

/** The built app under `node` against `server`, in a 120x40 pty (as pty-session's startApp, with the Node chosen). */
function startNodeApp(node, server, env) {
  return new PtySession([node, BUNDLE, '--base-url', server.url], { env: { PAGETUI_API_KEY: server.apiKey, ...env } });
}
