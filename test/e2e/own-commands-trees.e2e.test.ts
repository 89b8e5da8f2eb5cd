/**
 * A command of your own that started others and does not end them (a `sh -c` that does not exec
 * its last command) leaves none of them running when the app ends it, through the built app in a
 * pty: a foreground command when the app gets SIGTERM, a stopped one ended with `k`, and a
 * background one whose first program ends on SIGTERM while what it started ignores it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { childrenOf } from '../helpers/child-pids.js';
import { waitFor } from '../helpers/wait-for.js';
import { configWithCommands, oneGroupServer, openTheGroup } from './own-commands-helpers.js';

const base = onLoopback(oneGroupServer({ pageId: 'p-1', effectiveName: 'Page one' }));

let dir: string;
/** Every pid a case saw, killed after it should a case fail with them still running. */
const seen: number[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagetui-trees-'));
});
afterEach(() => {
  for (const pid of seen.splice(0)) if (running(pid)) process.kill(pid, 'SIGKILL');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const F8 = '\u001b[19~';

/** Whether process `pid` still runs (a zombie or no process at all is not running). */
function running(pid: number): boolean {
  if (!existsSync(`/proc/${pid}/stat`)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** `pid` and every process under it. */
function tree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...childrenOf(all[i] as number));
  return all;
}

async function pidIn(file: string): Promise<number> {
  await waitFor(`the pid in ${file}`, () => existsSync(file) && readFileSync(file, 'utf8').trim() !== '');
  return Number((await readFile(file, 'utf8')).trim());
}

async function appWith(command: Record<string, unknown>): Promise<PtyApp> {
  const config = await configWithCommands(dir, [{ key: 'f8', screen: 'pages', description: 'Tree', ...command }]);
  const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 120, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: 'pk_test_trees_0123456789' } });
  await openTheGroup(app, 'Page one');
  return app;
}

describe('a command that started others', () => {
  it('foreground, the app ended by SIGTERM under a shell that stays: no process of its tree is left', async () => {
    const pidFile = join(dir, 'fg.pid');
    const config = await configWithCommands(dir, [{ key: 'f8', screen: 'pages', description: 'Tree', argv: ['sh', '-c', `echo $$ > '${pidFile}'; echo WAITING; sleep 1001; echo`] }]);
    // A shell above the app that outlives it: the terminal stays, so no hang-up ends what is left.
    const app = new PtyApp([], { cwd: dir, cols: 120, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: 'pk_test_trees_0123456789' } }, {
      file: 'sh',
      args: ['-c', '"$0" "$@"; echo "APP-ENDED $?"; sleep 1000', process.execPath, BUNDLE, '--base-url', base()],
    });
    try {
      await openTheGroup(app, 'Page one');
      app.write(F8);
      await app.waitFor('WAITING');
      const shell = await pidIn(pidFile);
      await waitFor('the sleep under the shell', () => childrenOf(shell).length > 0);
      const members = tree(shell);
      seen.push(...members);
      expect(members.length).toBeGreaterThanOrEqual(2);
      const [pagetui] = childrenOf(app.proc.pid);
      process.kill(pagetui as number, 'SIGTERM');
      await app.waitFor('APP-ENDED 143');
      await waitFor('every process of the tree gone', () => members.every((pid) => !running(pid)), 5_000);
    } finally {
      app.kill();
    }
  });

  it('foreground, stopped and ended with k: what it started ends too', async () => {
    const pidFile = join(dir, 'stopped.pid');
    const app = await appWith({ argv: ['sh', '-c', `sleep 1002 & echo $! > '${pidFile}'; kill -STOP $$; wait`] });
    try {
      app.write(F8);
      const sleeper = await pidIn(pidFile);
      seen.push(sleeper);
      await app.waitFor('Command "Tree" has stopped');
      app.write('k');
      await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Tree" was stopped by SIGTERM'));
      await waitFor('the sleep gone', () => !running(sleeper), 5_000);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('background, at q: a process that ignores SIGTERM is killed with its group after the grace', async () => {
    const pidFile = join(dir, 'bg.pid');
    const app = await appWith({ background: true, argv: ['sh', '-c', `(trap '' TERM; exec sleep 1003) & echo $! > '${pidFile}'; sleep 1004; echo`] });
    try {
      app.write(F8);
      const stubborn = await pidIn(pidFile);
      seen.push(stubborn);
      await app.waitFor('running: Tree');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
      await waitFor('the process that ignored SIGTERM gone', () => !running(stubborn), 5_000);
    } finally {
      app.kill();
    }
  });
});
