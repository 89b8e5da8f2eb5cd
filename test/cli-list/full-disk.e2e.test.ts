/**
 * A file system that fills part-way: the listing's NDJSON on stdout and the `--har` file. Two real
 * limits: a file-size limit (RLIMIT_FSIZE, SIGXFSZ ignored: the write comes up short, then fails
 * with EFBIG), which any user has, and a small tmpfs (ENOSPC), which needs root and mount.
 * Either way the run must fail with EXIT_WRITE and one line naming what could not be written.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_WRITE } from '../../src/cli/commands/exit-codes.js';
import { canRun } from '../helpers/require.js';

const BUNDLE = fileURLToPath(new URL('../../dist/pagetui.js', import.meta.url));
/** 300 pages of grp-1 as NDJSON are about 71 kB; the limit cuts the last write short. */
const LIMIT_BYTES = 64 * 1024;
const LISTING = ['pages', 'grp-1', '--demo', '--json', '--max', '300', '--limit', '100'];

interface Run {
  code: number | null;
  stderr: string;
}

/**
 * Runs the CLI from bash (its `ulimit -f` counts kB; dash counts 512-byte blocks), after `setup`,
 * with its stdout sent to `stdout`.
 */
function runCli(setup: string, stdout: string, args: readonly string[], cwd: string): Run {
  const script = `${setup} exec "$0" "$@" > "$PAGETUI_TEST_STDOUT"`;
  const r = spawnSync('bash', ['-c', script, process.execPath, BUNDLE, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PAGETUI_TEST_STDOUT: stdout },
  });
  return { code: r.status, stderr: r.stderr };
}

/** Caps every file the CLI writes at LIMIT_BYTES, SIGXFSZ ignored (so a write comes up short, then fails). */
const FSIZE = `trap '' XFSZ; ulimit -f ${LIMIT_BYTES / 1024};`;

let dir: string;
beforeAll(() => {
  if (!existsSync(BUNDLE)) throw new Error('dist/pagetui.js is missing: run `npm run build` first');
  dir = mkdtempSync(join(tmpdir(), 'pagetui-full-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('a file-size limit (RLIMIT_FSIZE)', () => {
  it('NDJSON to stdout cut short: exit EXIT_WRITE and one line naming standard output', () => {
    const out = join(dir, 'out.ndjson');
    const r = runCli(FSIZE, out, LISTING, dir);
    expect(r.stderr.trim().split('\n')).toEqual(['pagetui: could not write standard output: file too large']);
    expect(r.code).toBe(EXIT_WRITE);
    expect(statSync(out).size).toBeLessThanOrEqual(LIMIT_BYTES);
  });

  it('--har over the limit: exit EXIT_WRITE, the file named, no partial HAR left', () => {
    const work = join(dir, 'har-fsize');
    mkdirSync(work);
    // Enough requests that the HAR is far over 64 kB; stdout goes nowhere.
    const r = runCli(FSIZE, '/dev/null', [...LISTING.slice(0, 5), '600', '--limit', '10', '--har', 'run.har'], work);
    expect(r.stderr.trim().split('\n')).toEqual(['pagetui: could not write the HAR file run.har: file too large']);
    expect(r.code).toBe(EXIT_WRITE);
    expect(readdirSync(work)).toEqual([]);
  });

  it('--har over the limit keeps the HAR that was there before, whole', () => {
    const work = join(dir, 'har-keep');
    mkdirSync(work);
    writeFileSync(join(work, 'run.har'), '{"log":{}}\n');
    const r = runCli(FSIZE, '/dev/null', [...LISTING.slice(0, 5), '600', '--limit', '10', '--har', 'run.har'], work);
    expect(r.code).toBe(EXIT_WRITE);
    expect(readFileSync(join(work, 'run.har'), 'utf8')).toBe('{"log":{}}\n');
    expect(readdirSync(work)).toEqual(['run.har']);
  });
});

/** Why a small tmpfs cannot be mounted here, or undefined (and then `mount` is where it is). */
function cannotMount(at: string): string | undefined {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${LIMIT_BYTES}`, 'tmpfs', at], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `mount -t tmpfs failed (${(r.stderr || r.error?.message || '').trim()})`;
}

describe('a full tmpfs (ENOSPC)', () => {
  let mnt = '';
  let mounted = false;
  beforeAll(() => {
    mnt = join(dir, 'mnt');
    mkdirSync(mnt);
    mounted = canRun('PAGETUI_REQUIRE_TMPFS', cannotMount(mnt));
  });
  afterAll(() => {
    if (mounted) spawnSync('umount', [mnt]);
  });
  const clear = (): void => {
    for (const name of readdirSync(mnt)) rmSync(join(mnt, name), { recursive: true, force: true });
  };

  it('NDJSON to stdout on a disk that fills: exit EXIT_WRITE, "disk full"', (ctx) => {
    if (!mounted) return ctx.skip();
    clear();
    const r = runCli('', join(mnt, 'out.ndjson'), LISTING, dir);
    expect(r.stderr.trim().split('\n')).toEqual(['pagetui: could not write standard output: disk full']);
    expect(r.code).toBe(EXIT_WRITE);
  });

  it('--har on a full disk: exit EXIT_WRITE, no truncated HAR left', (ctx) => {
    if (!mounted) return ctx.skip();
    clear();
    const r = runCli('', '/dev/null', [...LISTING.slice(0, 5), '600', '--limit', '10', '--har', join(mnt, 'run.har')], dir);
    expect(r.stderr.trim().split('\n')).toEqual([`pagetui: could not write the HAR file ${join(mnt, 'run.har')}: disk full`]);
    expect(r.code).toBe(EXIT_WRITE);
    expect(readdirSync(mnt)).toEqual([]);
  });
});
