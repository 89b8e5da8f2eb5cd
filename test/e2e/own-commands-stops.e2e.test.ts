/**
 * A foreground command of your own that is stopped while it runs, through the built app in a pty:
 * Ctrl-z (with a job-control shell above the app, and without one) still ends in the report every
 * other end gets; a command that stops itself is noticed and can be continued or ended; the app
 * ended by a signal ends the command that has the terminal too. A program that is a directory or
 * not executable says so in words.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { childrenOf } from '../helpers/child-pids.js';
import { configWithCommands, oneGroupServer, openTheGroup } from './own-commands-helpers.js';

const base = onLoopback(oneGroupServer({ pageId: 'p-1', effectiveName: 'Page one' }));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagetui-stops-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const F8 = '\u001b[19~';

async function configWith(commands: unknown[]): Promise<Record<string, string>> {
  return { XDG_CONFIG_HOME: await configWithCommands(dir, commands), PAGETUI_API_KEY: 'pk_test_stops_0123456789' };
}

/** Runs until `file` exists; says each SIGTSTP it gets when `trapStop` (a stop it leaves to its default otherwise). */
const waitForFile = (file: string, trapStop: boolean) => ({
  key: 'f8',
  screen: 'pages',
  description: 'Sleep',
  argv: ['sh', '-c', `${trapStop ? 'trap "echo GOT-TSTP" TSTP; ' : ''}echo WAITING; while [ ! -e '${file}' ]; do sleep 0.05; done`],
});

const openPages = (app: PtyApp): Promise<void> => openTheGroup(app, 'Page one');

describe('Ctrl-z inside a foreground command', () => {
  it('without job control: the command\'s end is still reported', async () => {
    const done = join(dir, 'done-b');
    const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 120, env: await configWith([waitForFile(done, true)]) });
    try {
      await openPages(app);
      app.write(F8);
      await app.waitFor('WAITING');
      app.write('\u001a');
      await app.waitFor('GOT-TSTP');
      await writeFile(done, '');
      await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Sleep" exited 0'));
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });

  it('with a job-control shell: stopped with the app, continued by fg, its end is reported', async () => {
    const done = join(dir, 'done-a');
    const env = await configWith([waitForFile(done, false)]);
    const app = new PtyApp([], { cwd: dir, cols: 120, env: { ...env, PS1: 'SHELL> ' } }, { file: 'bash', args: ['--norc', '--noprofile', '-i'] });
    try {
      await app.waitFor('SHELL>');
      app.write(`${JSON.stringify(process.execPath)} ${JSON.stringify(BUNDLE)} --base-url ${base()}\r`);
      await openPages(app);
      app.write(F8);
      await app.waitFor('WAITING');
      app.write('\u001a');
      await app.waitFor(/Stopped/);
      app.write('fg\r');
      await app.waitFor(/^SHELL> fg$/m);
      await writeFile(done, '');
      await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Sleep" exited 0'));
      app.write('q');
      await app.waitFor(/SHELL> $/m);
      if (!existsSync(done)) throw new Error('the command never saw its file');
    } finally {
      app.kill();
    }
  });
});

describe('a command that stops itself', () => {
  it('is noticed: c continues it, k ends it, and each end is reported', async () => {
    const selfStop = { key: 'f8', screen: 'pages', description: 'Selfstop', argv: ['sh', '-c', 'kill -STOP $$; echo RESUMED'] };
    const wait = { ...waitForFile(join(dir, 'never'), false), key: 'f9', description: 'Wait' };
    const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 120, env: await configWith([selfStop, wait]) });
    try {
      await openPages(app);
      app.write(F8);
      await app.waitFor('Command "Selfstop" has stopped');
      app.write('c');
      await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Selfstop" exited 0'));
      app.write(F8);
      // The first question is still on the shell's screen: a key typed before the second shows would be dropped.
      await app.waitFor((s) => s.split('Command "Selfstop" has stopped').length === 3);
      app.write('k');
      await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Selfstop" was stopped by SIGTERM'));
      // The next foreground command's Ctrl-C is still that command's, not the app's.
      app.write('\u001b[20~');
      await app.waitFor('WAITING');
      app.write('\u0003');
      await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Wait" was stopped by SIGINT'));
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});

describe('the app ended by a signal while a foreground command has the terminal', () => {
  it('SIGTERM ends the command too, says so, and the app exits 143', async () => {
    const command = { key: 'f8', screen: 'pages', description: 'Sleep fg', argv: ['sh', '-c', 'echo WAITING; exec sleep 30'] };
    const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 120, env: await configWith([command]) });
    try {
      await openPages(app);
      app.write(F8);
      await app.waitFor('WAITING');
      const [child] = childrenOf(app.proc.pid);
      expect(child).toBeDefined();
      process.kill(app.proc.pid, 'SIGTERM');
      expect((await app.waitForExit()).exitCode).toBe(143);
      await app.waitFor('pagetui: stopped command "Sleep fg"');
      expect(existsSync(`/proc/${child ?? 0}`) && !readFileSync(`/proc/${child ?? 0}/stat`, 'utf8').includes(') Z ')).toBe(false);
    } finally {
      app.kill();
    }
  });
});

describe('a program that cannot run', () => {
  it('a directory and a file without execute permission are named as such', async () => {
    const folder = join(dir, 'a-folder');
    const plain = join(dir, 'plain.txt');
    await mkdir(folder, { recursive: true });
    await writeFile(plain, 'echo hi\n');
    await chmod(plain, 0o644);
    const commands = [
      { key: 'f8', screen: 'pages', description: 'Dir', argv: [folder] },
      { key: 'f9', screen: 'pages', description: 'Plain', argv: [plain] },
    ];
    const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 160, env: await configWith(commands) });
    try {
      await openPages(app);
      app.write(F8);
      await app.waitFor(`Command "Dir" could not start: ${folder} is a directory, not a program`);
      app.write('\u001b[20~');
      await app.waitFor(`Command "Plain" could not start: ${plain} is not executable`);
      expect(app.raw).not.toContain('EACCES');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
