/**
 * `pagetui logout` when the credentials file cannot be rewritten (a full or read-only disk: a small
 * tmpfs, which needs root and mount): it says the key is still in the file, why and what to do, and
 * exits non-zero. It never says there was no saved key. Login on the same disk says the plain words.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLogin, runLogout } from '../../src/cli/commands/auth-commands.js';
import { startDemoServer } from '../../src/demo-server/index.js';
import { canRun } from '../helpers/require.js';
import { SECRET, captureIo, cleanupTemp, isolatedEnv, tempDir, type CapturedIo, type Env } from './helpers.js';

const ORIGIN = 'http://127.0.0.1:9';
let mnt = '';
let mounted = false;

function cannotMount(at: string): string | undefined {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', at], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `mount -t tmpfs failed (${(r.stderr || r.error?.message || '').trim()})`;
}

function fill(): void {
  for (let i = 0; ; i++) {
    try {
      writeFileSync(join(mnt, `filler-${i}`), Buffer.alloc(4096));
    } catch {
      rmSync(join(mnt, `filler-${i}`), { force: true });
      return;
    }
  }
}

function emptyDisk(): void {
  spawnSync('mount', ['-o', 'remount,rw', mnt]);
  for (const name of readdirSync(mnt)) rmSync(join(mnt, name), { recursive: true, force: true });
}

async function run(fn: (argv: string[], io: CapturedIo['io']) => Promise<number>, argv: string[], env: Env, stdin = '') {
  const c = captureIo(env, stdin);
  const code = await fn(argv, c.io);
  return { code, out: c.stdout(), err: c.stderr() };
}

/** An env whose config folder is on the tmpfs, with the key saved there in the plaintext file. */
function savedKeyEnv(): { env: Env; file: string } {
  const env = isolatedEnv({ XDG_CONFIG_HOME: join(mnt, 'config') });
  const file = join(mnt, 'config', 'pagetui', 'credentials.json');
  mkdirSync(join(mnt, 'config', 'pagetui'), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify({ keys: { [ORIGIN]: SECRET } }), { mode: 0o600 });
  return { env, file };
}

beforeAll(() => {
  mnt = join(tempDir('pagetui-logout-full-'), 'mnt');
  mkdirSync(mnt);
  mounted = canRun('PAGETUI_REQUIRE_TMPFS', cannotMount(mnt));
});
afterAll(() => {
  if (mounted) spawnSync('umount', [mnt]);
  cleanupTemp();
});

describe('logout when the credentials file cannot be rewritten', () => {
  it.for([
    ['full', 'the disk is full — free space and run pagetui logout again'],
    ['read-only', 'the file system is read-only — make it writable and run pagetui logout again'],
  ] as const)('on a %s disk it says the key is still there, and exits non-zero', async ([kind, words], ctx) => {
    if (!mounted) return ctx.skip();
    emptyDisk();
    const { env, file } = savedKeyEnv();
    if (kind === 'full') fill();
    else expect(spawnSync('mount', ['-o', 'remount,ro', mnt]).status).toBe(0);
    const r = await run(runLogout, ['--base-url', ORIGIN], env);
    expect(r.code).not.toBe(0);
    const said = r.out + r.err;
    expect(said).toContain(`The key for ${ORIGIN} is still in ${file}: ${words}.`);
    expect(said).not.toMatch(/No saved key|There was no saved key|ENOSPC|EROFS/);
    expect(said).not.toContain(SECRET);
    expect(readFileSync(file, 'utf8')).toContain(SECRET);
    emptyDisk();
  });

  it('login on a full disk says the plain words, not the errno', async ({ skip }) => {
    if (!mounted) return skip();
    emptyDisk();
    const env = isolatedEnv({ XDG_CONFIG_HOME: join(mnt, 'config') });
    fill();
    const server = await startDemoServer();
    try {
      const r = await run(runLogin, ['--with-key', '--insecure-storage', '--base-url', server.url], env, SECRET);
      expect(r.code).toBe(1);
      expect(r.err).toContain('the disk is full — free space and try again');
      expect(r.err).not.toMatch(/\(ENOSPC\)/);
    } finally {
      await server.close();
    }
    emptyDisk();
  });
});
