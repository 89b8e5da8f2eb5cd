/**
 * The app's own writes on a disk that is full, on a real small tmpfs (root mounts it; elsewhere the
 * cases are skipped, saying so, and PAGETUI_REQUIRE_TMPFS=1 makes that a failure): `e` over an
 * existing export and to a new name, and `V` into the config file. Each time the status bar says
 * the disk is full with a way out, the old file stays byte for byte, no temporary file is left,
 * and the rows, the filter and the selection stay.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import type { PtyApp } from '../helpers/pty-app.js';
import { canRun } from '../helpers/require.js';
import { startApp } from './power-helpers.js';

const SIZE = 64 * 1024;

let server: DemoServer;
let dir: string;
let mnt: string;
let mounted = false;

/** Why a small tmpfs cannot be mounted at `at`, or undefined (then it is mounted). */
function cannotMount(at: string): string | undefined {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE}`, 'tmpfs', at], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `mount -t tmpfs failed (${(r.stderr || r.error?.message || '').trim()})`;
}

/** Writes a filler file until the tmpfs has no block left. */
function fill(): void {
  const fd = openSync(join(mnt, 'filler'), 'w');
  const block = Buffer.alloc(4096, 0x61);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

beforeAll(async () => {
  server = await startDemoServer({});
  dir = mkdtempSync(join(tmpdir(), 'pagetui-app-full-'));
  mnt = join(dir, 'mnt');
  mkdirSync(mnt);
  mounted = canRun('PAGETUI_REQUIRE_TMPFS', cannotMount(mnt));
});
afterAll(async () => {
  await server.close();
  if (mounted) spawnSync('umount', [mnt]);
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  if (mounted) for (const name of readdirSync(mnt)) rmSync(join(mnt, name), { recursive: true, force: true });
});

/** The app with its cache and state off the small disk; `config` is its config folder. */
function appIn(cwd: string, config = join(dir, 'config')): PtyApp {
  const state = join(dir, 'state');
  return startApp(server, { cwd, cols: 160, env: { HOME: state, XDG_CONFIG_HOME: config, XDG_CACHE_HOME: join(state, 'cache'), XDG_STATE_HOME: join(state, 'state') } });
}

/** Selects the third group; returns its screen row. */
async function selectThird(app: PtyApp): Promise<number> {
  await app.waitFor('Evergreen Landing Pages');
  app.write('jj');
  await app.waitFor('row 3');
  return app.rowOf(' grp-3 ');
}

const temporaryFiles = (folder: string): string[] => readdirSync(folder).filter((n) => n.endsWith('.tmp'));

describe('e on a full disk', () => {
  it('over an existing export: the disk is full, a way out, the old file whole, no temporary file, the selection kept', async (ctx) => {
    if (!mounted) return ctx.skip();
    const old = 'the old export\n';
    writeFileSync(join(mnt, 'page-groups.ndjson'), old);
    fill();
    const app = appIn(mnt);
    try {
      const row = await selectThird(app);
      app.write('e');
      await app.waitFor('Enter write');
      app.write('\r');
      await app.waitFor('exists — overwrite? y/N');
      app.write('y');
      await app.waitFor('the disk is full');
      expect(app.lines().find((l) => l.includes('the disk is full'))).toContain('Export to ./page-groups.ndjson failed: the disk is full — free space, then press e');
      expect(readFileSync(join(mnt, 'page-groups.ndjson'), 'utf8')).toBe(old);
      expect(temporaryFiles(mnt)).toEqual([]);
      expect(app.rowOf(' grp-3 ')).toBe(row);
      expect(app.isHighlighted(row)).toBe(true);
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });

  it('to a new name: no file at all, no temporary file', async (ctx) => {
    if (!mounted) return ctx.skip();
    fill();
    const app = appIn(mnt);
    try {
      await selectThird(app);
      app.write('e');
      await app.waitFor('Enter write');
      app.write('\u0015new.csv\r');
      await app.waitFor('the disk is full');
      expect(readdirSync(mnt)).toEqual(['filler']);
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });
});

describe('V on a full disk', () => {
  it('the config file whole, no temporary file, the view kept for the session, the filter and rows kept', async (ctx) => {
    if (!mounted) return ctx.skip();
    const config = join(mnt, 'config');
    mkdirSync(join(config, 'pagetui'), { recursive: true });
    const file = join(config, 'pagetui', 'config.json');
    const text = '{\n  "theme": "dark"\n}\n';
    writeFileSync(file, text);
    fill();
    const app = appIn(dir, config);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('/');
      await app.waitFor('/ type to filter');
      app.write('status:draft\r');
      await app.waitFor('filter: "status:draft"');
      const rows = app.lines().filter((l) => /^ grp-\d+ /.test(l));
      app.write('V');
      await app.waitFor('view name:');
      app.write('drafts\r');
      await app.waitFor('the disk is full');
      const line = app.lines().find((l) => l.includes('the disk is full')) ?? '';
      expect(line).toContain('View "drafts" saved for this session only');
      expect(line).toContain('V tries again');
      expect(readFileSync(file, 'utf8')).toBe(text);
      expect(temporaryFiles(join(config, 'pagetui'))).toEqual([]);
      expect(app.lines().filter((l) => /^ grp-\d+ /.test(l))).toEqual(rows);
      expect(app.screen()).toContain('filter: "status:draft"');
      // The view is there for this session.
      app.write('v');
      await app.waitFor('drafts');
      app.write('\u001b');
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });
});
