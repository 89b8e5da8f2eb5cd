/**
 * The terminal going away under the running app, in a real pty: the pty's master side closed (a
 * dropped SSH connection, a terminal window closed), `tmux kill-session`, and SIGTERM/SIGHUP while
 * an export is being written. Each is a normal exit: 129 (143 for SIGTERM), nothing on stderr (no
 * unhandled EIO, no Node assertion), the request in flight aborted, no partial export file left.
 * The exit status and stderr are recorded outside the pty, since the pty does not survive.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, HostileServer, makeGroups, makePages, pagesPath, type Arrival } from './helpers/hostile-server.js';
import { BUNDLE } from '../helpers/pty-app.js';
import { appCommand, restoredAfterLastEntry, ShellPty, shq } from './helpers/shell-pty.js';
import { TMUX, TmuxSession } from './helpers/tmux.js';
import { until, within } from './helpers/waits.js';

const KEY = 'GONE-TEST-KEY-3b9d20';
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const RECORD_EXIT = fixture('record-exit.cjs');
const STALL_EXPORT = fixture('stall-export.cjs');

let server: HostileServer;
let dir: string;
let out: string;

beforeAll(async () => {
  server = await HostileServer.start({ pageSize: 100 });
  server.groups = makeGroups('g', 40);
  for (let i = 0; i < 10; i++) server.pages.set(`g${i}`, makePages(`p${i}-`, 50));
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-gone-'));
  out = join(dir, 'out');
  mkdirSync(out);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const appArgs = () => ['--base-url', server.url];
const env = { PAGETUI_API_KEY: KEY };

/** What the app wrote to stderr, escape sequences (a cursor-show on the way out) left out. */
function stderrText(file: string): string {
  return readFileSync(file, 'utf8').replace(/\u001b\[[\d;?]*[A-Za-z]/g, '').trim();
}

/** Opens group g<n> and waits until the server holds its first-page request open (never answers). */
async function openGroupWithRequestHeld(n: number, type: (keys: string) => void): Promise<Arrival> {
  const path = pagesPath(`g${n}`);
  server.inject(at(path), { kind: 'no-headers' });
  type('j'.repeat(n));
  type('\r');
  await until(() => server.requestsFor(path).length === 1, 'the pages request');
  return server.requestsFor(path)[0] as Arrival;
}

/** `e`, Enter on the default name: the export starts and stalls half-written (see the fixture). */
async function startStalledExport(type: (keys: string) => void, waitForPrompt: () => Promise<unknown>, marker: string): Promise<void> {
  type('e');
  await waitForPrompt();
  type('\r');
  await until(() => existsSync(marker), 'the export to start');
  // Half the file is there, under a temporary name.
  expect(readdirSync(out).some((name) => name.endsWith('.tmp'))).toBe(true);
}

describe('the pty closed under the app (its session leader, as a login shell is)', () => {
  function startApp(err: string, nodeFlags: string[] = [], extraEnv: Record<string, string> = {}): ShellPty {
    return ShellPty.sh(`cd ${shq(out)} && exec ${appCommand(appArgs(), nodeFlags)} 2>${shq(err)}`, { env: { ...env, ...extraEnv } });
  }

  it('exits 129 with nothing on stderr and aborts the request in flight', async () => {
    const err = join(dir, 'err');
    const sh = startApp(err);
    try {
      await sh.waitFor('Group g0');
      const request = await openGroupWithRequestHeld(1, (k) => sh.write(k));
      closeMaster(sh);
      const exit = await within(sh.exited, 10_000, 'the app to exit');
      expect(stderrText(err)).toBe('');
      expect(exit).toEqual({ exitCode: 129, signal: 0 });
      await until(() => request.closedAt !== undefined, 'the request to be aborted');
    } finally {
      sh.kill();
    }
  });

  it('leaves no partial file of an export in progress', async () => {
    const err = join(dir, 'err');
    const marker = join(dir, 'stalled');
    const sh = startApp(err, ['--require', STALL_EXPORT], { FAULT_EXPORT_STALLED: marker });
    try {
      await sh.waitFor('Group g0');
      await startStalledExport((k) => sh.write(k), () => sh.waitFor('page-groups.ndjson'), marker);
      closeMaster(sh);
      const exit = await within(sh.exited, 10_000, 'the app to exit');
      expect(stderrText(err)).toBe('');
      expect(exit).toEqual({ exitCode: 129, signal: 0 });
      expect(readdirSync(out)).toEqual([]);
    } finally {
      sh.kill();
    }
  });
});

describe.skipIf(!TMUX)('tmux kill-session', () => {
  // `ignore`: the app gets no signal at all, only a terminal that is gone. `forward`: it also gets
  // the SIGHUP a shell passes on to its jobs.
  it.each([
    ['ignore', 2],
    ['forward', 3],
  ] as const)('is a normal exit when the session leader does %s SIGHUP', async (mode, group) => {
    const err = join(dir, 'err');
    const result = join(dir, 'result.json');
    const command = [process.execPath, RECORD_EXIT, mode, result, err, process.execPath, BUNDLE, ...appArgs()].map(shq).join(' ');
    const tmux = new TmuxSession(`cd ${shq(out)} && exec ${command}`, { env });
    try {
      await tmux.waitFor('Group g0');
      const request = await openGroupWithRequestHeld(group, (k) => tmux.type(k));
      tmux.killSession();
      await until(() => existsSync(result), 'the app to exit', 10_000);
      expect(stderrText(err)).toBe('');
      expect(JSON.parse(readFileSync(result, 'utf8'))).toEqual({ code: 129, signal: null });
      await until(() => request.closedAt !== undefined, 'the request to be aborted');
    } finally {
      tmux.close();
    }
  });
});

describe.skipIf(!TMUX)('a command listing to a terminal that goes away', () => {
  it('ends with its one-line error, not an abort in Node\'s exit-time terminal reset', async () => {
    const path = pagesPath('g9');
    // The second page arrives slowly: the command is waiting for it when the terminal goes.
    server.inject(at(path, 'c100'), () => ({ kind: 'drip', body: JSON.stringify({ hasMore: false, items: makePages('late-', 5) }), everyMs: 30, chunk: 8 }));
    server.pages.set('g9', makePages('p9-', 105));
    const err = join(dir, 'err');
    const result = join(dir, 'result.json');
    const command = [process.execPath, RECORD_EXIT, 'ignore', result, err, process.execPath, BUNDLE, 'pages', 'g9', ...appArgs()].map(shq).join(' ');
    const tmux = new TmuxSession(`exec ${command}`, { env });
    try {
      await tmux.waitFor('p9-99');
      await until(() => server.requestsFor(path).some((r) => r.cursor === 'c100'), 'the second page request');
      tmux.killSession();
      await until(() => existsSync(result), 'the command to exit', 10_000);
      // The listing is cut short, not finished and not left by its reader: exit 7, could not write output.
      expect(JSON.parse(readFileSync(result, 'utf8'))).toEqual({ code: 7, signal: null });
      expect(stderrText(err)).toBe('pagetui: could not write standard output: input/output error');
    } finally {
      tmux.close();
      server.pages.delete('g9');
    }
  });
});

describe('a signal while an export is being written', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s: exit %i, the terminal restored, no partial file', async (signal, code) => {
    const marker = join(dir, 'stalled');
    const script = `cd ${shq(out)} && ${appCommand(appArgs(), ['--require', STALL_EXPORT])}; echo "EXIT=$?"; echo END-OF-SESSION`;
    const sh = ShellPty.sh(script, { env: { ...env, FAULT_EXPORT_STALLED: marker } });
    try {
      await sh.waitFor('Group g0');
      await startStalledExport((k) => sh.write(k), () => sh.waitFor('page-groups.ndjson'), marker);
      process.kill(await sh.appPid(), signal);
      await sh.waitFor(/EXIT=\d+\s+END-OF-SESSION/, 10_000, true);
      expect(/EXIT=(\d+)/.exec(sh.raw)?.[1]).toBe(String(code));
      expect(restoredAfterLastEntry(sh.raw)).toEqual({ leftAltScreen: true, cursorShown: true });
      expect(readdirSync(out)).toEqual([]);
      await sh.waitForExit();
    } finally {
      sh.kill();
    }
  });
});

/**
 * Closes the master side of the pty, as sshd or a terminal emulator does when the connection or
 * window goes. (node-pty's `destroy()`; it then also sends the SIGHUP the kernel sends anyway.)
 */
function closeMaster(sh: ShellPty): void {
  (sh.proc as typeof sh.proc & { destroy(): void }).destroy();
}
