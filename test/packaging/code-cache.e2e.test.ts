/**
 * The app's own V8 code cache (src/startup/code-cache.ts), used where Node has no compile cache (Node 20):
 * filled by the first start of the interactive app, used by the next, and never a reason for
 * start-up to fail or say anything, whatever is in the cache file. The listing commands (groups,
 * pages) have an entry of their own; other commands, --help and --version neither read nor write it.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCacheDir } from '../../src/startup/compile-cache.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, cleanEnv, PtyApp } from '../helpers/pty-app.js';
import { canRun, HAS_COMPILE_CACHE_API } from '../helpers/require.js';

const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
const work = mkdtempSync(join(tmpdir(), 'pagetui-code-cache-'));
let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

let dirs = 0;
const freshDir = (name = 'xdg') => {
  const dir = join(work, `${name}-${++dirs}`);
  mkdirSync(dir);
  return dir;
};
const cacheDir = (xdg: string) => compileCacheDir(VERSION, { XDG_CACHE_HOME: xdg }, 'code-cache')!;
const entries = (xdg: string) => (existsSync(cacheDir(xdg)) ? readdirSync(cacheDir(xdg)).map((name) => join(cacheDir(xdg), name)) : []);

/** Starts the app, waits for the first group row, quits with q; returns what a person would see. */
async function startAndQuit(xdg: string, bundle = BUNDLE) {
  const app = new PtyApp(['--base-url', server.url], {
    env: { PAGETUI_API_KEY: server.apiKey, XDG_CACHE_HOME: xdg, NODE_OPTIONS: undefined, NODE_DISABLE_COMPILE_CACHE: undefined },
  }, { file: process.execPath, args: [bundle, '--base-url', server.url] });
  try {
    await app.waitFor('Evergreen Landing Pages', 20_000);
    const screen = app.screen();
    app.write('q');
    const exit = await app.waitForExit();
    return { screen, exit, raw: app.raw };
  } finally {
    app.kill();
  }
}

const expectNormalStart = (result: Awaited<ReturnType<typeof startAndQuit>>) => {
  expect(result.screen).toContain('TITLE');
  expect(result.exit.exitCode).toBe(0);
  expect(result.raw).not.toMatch(/unexpected failure|Error|at .*\.js:\d+/);
};

describe.skipIf(!canRun('PAGETUI_REQUIRE_NODE20', HAS_COMPILE_CACHE_API))("the app's code cache (Node without a compile cache)", { timeout: 60_000 }, () => {
  it('is written by the first start and used, not rewritten, by the next', async () => {
    const xdg = freshDir();
    expectNormalStart(await startAndQuit(xdg));
    const [entry] = entries(xdg);
    expect(entry).toMatch(/[0-9a-f]{32}\.v8$/);
    expect(entries(xdg)).toHaveLength(1);
    const before = statSync(entry!);
    const data = readFileSync(entry!);

    expectNormalStart(await startAndQuit(xdg));
    expect(statSync(entry!).mtimeMs).toBe(before.mtimeMs);
    expect(readFileSync(entry!).equals(data)).toBe(true);
  });

  it('makes its folders 0700, the pagetui folder first (the cache is nobody else\'s to read)', async () => {
    const xdg = join(freshDir(), 'not-yet');
    expectNormalStart(await startAndQuit(xdg));
    expect(entries(xdg)).toHaveLength(1);
    const folders = [xdg, ...readdirSync(xdg, { recursive: true, withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(e.parentPath, e.name))];
    expect(folders).toContain(join(xdg, 'pagetui'));
    expect(folders.map((dir) => `${dir} ${(statSync(dir).mode & 0o777).toString(8)}`)).toEqual(folders.map((dir) => `${dir} 700`));
  });

  it('holds garbage: the app starts normally and the entry is written again', async () => {
    const xdg = freshDir();
    expectNormalStart(await startAndQuit(xdg));
    const [entry] = entries(xdg);
    const garbage = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 131 + 7) % 256));
    for (const bad of [garbage, Buffer.alloc(0), Buffer.from('x')]) {
      writeFileSync(entry!, bad);
      expectNormalStart(await startAndQuit(xdg));
      expect(readFileSync(entry!).length).toBeGreaterThan(100_000);
    }
  });

  it('holds data with an intact header and a corrupt payload: normal start (V8 would crash on it unchecked), written again', async () => {
    const xdg = freshDir();
    expectNormalStart(await startAndQuit(xdg));
    const [entry] = entries(xdg);
    const good = readFileSync(entry!);
    // Our first line (which bundle) and V8's header (magic, version, flags, source and payload length,
    // checksum) kept; every later byte flipped.
    const bad = Buffer.from(good);
    for (let i = good.indexOf('\n') + 1 + 64; i < bad.length; i++) bad[i] = bad[i]! ^ 0xff;
    writeFileSync(entry!, bad);
    expectNormalStart(await startAndQuit(xdg));
    const rewritten = readFileSync(entry!);
    expect(rewritten.equals(bad)).toBe(false);
    expect(rewritten.length).toBeGreaterThan(100_000);
  });

  it('is stale: the bundle changed since (same length, so V8 alone would take the old code); the entry is made again', async () => {
    const copy = freshDir('dist');
    cpSync(join(BUNDLE, '..'), copy, { recursive: true });
    const xdg = freshDir();
    expectNormalStart(await startAndQuit(xdg, join(copy, 'pagetui.js')));
    const [entry] = entries(xdg);
    const first = readFileSync(entry!);
    const app = readFileSync(join(copy, 'app.cjs'), 'utf8');
    // The group list's header; with the old code taken from the cache, the screen would still say TITLE.
    const i = app.indexOf('title:"TITLE"') + 'title:"'.length;
    expect(i).toBeGreaterThan('title:"'.length - 1);
    writeFileSync(join(copy, 'app.cjs'), `${app.slice(0, i)}TITLF${app.slice(i + 5)}`);
    const result = await startAndQuit(xdg, join(copy, 'pagetui.js'));
    expect(result.screen).toContain('TITLF');
    expect(entries(xdg)).toEqual([entry]);
    expect(readFileSync(entry!).equals(first)).toBe(false);
    // Another install of the same version has its own entry.
    expectNormalStart(await startAndQuit(xdg));
    expect(entries(xdg)).toHaveLength(2);
  });

  it('cannot be written (a file where its directory should be): normal start', async () => {
    const xdg = freshDir();
    mkdirSync(join(cacheDir(xdg), '..'), { recursive: true });
    writeFileSync(cacheDir(xdg), 'in the way');
    expectNormalStart(await startAndQuit(xdg));
    expect(readFileSync(cacheDir(xdg), 'utf8')).toBe('in the way');
  });

  it('an app bundle that cannot be compiled: the app starts from the ESM chunks instead', async () => {
    const copy = freshDir('dist');
    cpSync(join(BUNDLE, '..'), copy, { recursive: true });
    writeFileSync(join(copy, 'app.cjs'), 'this is not JavaScript (');
    const xdg = freshDir();
    expectNormalStart(await startAndQuit(xdg, join(copy, 'pagetui.js')));
    expect(entries(xdg)).toEqual([]);
  });

  it('is not touched by --version, --help or a command other than a listing', async () => {
    const copy = freshDir('dist');
    cpSync(join(BUNDLE, '..'), copy, { recursive: true });
    // Were app.cjs run, it would say so.
    writeFileSync(join(copy, 'app.cjs'), "process.stdout.write('app.cjs was loaded\\n');");
    const xdg = freshDir();
    const run = runner(join(copy, 'pagetui.js'), xdg);
    expect(await run(['--version'])).toEqual({ status: 0, stdout: `pagetui ${VERSION}\n`, stderr: '' });
    const help = await run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('pagetui');
    expect(help.stdout).not.toContain('app.cjs');
    const groupsHelp = await run(['groups', '--help']);
    expect(groupsHelp.stdout).not.toContain('app.cjs');
    const status = await run(['auth', 'status', '--base-url', server.url]);
    expect(status.stdout + status.stderr).toMatch(/key/i);
    expect(status.stdout).not.toContain('app.cjs');
    expect(readdirSync(xdg)).toEqual([]);
  });

  it("a listing command fills and uses an entry of its own, and leaves the app's alone", async () => {
    const xdg = freshDir();
    expectNormalStart(await startAndQuit(xdg));
    const [appEntry] = entries(xdg);
    const appEntryBefore = readFileSync(appEntry!);
    const run = runner(BUNDLE, xdg);
    const listing = await run(['groups', '--json', '--base-url', server.url, '--max', '2']);
    expect(listing.stderr).toBe('');
    expect(listing.status).toBe(0);
    expect(listing.stdout.trim().split('\n')).toHaveLength(2);
    expect(entries(xdg)).toHaveLength(2);
    const listingEntry = entries(xdg).find((entry) => entry !== appEntry)!;
    const listingWritten = statSync(listingEntry).mtimeMs;

    const again = await run(['pages', 'grp-1', '--json', '--base-url', server.url, '--max', '3']);
    expect(again.stderr).toBe('');
    expect(again.stdout.trim().split('\n')).toHaveLength(3);
    expect(statSync(listingEntry).mtimeMs).toBe(listingWritten);
    expect(readFileSync(appEntry!).equals(appEntryBefore)).toBe(true);
  });
});

/** Runs the bundle `bundle` as a command, with its cache under `xdg`. */
function runner(bundle: string, xdg: string) {
  // Not spawnSync: the demo server answering the listing runs in this process.
  return (args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const env = cleanEnv({ XDG_CACHE_HOME: xdg, PAGETUI_API_KEY: server.apiKey, NODE_OPTIONS: undefined, NODE_DISABLE_COMPILE_CACHE: undefined });
      execFile(process.execPath, [bundle, ...args], { encoding: 'utf8', timeout: 30_000, env }, (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
      );
    });
}
