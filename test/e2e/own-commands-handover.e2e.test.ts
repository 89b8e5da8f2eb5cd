/**
 * A foreground command owns the terminal while it runs: every key typed then reaches it, none the
 * app, and once it ends the app draws its screen again at once (no Enter needed). The command here
 * first makes its stdin blocking (perl, as bash, less and vi may do), then reads keys in raw mode and
 * records them; the round is repeated, since a race shows only now and then.
 */
import { createServer } from 'node:http';
import { constants, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { onLoopback } from '../helpers/loopback-server.js';

const server = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  if (req.url?.startsWith('/v0/page_groups/grp-1/pages')) return res.end(JSON.stringify({ items: [{ pageId: 'p-1', effectiveName: 'Only page' }], hasMore: false }));
  if (req.url?.startsWith('/v0/page_groups')) return res.end(JSON.stringify({ items: [{ pageGroupId: 'grp-1', title: 'Group one' }], hasMore: false }));
  res.statusCode = 404;
  res.end('{}');
});
const base = onLoopback(server);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagetui-handover-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

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

/** Clears O_NONBLOCK on stdin (as many programs do), then runs the rest of argv. */
const BLOCKING_STDIN = 'use Fcntl; fcntl(STDIN, F_SETFL, fcntl(STDIN, F_GETFL, 0) & ~O_NONBLOCK); exec @ARGV or die';

describe('a foreground command and the terminal', () => {
  it('gets every key typed while it runs, and the app comes back without a key', async () => {
    const out = join(dir, 'keys.txt');
    const config = join(dir, 'config');
    await mkdir(join(config, 'pagetui'), { recursive: true });
    const argv = ['perl', '-e', BLOCKING_STDIN, process.execPath, '-e', READ_KEYS, out];
    await writeFile(join(config, 'pagetui', 'config.json'), JSON.stringify({ commands: [{ key: 'f9', screen: 'pages', description: 'Read keys', argv }] }));
    const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 100, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: 'pk_test_handover_0123456789' } });
    try {
      await app.waitFor('Group one');
      app.write('\r');
      await app.waitFor('Only page');
      for (let round = 1; round <= 4; round++) {
        await writeFile(out, '');
        app.write('\u001b[20~');
        await app.waitFor('CHILD READY', 5_000);
        for (const key of 'jk ab') {
          app.write(key);
          await app.waitFor(`child got ${JSON.stringify(key)}`, 3_000);
        }
        app.write('q');
        await app.waitFor((screen) => screen.includes('Only page') && screen.includes('Command "Read keys" exited 0'), 5_000);
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
