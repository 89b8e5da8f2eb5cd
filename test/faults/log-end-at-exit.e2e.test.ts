/**
 * The debug log's last lines on every way the app ends: `exit code N`, then `end`. A hang-up (the
 * pty's master closed, as when an SSH client is killed mid-load), SIGTERM, an uncaught failure and
 * `q` each write them before the process is gone; so does a listing command ended by a signal.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, HostileServer, makeGroups, makePages, pagesPath } from './helpers/hostile-server.js';
import { BUNDLE } from '../helpers/pty-app.js';
import { appCommand, ShellPty, shq } from './helpers/shell-pty.js';
import { until, within } from './helpers/waits.js';

const KEY = 'LOG-END-TEST-KEY-81c4e7';
const CRASH_FIXTURE = fileURLToPath(new URL('./fixtures/crash-on-signal.cjs', import.meta.url));

let server: HostileServer;
let dir: string;

beforeAll(async () => {
  server = await HostileServer.start({ pageSize: 100 });
  server.groups = makeGroups('g', 40);
  server.pages.set('g1', makePages('p1-', 50));
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-log-end-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function startApp(log: string, nodeFlags: string[] = [], env: Record<string, string> = {}): ShellPty {
  const command = appCommand(['--base-url', server.url, '--log', log], nodeFlags);
  return ShellPty.sh(`exec ${command} 2>${shq(join(dir, 'err'))}`, { env: { PAGETUI_API_KEY: KEY, ...env } });
}

/** The log's last two events, topic and text, without their times. */
function lastEvents(log: string): string[] {
  return readFileSync(log, 'utf8').trimEnd().split('\n').slice(-2).map((line) => line.replace(/^\S+Z /, ''));
}

const ended = (code: number, pid: number): string[] => [`exit code ${code}`, `end pagetui pid ${pid}`];

describe('the debug log ends with exit and end', () => {
  it('when the terminal hangs up mid-load', async () => {
    const log = join(dir, 'app.log');
    const path = pagesPath('g1');
    server.inject(at(path), { kind: 'no-headers' });
    const sh = startApp(log);
    try {
      await sh.waitFor('Group g0');
      const pid = sh.proc.pid; // exec: the shell became the app
      sh.write('j\r');
      await until(() => server.requestsFor(path).length === 1, 'the pages request');
      (sh.proc as typeof sh.proc & { destroy(): void }).destroy();
      await within(sh.exited, 10_000, 'the app to exit');
      expect(lastEvents(log)).toEqual(ended(129, pid));
    } finally {
      sh.kill();
    }
  });

  it('on SIGTERM', async () => {
    const log = join(dir, 'app.log');
    const sh = startApp(log);
    try {
      await sh.waitFor('Group g0');
      const pid = sh.proc.pid; // exec: the shell became the app
      process.kill(pid, 'SIGTERM');
      await within(sh.exited, 10_000, 'the app to exit');
      expect(lastEvents(log)).toEqual(ended(143, pid));
    } finally {
      sh.kill();
    }
  });

  it('on an uncaught failure', async () => {
    const log = join(dir, 'app.log');
    const sh = startApp(log, ['--require', CRASH_FIXTURE], { FAULT_CRASH: 'throw' });
    try {
      await sh.waitFor('Group g0');
      const pid = sh.proc.pid; // exec: the shell became the app
      process.kill(pid, 'SIGUSR2');
      await within(sh.exited, 10_000, 'the app to exit');
      expect(lastEvents(log)).toEqual(ended(1, pid));
    } finally {
      sh.kill();
    }
  });

  it('on q', async () => {
    const log = join(dir, 'app.log');
    const sh = startApp(log);
    try {
      await sh.waitFor('Group g0');
      const pid = sh.proc.pid; // exec: the shell became the app
      sh.write('q');
      await within(sh.exited, 10_000, 'the app to exit');
      expect(lastEvents(log)).toEqual(ended(0, pid));
    } finally {
      sh.kill();
    }
  });
});

describe('a listing command ended by a signal', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s: the log ends with exit and end', async (signal, code) => {
    const log = join(dir, 'pages.log');
    const path = pagesPath('g1');
    server.inject(at(path), { kind: 'no-headers' });
    const before = server.requestsFor(path).length;
    const child = spawn(process.execPath, [BUNDLE, 'pages', 'g1', '--base-url', server.url, '--log', log], { env: { ...process.env, PAGETUI_API_KEY: KEY }, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (status) => resolve(status)));
    try {
      await until(() => server.requestsFor(path).length === before + 1, 'the pages request');
      child.kill(signal);
      expect(await within(exited, 10_000, 'the command to exit')).toBe(code);
      expect(lastEvents(log)).toEqual(ended(code, child.pid ?? 0));
    } finally {
      child.kill('SIGKILL');
    }
  });
});
