/**
 * A foreground command of your own that leaves the terminal raw (`stty raw -echo`, a full-screen
 * program that crashed) does not pass that mode on: the next command gets the terminal modes the
 * shell had (isig, icanon, echo), so Ctrl-C stops it and is not left over for the app to read as
 * its own. The built app in a pty.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { configWithCommands, oneGroupServer, openTheGroup } from './own-commands-helpers.js';

const base = onLoopback(oneGroupServer({ pageId: 'p-1', effectiveName: 'Page one' }));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagetui-fg-modes-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The modes of `stty -a` that matter here, e.g. `-isig` or `icanon`. */
const modesIn = (text: string): string[] => text.split(/[\s;]+/).filter((word) => /^-?(isig|icanon|echo|opost)$/.test(word));

/** Runs the F5 command (one that goes raw, says `shown`, then waits for the file `go`) and types Ctrl-C to it, which it never reads. */
async function ctrlCItNeverReads(app: PtyApp, shown: string, go: string): Promise<void> {
  app.write('\u001b[15~');
  await app.waitFor(shown);
  app.write('\u0003');
  await writeFile(go, '');
}

it('gives the next command the shell\'s terminal modes after one left the terminal raw, so Ctrl-C stops it', async () => {
  const modesFile = join(dir, 'stty.txt');
  const raw = { key: 'f5', screen: 'pages', description: 'Go raw', argv: ['sh', '-c', 'stty raw -echo; exit 0'] };
  const modes = { key: 'f6', screen: 'pages', description: 'Modes', argv: ['sh', '-c', `stty -a > '${modesFile}'`] };
  const long = { key: 'f7', screen: 'pages', description: 'Long', argv: ['sh', '-c', 'echo long-one-started; sleep 30'] };
  const config = await configWithCommands(dir, [raw, modes, long]);
  const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 120, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: 'pk_test_fg_modes_01' } });
  try {
    await openTheGroup(app, 'Page one');
    app.write('\u001b[15~');
    await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Go raw" exited 0'));
    app.write('\u001b[17~');
    await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Modes" exited 0'));
    expect(modesIn(await readFile(modesFile, 'utf8')).sort()).toEqual(['echo', 'icanon', 'isig', 'opost']);
    app.write('\u001b[18~');
    await app.waitFor('long-one-started');
    app.write('\u0003');
    await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Long" was stopped by SIGINT'));
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
});

it('does not take a Ctrl-C typed to a command that had the terminal raw, and never read it, as the app\'s own', async () => {
  const go = join(dir, 'go');
  const modesFile = join(dir, 'stty-2.txt');
  const rawWait = { key: 'f5', screen: 'pages', description: 'Raw wait', argv: ['sh', '-c', `stty raw -echo; echo raw-and-waiting; while [ ! -e '${go}' ]; do sleep 0.05; done`] };
  const modes = { key: 'f6', screen: 'pages', description: 'Modes', argv: ['sh', '-c', `stty -a > '${modesFile}'`] };
  const config = await configWithCommands(dir, [rawWait, modes]);
  const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 120, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: 'pk_test_fg_modes_02' } });
  try {
    await openTheGroup(app, 'Page one');
    await ctrlCItNeverReads(app, 'raw-and-waiting', go);
    await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Raw wait" exited 0'));
    app.write('\u001b[17~');
    await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Modes" exited 0'));
    expect(modesIn(await readFile(modesFile, 'utf8')).sort()).toEqual(['echo', 'icanon', 'isig', 'opost']);
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
});

it('keeps a failed command\'s output up when a Ctrl-C typed to it while it had the terminal raw was never read', async () => {
  const go = join(dir, 'go-3');
  const rawFail = { key: 'f5', screen: 'pages', description: 'Raw fail', argv: ['sh', '-c', `stty raw -echo; echo raw-then-failing; while [ ! -e '${go}' ]; do sleep 0.05; done; exit 4`] };
  const config = await configWithCommands(dir, [rawFail]);
  const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 120, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: 'pk_test_fg_modes_03' } });
  try {
    await openTheGroup(app, 'Page one');
    await ctrlCItNeverReads(app, 'raw-then-failing', go);
    await app.waitFor('Press Enter to go back');
    app.write('x');
    app.write('\r');
    await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Raw fail" exited 4'));
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
});
