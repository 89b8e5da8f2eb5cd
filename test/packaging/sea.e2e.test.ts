/**
 * The single executable (`npm run sea`, docs/single-executable.md) on a machine without Node: run
 * with a PATH on which there is no `node`. Uses the executable as built; skipped with one line where
 * it was not built (a failure where PAGETUI_REQUIRE_SEA=1, as in CI).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { KEYTAR_LOADS, needsKeytar, skipUnlessAvailable } from '../helpers/keytar.js';
import { PtyApp, cleanEnv } from '../helpers/pty-app.js';
import { canRun } from '../helpers/require.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SEA = join(root, 'dist', 'sea', `pagetui-${process.platform}-${process.arch}`);
const VERSION: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const KEY = 'SECRET-KEY-1234567890';

/** This PATH without every folder that holds a `node`. */
const PATH_WITHOUT_NODE = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => dir !== '' && !existsSync(join(dir, 'node')))
  .join(delimiter);

const work = mkdtempSync(join(tmpdir(), 'pagetui-sea-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A user's environment without Node: a fresh HOME and no D-Bus session unless `extra` gives one. */
const env = (extra: Record<string, string | undefined> = {}) =>
  cleanEnv({ PATH: PATH_WITHOUT_NODE, HOME: work, XDG_CACHE_HOME: undefined, XDG_CONFIG_HOME: undefined, DBUS_SESSION_BUS_ADDRESS: undefined, NODE_OPTIONS: undefined, ...extra });

/** Runs the executable; not spawnSync, which would stop the demo server in this process from answering. */
function run(args: readonly string[], extra: Record<string, string | undefined> = {}, input = '') {
  const child = spawn(SEA, args, { cwd: work, timeout: 30_000, env: env(extra) });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(input);
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  );
}

const skip = !canRun('PAGETUI_REQUIRE_SEA', existsSync(SEA) ? undefined : `${SEA.slice(root.length)} is not built (npm run sea)`);

describe.skipIf(skip)('the single executable, with no node on PATH', () => {
  it('has no node to fall back on', () => {
    const found = spawnSync('/bin/sh', ['-c', 'command -v node'], { env: env(), encoding: 'utf8' });
    expect(found.error).toBeUndefined();
    expect(found.stdout).toBe('');
    expect(found.status).toBeGreaterThan(0);
  });

  it('--version', async () => {
    expect(await run(['--version'])).toEqual({ status: 0, stdout: `pagetui ${VERSION}\n`, stderr: '' });
  });

  it('groups --demo --json --max 5', async () => {
    const { status, stdout, stderr } = await run(['groups', '--demo', '--json', '--max', '5']);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const groups = stdout.trim().split('\n').map((line) => JSON.parse(line) as { pageGroupId: string });
    expect(groups).toHaveLength(5);
    expect(groups[0]!.pageGroupId).toBe('grp-1');
    expect(groups.every((g) => typeof g.pageGroupId === 'string')).toBe(true);
  });

  it('the app with --demo in a terminal: a group opens, q ends it with exit 0', async () => {
    const app = new PtyApp([], { env: env(), cwd: work }, { file: SEA, args: ['--demo'] });
    try {
      await app.waitFor('Evergreen Landing Pages', 30_000);
      app.write('\r');
      await app.waitFor('grp-1-p1 ', 30_000);
      app.write('q');
      const exit = await app.waitForExit();
      expect(exit).toEqual({ exitCode: 0, signal: 0 });
      expect(app.raw.lastIndexOf('\u001b[?1049l')).toBeGreaterThan(app.raw.lastIndexOf('\u001b[?1049h'));
    } finally {
      app.kill();
    }
  });

  it('with no D-Bus session, auth status asks the keychain child (the executable itself) and says once why it cannot be used, with the fallbacks', async () => {
    const { status, stdout, stderr } = await run(['auth', 'status', '--base-url', 'http://127.0.0.1:9']);
    expect(stderr).toBe('');
    expect(status).toBe(3);
    const said = stdout.split('\n').filter((line) => line.startsWith('Keychain:'));
    // "stopped without answering" would mean the child did not run as the keychain child.
    const cause = KEYTAR_LOADS ? 'there is no D-Bus session' : 'library is not available';
    expect(said).toEqual([expect.stringMatching(new RegExp(`^Keychain: not reachable — .*${cause}.*PAGETUI_API_KEY.*--insecure-storage`))]);
    expect(stdout.match(/PAGETUI_API_KEY/g)?.length).toBe(2); // the Key line's advice and the Keychain line's
  });

  it('writes its keychain library to the cache once, privately, and writes it again when the copy was altered', async () => {
    const dir = join(work, '.cache', 'pagetui', 'native', VERSION);
    const status = () => run(['auth', 'status', '--base-url', 'http://127.0.0.1:9']);
    await status();
    const [name, ...more] = readdirSync(dir);
    expect(name).toMatch(/^keytar-[0-9a-f]{16}\.node$/);
    expect(more).toEqual([]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const copy = join(dir, name!);
    const embedded = readFileSync(copy);
    expect(embedded.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    writeFileSync(copy, 'altered');
    expect((await status()).stdout).not.toContain('stopped without answering');
    expect(readFileSync(copy).equals(embedded)).toBe(true);
  });

  describe('with a live keychain', () => {
    let server: DemoServer;
    beforeAll(async () => {
      server = await startDemoServer();
    });
    afterAll(() => server.close());

    it('login saves the key through the embedded keychain library; groups uses it; logout removes it', async (ctx) => {
      needsKeytar(ctx);
      skipUnlessAvailable(ctx, process.env.DBUS_SESSION_BUS_ADDRESS ? undefined : 'no D-Bus session with a keyring here (scripts/with-keyring.sh)');
      const live = { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS, HOME: process.env.HOME };
      const login = await run(['login', '--with-key', '--base-url', server.url], live, `${KEY}\n`);
      expect(login.stderr).toMatch(/^Checking the key with /);
      expect(login.stdout).toMatch(/keychain/i);
      expect(login.status).toBe(0);
      const groups = await run(['groups', '--json', '--max', '1', '--base-url', server.url], live);
      expect(groups.stderr).toBe('');
      expect(groups.stdout).toContain('"pageGroupId":"grp-1"');
      expect((await run(['logout', '--base-url', server.url], live)).status).toBe(0);
      expect((await run(['groups', '--json', '--max', '1', '--base-url', server.url], live)).status).not.toBe(0);
      expect(`${login.stdout}${login.stderr}${groups.stdout}`).not.toContain(KEY);
    }, 60_000);
  });
});
