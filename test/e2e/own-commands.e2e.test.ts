/**
 * Commands of your own through the built app in a pty, against a server of the test's own whose
 * page name holds shell syntax: the placeholders are filled as single arguments and no shell reads
 * them; a foreground command gets the terminal and the app comes back; a background one says its
 * exit status and first stderr line; a missing program is said; the API key is in no child's
 * environment unless the command asks for it. A foreground command owns the terminal while it runs:
 * every key typed reaches it, none the app, and once it ends the app draws again without a key.
 */
import { constants, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { configWithCommands, oneGroupServer, openTheGroup } from './own-commands-helpers.js';

const KEY = 'pk_test_own_commands_0123456789';
const EVIL = 'Evil $(touch PWNED); echo `id` > x';
const PAGE = { pageId: 'p-1', effectiveName: EVIL, updatedAt: '2026-01-02T03:04:05Z' };

const base = onLoopback(oneGroupServer(PAGE));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagetui-own-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A node script that writes what it got (argv, whether the key is in its environment, stdin) to `out`. */
const RECORD = `
const fs = require('fs');
const [out, ...args] = process.argv.slice(1);
const stdin = process.stdin.isTTY ? null : fs.readFileSync(0, 'utf8');
fs.writeFileSync(out, JSON.stringify({ args, key: process.env.PAGETUI_API_KEY ?? null, anyKey: Object.values(process.env).some((v) => v.includes(${JSON.stringify(KEY.slice(0, 12))})), stdin }));
if (process.env.FAIL_WITH) { process.stderr.write('\\n' + process.env.FAIL_WITH + '\\nsecond line'); process.exit(3); }
`;

/** Reads keys from the terminal in raw mode, appends each to `out` and says it; `q` ends it. */
const READ_KEYS = `
const fs = require('fs');
const out = process.argv[1];
process.stdin.setRawMode(true);
process.stdout.write('CHILD READY\\r\\n');
process.stdin.on('data', (chunk) => {
  const text = chunk.toString();
  fs.appendFileSync(out, text);
  process.stdout.write('child got ' + JSON.stringify(text) + '\\r\\n');
  if (text.includes('q')) { process.stdin.setRawMode(false); process.exit(0); }
});
`;
/** Whether the file `fd` of process `pid` is non-blocking (Linux's /proc; true where it cannot be read). */
function nonBlocking(pid: number, fd: number): boolean {
  if (!existsSync(`/proc/${pid}/fdinfo/${fd}`)) return true;
  const flags = /flags:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))?.[1] ?? '0';
  return (parseInt(flags, 8) & constants.O_NONBLOCK) !== 0;
}

/** Clears O_NONBLOCK on stdin (as bash, less and vi may do), then runs the rest of argv. */
const BLOCKING_STDIN = 'use Fcntl; fcntl(STDIN, F_SETFL, fcntl(STDIN, F_GETFL, 0) & ~O_NONBLOCK); exec @ARGV or die';

const configFor = (commands: unknown[]): Promise<string> => configWithCommands(dir, commands);

const openPages = (app: PtyApp): Promise<void> => openTheGroup(app, 'Evil $(touch PWNED)');

describe('commands of your own', () => {
  it('a foreground command runs with its placeholders as single arguments, no shell and no key; the app comes back', async () => {
    const out = join(dir, 'fg.json');
    const config = await configFor([
      { key: 'o', screen: 'pages', description: 'Record it', argv: [process.execPath, '-e', RECORD, out, '{pageId}', 'name={name}', '{baseUrl}', '{pageGroupId}'] },
    ]);
    const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 120, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: KEY } });
    try {
      await openPages(app);
      expect(app.screen()).toContain('o Record it');
      app.write('o');
      await app.waitFor('Command "Record it" exited 0');
      const got = JSON.parse(await readFile(out, 'utf8')) as { args: string[]; key: string | null; anyKey: boolean; stdin: string | null };
      expect(got.args).toEqual(['p-1', `name=${EVIL}`, base(), 'grp-1']);
      expect(got.key).toBeNull();
      expect(got.anyKey).toBe(false);
      expect(existsSync(join(dir, 'PWNED'))).toBe(false);
      expect(existsSync(join(dir, 'x'))).toBe(false);
      // The app left its screen for the command and came back to it, rows and all.
      const afterKey = app.raw.lastIndexOf('\u001b[?1049l');
      expect(afterKey).toBeGreaterThan(0);
      expect(app.raw.indexOf('\u001b[?1049h', afterKey)).toBeGreaterThan(afterKey);
      expect(app.screen()).toContain('Evil $(touch PWNED)');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('a background command says its exit status and first stderr line; the item on stdin, the key only when asked', async () => {
    const out = join(dir, 'bg.json');
    const config = await configFor([
      { key: 'b', screen: 'pages', description: 'Publish', background: true, stdin: 'json', withApiKey: true, argv: [process.execPath, '-e', RECORD, out, '{slug}'] },
      { key: 'x', screen: 'pages', description: 'Missing', argv: [join(dir, 'no-such-program'), '{pageId}'] },
    ]);
    const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 160, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: KEY, FAIL_WITH: 'it \u001b[31mbroke' } });
    try {
      await openPages(app);
      app.write('b');
      await app.waitFor('Command "Publish" exited 3: it broke');
      const got = JSON.parse(await readFile(out, 'utf8')) as { args: string[]; key: string | null; stdin: string | null };
      expect(got.args).toEqual(['']);
      expect(got.key).toBe(KEY);
      expect(JSON.parse(got.stdin ?? 'null')).toEqual(PAGE);
      app.write('x');
      await app.waitFor(`Command "Missing" could not start: ${join(dir, 'no-such-program')} was not found`);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('a foreground command gets every key typed while it runs, and the app comes back without a key (repeated: a race shows only now and then)', async () => {
    const out = join(dir, 'keys.txt');
    const argv = ['perl', '-e', BLOCKING_STDIN, process.execPath, '-e', READ_KEYS, out];
    const config = await configFor([{ key: 'f9', screen: 'pages', description: 'Read keys', argv }]);
    const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 100, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: KEY } });
    try {
      await openPages(app);
      for (let round = 1; round <= 4; round++) {
        await writeFile(out, '');
        app.write('\u001b[20~');
        await app.waitFor('CHILD READY', 5_000);
        for (const key of 'jk ab') {
          app.write(key);
          await app.waitFor(`child got ${JSON.stringify(key)}`, 3_000);
        }
        app.write('q');
        await app.waitFor((screen) => screen.includes('Evil $(touch PWNED)') && screen.includes('Command "Read keys" exited 0'), 5_000);
        expect(await readFile(out, 'utf8')).toBe('jk abq');
        // The command had an open of the terminal of its own: making it blocking left the app's alone.
        expect(nonBlocking(app.proc.pid, 0)).toBe(true);
        // Nothing the command got reached the app: the status still says the command's end.
        expect(app.screen()).toContain('Command "Read keys" exited 0');
      }
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  }, 120_000);
});
