/**
 * The commands' path never evaluates ink or React. Through the ESM chunks (Node with a compile
 * cache): `groups --json` is run with a module hook that records every file the process loads, and
 * none of them may hold ink's Output (our replacement, which only the ink chunk contains) or
 * React's element symbol. Through the one-file bundle (Node 20's code cache path), which holds
 * everything: React, were it evaluated, would ask for its element symbol.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKER } from '../../scripts/lib/ink-patch.mjs';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, cleanEnv } from '../helpers/pty-app.js';
import { canRun, HAS_COMPILE_CACHE_API } from '../helpers/require.js';

const REACT = 'react.transitional.element';
const work = mkdtempSync(join(tmpdir(), 'pagetui-command-path-'));
let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/** Runs the built CLI with a loader hook that appends each loaded file: URL to a log; returns the files. */
function loadedFiles(args: readonly string[], env: Record<string, string> = {}): Promise<{ files: string[]; stdout: string; code: number | null }> {
  const log = join(work, `loaded-${Date.now()}.log`);
  const hooks = join(work, 'hooks.mjs');
  const register = join(work, 'register.mjs');
  writeFileSync(log, '');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n');\n  return next(url, context);\n}\n`,
  );
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', pathToFileURL(register).href, BUNDLE, ...args],
      // Without the code cache, Node 20 too loads the ESM chunks.
      { encoding: 'utf8', timeout: 30_000, env: cleanEnv({ PAGETUI_API_KEY: server.apiKey, NODE_DISABLE_COMPILE_CACHE: '1', ...env }) },
      (error, stdout) => {
        const files = readFileSync(log, 'utf8').split('\n').filter(Boolean).map((url) => fileURLToPath(url));
        resolve({ files, stdout, code: error ? (typeof error.code === 'number' ? error.code : null) : 0 });
      },
    );
  });
}

describe('the command path', () => {
  it('groups --json loads no chunk with ink or React in it', async () => {
    const chunks = join(BUNDLE, '..', 'chunks');
    const inkChunks = readdirSync(chunks).filter((name) => readFileSync(join(chunks, name), 'utf8').includes(MARKER));
    expect(inkChunks).toHaveLength(1); // the check below can see ink where it is

    const { files, stdout, code } = await loadedFiles(['groups', '--json', '--base-url', server.url, '--max', '2']);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(2);
    expect(files.some((file) => /list-commands-.*\.js$/.test(file))).toBe(true); // the hook saw the chunks
    const withUi = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return text.includes(MARKER) || text.includes(REACT);
    });
    expect(withUi).toEqual([]);
  });


  it('--help names the keys of the config\'s "keys" and loads no chunk with ink or React in it', async () => {
    const config = join(work, 'help-config');
    mkdirSync(join(config, 'pagetui'), { recursive: true });
    writeFileSync(join(config, 'pagetui', 'config.json'), JSON.stringify({ keys: { moveDown: 'J', moveUp: 'K', quit: 'Q', help: 'f1', jump: 'ctrl-g' } }));
    const { files, stdout, code } = await loadedFiles(['--help'], { XDG_CONFIG_HOME: config });
    expect(code).toBe(0);
    const keys = stdout.split('\n').slice(stdout.split('\n').findIndex((line) => line.startsWith('KEYS')));
    expect(keys[0]).toBe('KEYS (press F1 in the app for all)');
    expect(keys[1]).toBe('  J/K move · Enter open · d details · Esc back · r retry/refresh · G end · Ctrl-g jump · L new key · Q quit');
    expect(files.some((file) => /help-keys-.*\.js$/.test(file))).toBe(true); // the hook saw the chunks
    expect(files.filter((file) => readFileSync(file, 'utf8').includes(MARKER) || readFileSync(file, 'utf8').includes(REACT))).toEqual([]);
  });

  it.skipIf(!canRun('PAGETUI_REQUIRE_NODE20', HAS_COMPILE_CACHE_API))('groups --json through the one-file bundle and its code cache evaluates no React', async () => {
    const log = join(work, 'symbols.log');
    const preload = join(work, 'symbols.cjs');
    writeFileSync(log, '');
    writeFileSync(
      preload,
      `const { appendFileSync } = require('node:fs');\nconst symbolFor = Symbol.for;\nSymbol.for = (key) => { appendFileSync(${JSON.stringify(log)}, String(key) + '\\n'); return symbolFor(key); };\n`,
    );
    const xdg = join(work, 'xdg');
    const run = () =>
      new Promise<{ stdout: string; code: number | null }>((resolve) => {
        const env = cleanEnv({ PAGETUI_API_KEY: server.apiKey, XDG_CACHE_HOME: xdg, NODE_DISABLE_COMPILE_CACHE: undefined, NODE_OPTIONS: undefined });
        execFile(process.execPath, ['--require', preload, BUNDLE, 'groups', '--json', '--base-url', server.url, '--max', '2'], { encoding: 'utf8', timeout: 30_000, env }, (error, stdout) =>
          resolve({ stdout, code: error ? (typeof error.code === 'number' ? error.code : null) : 0 }),
        );
      });
    // The first run fills the cache, the second uses it.
    for (const { stdout, code } of [await run(), await run()]) {
      expect(code).toBe(0);
      expect(stdout.trim().split('\n')).toHaveLength(2);
    }
    expect(readdirSync(join(xdg, 'pagetui', 'code-cache'))).toHaveLength(1);
    expect(readFileSync(log, 'utf8').split('\n')).not.toContain(REACT);
  });
});
