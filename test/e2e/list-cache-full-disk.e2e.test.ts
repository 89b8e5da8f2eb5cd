/**
 * The list cache on a disk that is full (a small tmpfs, which needs root and mount): the app runs,
 * browses and quits as always, exit 0, with no error on screen, and leaves no temporary file. It is
 * only a cache (docs/cache.md).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';
import { canRun } from '../helpers/require.js';

const SIZE = 64 * 1024;
let dir = '';
let mnt = '';
let mounted = false;
let server: DemoServer;

function cannotMount(at: string): string | undefined {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE}`, 'tmpfs', at], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `mount -t tmpfs failed (${(r.stderr || r.error?.message || '').trim()})`;
}

/** Fills the tmpfs with 4 kB files until it is full, then frees `pages` of them. */
function fill(pages: number): void {
  for (const name of readdirSync(mnt)) rmSync(join(mnt, name), { recursive: true, force: true });
  const files: string[] = [];
  for (let i = 0; ; i++) {
    const file = join(mnt, `filler-${i}`);
    try {
      writeFileSync(file, Buffer.alloc(4096));
      files.push(file);
    } catch {
      rmSync(file, { force: true });
      break;
    }
  }
  for (const file of files.slice(0, pages)) rmSync(file);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-cache-full-'));
  mnt = join(dir, 'mnt');
  mkdirSync(mnt);
  mounted = canRun('PAGETUI_REQUIRE_TMPFS', cannotMount(mnt));
  server = await startDemoServer();
});
afterAll(async () => {
  if (mounted) spawnSync('umount', [mnt]);
  rmSync(dir, { recursive: true, force: true });
  await server.close();
});

describe('the list cache on a full disk', () => {
  it.for([
    ['no room at all', 0],
    ['room for the folder and its salt, not for the rows', 1],
  ] as const)('%s: the app browses and quits as always, nothing said, nothing left half-written', async ([, pages], ctx) => {
    if (!mounted) return ctx.skip();
    fill(pages);
    const app = new PtyApp(['--base-url', server.url], {
      cols: 100,
      rows: 24,
      env: { PAGETUI_API_KEY: server.apiKey, PAGETUI_CACHE: undefined, XDG_CACHE_HOME: mnt },
    });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('q');
      const exit = await app.waitForExit();
      expect(exit.exitCode).toBe(0);
      expect(app.raw).not.toMatch(/pagetui: |ENOSPC|disk full|no space/i);
      const lists = join(mnt, 'pagetui', 'lists');
      const left = existsSync(lists) ? readdirSync(lists) : [];
      expect(left.filter((name) => name.endsWith('.tmp')), left.join(' ')).toEqual([]);
      expect(left.filter((name) => name.endsWith('.json')), left.join(' ')).toEqual([]);
    } finally {
      app.kill();
    }
  });
});
