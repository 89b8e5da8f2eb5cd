/**
 * Whatever modes the terminal was left in by an earlier program (mouse reporting, bracketed paste,
 * focus reports), pagetui turns them off when it starts (bracketed paste then on, its own, while
 * it runs, and autowrap off) and again on every way out (autowrap on), whether or not this run turned any on; and a terminal without an alternate screen (one terminfo does not
 * know; GNU screen's default, `altscreen off`) gets the app's rows cleared on exit.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';
import { fixtureEnv } from '../render/restricted.js';

/** Any-motion mouse reporting in the SGR encoding, bracketed paste and focus reports, all on. */
const MODES_ON = '\u001B[?1003h\u001B[?1006h\u001B[?2004h\u001B[?1004h';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({});
});
afterAll(async () => {
  await server.close();
});

/** A shell that turns the modes on, runs the app with `args`, then says AFTER and waits. */
function afterModesOn(args: readonly string[]) {
  const script = `printf '${MODES_ON.replaceAll('\u001B', '\\033')}'; "$0" "$@"; echo AFTER; sleep 30`;
  return new PtyApp([], { env: { PAGETUI_API_KEY: server.apiKey } }, { file: 'sh', args: ['-c', script, process.execPath, BUNDLE, '--base-url', server.url, ...args] });
}

function modesOff(app: PtyApp) {
  const { mouseTrackingMode, bracketedPasteMode, sendFocusMode, wraparoundMode } = app.term.modes;
  return { mouseTrackingMode, bracketedPasteMode, sendFocusMode, wraparoundMode };
}

/** As a shell expects the terminal: the input modes off, autowrap on. */
const ALL_OFF = { mouseTrackingMode: 'none', bracketedPasteMode: false, sendFocusMode: false, wraparoundMode: true };
/**
 * While the app runs it has bracketed paste on (a paste's lines after the first are never run as
 * keys) and autowrap off (an emoji a terminal draws wider than we count is cut at the right edge).
 */
const RUNNING = { ...ALL_OFF, bracketedPasteMode: true, wraparoundMode: false };

describe('terminal modes left on by an earlier program', () => {
  for (const [how, end] of [
    ['q', (app: PtyApp) => app.write('q')],
    ['Ctrl-C', (app: PtyApp) => app.write('\u0003')],
    ['SIGTERM', (app: PtyApp) => process.kill(childOf(app.proc.pid), 'SIGTERM')],
    ['SIGHUP', (app: PtyApp) => process.kill(childOf(app.proc.pid), 'SIGHUP')],
  ] as const) {
    it(`are off while the app runs and after it ends (${how})`, async () => {
      const app = afterModesOn([]);
      try {
        await app.waitFor('Evergreen Landing Pages');
        expect(modesOff(app)).toEqual(RUNNING);
        end(app);
        await app.waitFor('AFTER');
        expect(modesOff(app)).toEqual(ALL_OFF);
      } finally {
        app.kill();
      }
    });
  }

  it('with --mouse: button reporting while the app runs, nothing left on after', async () => {
    const app = afterModesOn(['--mouse']);
    try {
      await app.waitFor('Evergreen Landing Pages');
      expect(modesOff(app)).toEqual({ ...RUNNING, mouseTrackingMode: 'vt200' });
      app.write('q');
      await app.waitFor('AFTER');
      expect(modesOff(app)).toEqual(ALL_OFF);
    } finally {
      app.kill();
    }
  });
});

describe('a terminal without an alternate screen (no terminfo entry for TERM)', () => {
  it('has none of the app left on the window after q or SIGTERM', async () => {
    for (const end of [(app: PtyApp) => app.write('q'), (app: PtyApp) => process.kill(childOf(app.proc.pid), 'SIGTERM')]) {
      const script = 'echo BEFORE; TERM=pagetui-no-such-terminal "$0" "$@"; echo AFTER; sleep 30';
      const app = new PtyApp([], { env: { PAGETUI_API_KEY: server.apiKey } }, { file: 'sh', args: ['-c', script, process.execPath, BUNDLE, '--base-url', server.url] });
      try {
        await app.waitFor('Evergreen Landing Pages');
        expect(app.raw).not.toContain('\u001B[?1049h'); // drawn on the shell's own screen
        end(app);
        await app.waitFor('AFTER');
        expect(app.screen()).not.toMatch(/Evergreen Landing Pages|Enter open/);
        expect(modesOff(app)).toEqual(ALL_OFF);
      } finally {
        app.kill();
      }
    }
  });
});

function childOf(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  return Number(children[0]);
}

const SCREEN_INSTALLED = spawnSync('screen', ['-v'], { encoding: 'utf8' }).stdout?.includes('Screen version') === true;
const REQUIRED = process.env.PAGETUI_REQUIRE_SCREEN === '1';

describe.runIf(SCREEN_INSTALLED || REQUIRED)('GNU screen without an alternate screen (altscreen off)', () => {
  it('has none of the app left on the window after q', async () => {
    expect(SCREEN_INSTALLED, 'install it: apt-get install -y screen').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'pagetui-screen-'));
    const sockets = join(dir, 'sockets');
    mkdirSync(sockets, { mode: 0o700 });
    const rc = join(dir, 'screenrc');
    writeFileSync(rc, 'startup_message off\nterm screen\ndefscrollback 0\n');
    const name = `pagetui-modes-${process.pid}`;
    const { TERM: _term, ...terminfo } = fixtureEnv('screen');
    const env = { SCREENDIR: sockets, ...terminfo, PAGETUI_API_KEY: server.apiKey };
    const script = 'echo BEFORE; "$0" "$1" --base-url "$2"; echo AFTER; sleep 30';
    const app = new PtyApp([], { cols: 100, rows: 30, env }, { file: 'screen', args: ['-U', '-S', name, '-c', rc, 'sh', '-c', script, process.execPath, BUNDLE, server.url] });
    const hardcopy = (): string => {
      const file = join(dir, 'copy.txt');
      spawnSync('screen', ['-S', name, '-X', 'hardcopy', file], { env: { ...process.env, ...env }, timeout: 5000 });
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    };
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('q');
      await app.waitFor('AFTER');
      // screen writes the hardcopy after the command returns: ask again until the file has it.
      let copy = '';
      for (let tries = 0; tries < 40 && !copy.includes('AFTER'); tries++) {
        copy = hardcopy();
        if (!copy.includes('AFTER')) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(copy).toContain('AFTER');
      expect(copy).not.toContain('Evergreen Landing Pages');
    } finally {
      spawnSync('screen', ['-S', name, '-X', 'quit'], { env: { ...process.env, ...env }, timeout: 5000 });
      app.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
