/**
 * Background commands of your own through the built app in a pty: while one runs the footer says
 * so, its key again is refused with how long it has run, and the app ends the commands it started
 * when it ends: at `q` with one line each on stderr once the terminal is restored, at a hang-up
 * without a word.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { waitFor } from '../helpers/wait-for.js';
import { configWithCommands, oneGroupServer, openTheGroup } from './own-commands-helpers.js';

const base = onLoopback(oneGroupServer({ pageId: 'p-1', effectiveName: 'Page one' }));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagetui-bg-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A background command that writes its pid to `pidFile`, then sleeps for good. */
const hang = (key: string, description: string, pidFile: string) => ({
  key,
  screen: 'pages',
  description,
  background: true,
  argv: ['sh', '-c', `echo $$ > '${pidFile}'; exec sleep 1000`],
});

async function appWith(commands: unknown[]): Promise<PtyApp> {
  const config = await configWithCommands(dir, commands);
  const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 120, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: 'pk_test_background_0123' } });
  await openTheGroup(app, 'Page one');
  return app;
}

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

async function pidIn(file: string): Promise<number> {
  await waitFor(`the pid in ${file}`, () => existsSync(file) && readFileSync(file, 'utf8').trim() !== '');
  return Number((await readFile(file, 'utf8')).trim());
}

describe('background commands of your own', () => {
  it('shows the command running, refuses a second start, and ends it at q with a line on stderr', async () => {
    const pidFile = join(dir, 'hang.pid');
    const other = join(dir, 'other.pid');
    const app = await appWith([hang('f7', 'Hang bg', pidFile), hang('f6', 'Other bg', other)]);
    try {
      app.write('\u001b[18~');
      const pid = await pidIn(pidFile);
      await app.waitFor('running: Hang bg');
      app.write('\u001b[17~');
      const otherPid = await pidIn(other);
      await app.waitFor('running: Hang bg, Other bg');
      await writeFile(pidFile, '');
      app.write('\u001b[18~');
      await app.waitFor(/Command "Hang bg" is still running \(for \d+s\)/);
      expect(readFileSync(pidFile, 'utf8')).toBe('');
      expect(running(pid)).toBe(true);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
      expect(running(pid)).toBe(false);
      expect(running(otherPid)).toBe(false);
      const afterScreen = app.raw.slice(app.raw.lastIndexOf('\u001b[?1049l'));
      expect(afterScreen).toMatch(/pagetui: stopped background command "Hang bg" \(ran \d+s\)/);
      expect(afterScreen).toMatch(/pagetui: stopped background command "Other bg" \(ran \d+s\)/);
    } finally {
      app.kill();
    }
  });

  it('a hang-up ends the running command too, without a line', async () => {
    const pidFile = join(dir, 'hup.pid');
    const app = await appWith([hang('f7', 'Hang bg', pidFile)]);
    try {
      app.write('\u001b[18~');
      const pid = await pidIn(pidFile);
      await app.waitFor('running: Hang bg');
      app.proc.kill('SIGHUP');
      await app.waitForExit();
      await waitFor('the command to end', () => !running(pid));
      expect(app.raw).not.toContain('stopped background command');
    } finally {
      app.kill();
    }
  });
});
