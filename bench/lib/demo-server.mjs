/**
 * The demo server in this process, so the bench can count requests and TCP connections. It is
 * bundled from src/demo-server/ with esbuild at bench start (plain .mjs cannot import TypeScript).
 */
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Outside the project, so that no linter or unused-file check picks the generated bundle up.
const outfile = join(tmpdir(), `pagetui-bench-demo-server-${process.pid}.mjs`);

let loaded;

/** Builds (once per bench run) and imports the demo server module. */
async function load() {
  if (!loaded) {
    process.once('exit', () => rmSync(outfile, { force: true }));
    await build({
      absWorkingDir: root,
      entryPoints: ['src/demo-server/index.ts'],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'warning',
    });
    loaded = await import(pathToFileURL(outfile).href);
  }
  return loaded;
}

/** Starts a demo server on 127.0.0.1, port 0, with the given options (latencyMs, pages, …). */
export async function startServer(options = {}) {
  const { startDemoServer } = await load();
  return startDemoServer({ host: '127.0.0.1', port: 0, ...options });
}
