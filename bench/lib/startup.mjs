/**
 * Start-up: process start → first data row on screen, at server latency 0 and L, against a bare
 * `node -e` that prints a line, all started and read the same way, for each Node binary given (runs
 * interleaved across them, so load on the machine falls on every Node alike). Where a Node has the
 * compile cache, it is measured warm, as a user's second start is, and once more with it off.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPrinter } from './floor-programs.mjs';
import { BUNDLE, PtySession } from './pty-session.mjs';

/**
 * @param {{fast: object, slow: object, firstTitle: string, runs: number, nodes?: string[]}} options
 * @returns {Promise<{node: string, version: string, compileCache: boolean, floor: number[], l0: number[], slow: number[], l0NoCache: number[]}[]>}
 *   ms per run, one entry per Node (the first is `nodes[0]`, by default the machine's)
 */
export async function measureStartup({ fast, slow, firstTitle, runs, nodes = [process.execPath] }) {
  const cacheHome = mkdtempSync(join(tmpdir(), 'pagetui-bench-cache-'));
  const results = nodes.map((node) => ({ node, ...describe(node), floor: [], l0: [], slow: [], l0NoCache: [] }));
  const timeFirstRow = async (node, server, env = {}) => {
    const app = startNodeApp(node, server, { XDG_CACHE_HOME: cacheHome, ...env });
    try {
      const ms = (await app.waitFor(firstTitle)) - app.startedAt;
      await app.quit();
      return ms;
    } finally {
      app.kill();
    }
  };
  try {
    for (const { node } of results) await timeFirstRow(node, fast); // fills the compile cache
    for (let i = 0; i < runs; i++) {
      for (const result of results) {
        const printer = startPrinter(result.node);
        result.floor.push((await printer.waitFor('ready')) - printer.startedAt);
        printer.kill();
        await printer.exited;

        result.l0.push(await timeFirstRow(result.node, fast));
        result.slow.push(await timeFirstRow(result.node, slow));
        if (result.compileCache) result.l0NoCache.push(await timeFirstRow(result.node, fast, { NODE_DISABLE_COMPILE_CACHE: '1' }));
      }
    }
  } finally {
    rmSync(cacheHome, { recursive: true, force: true });
  }
  return results;
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
