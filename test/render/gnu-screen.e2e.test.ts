/**
 * GNU screen as a second real emulator: the built app runs inside screen (itself in a pty), and
 * screen's own idea of the window (`screen -X hardcopy`) is read at fixed checkpoints. Each must
 * equal a fresh draw of the same state, forced by a resize there and back. Skipped with a note
 * where screen is not installed; PAGETUI_REQUIRE_SCREEN=1 makes that a failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';
import { fixtureEnv } from './restricted.js';

const SCREEN_INSTALLED = spawnSync('screen', ['-v'], { encoding: 'utf8' }).stdout?.includes('Screen version') === true;
const REQUIRED = process.env.PAGETUI_REQUIRE_SCREEN === '1';
const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;

if (!SCREEN_INSTALLED) {
  console.log(`GNU screen is not installed: its end-to-end checks are skipped${REQUIRED ? ' (required: failing)' : ''}`);
}

describe.runIf(REQUIRED && !SCREEN_INSTALLED)('GNU screen', () => {
  it('is installed (PAGETUI_REQUIRE_SCREEN=1)', () => {
    expect(SCREEN_INSTALLED, 'install it: apt-get install -y screen').toBe(true);
  });
});

/** The app in a GNU screen session; `hardcopy()` is the window as screen holds it. */
class ScreenSession {
  private readonly dir = mkdtempSync(join(tmpdir(), 'pagetui-screen-'));
  private readonly name = `pagetui-${process.pid}-${Date.now()}`;
  private readonly env: Record<string, string>;
  readonly pty: PtyApp;
  private copies = 0;

  constructor(server: DemoServer, cols: number, rows: number) {
    const sockets = join(this.dir, 'sockets');
    // screen refuses a socket directory others can read.
    mkdirSync(sockets, { mode: 0o700 });
    const rc = join(this.dir, 'screenrc');
    writeFileSync(rc, 'startup_message off\nterm screen\ndefscrollback 0\n');
    const { TERM: _term, ...terminfo } = fixtureEnv('screen');
    this.env = { SCREENDIR: sockets, ...terminfo, PAGETUI_API_KEY: server.apiKey };
    this.pty = new PtyApp([], { cols, rows, env: this.env }, {
      file: 'screen',
      args: ['-U', '-S', this.name, '-c', rc, process.execPath, BUNDLE, '--base-url', server.url],
    });
  }

  private command(...args: string[]): void {
    spawnSync('screen', ['-S', this.name, '-X', ...args], { env: { ...process.env, ...this.env }, timeout: 5000 });
  }

  hardcopy(): string {
    const file = join(this.dir, `copy-${this.copies++}.txt`);
    this.command('hardcopy', file);
    try {
      return readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .trimEnd();
    } catch {
      return '';
    }
  }

  /** Resolves with the window once it satisfies `check` and has stopped changing. */
  async waitFor(check: (screen: string) => boolean, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    for (;;) {
      const copy = this.hardcopy();
      // An empty copy is screen not having written its hardcopy file yet, never a drawn window.
      if (copy !== '' && check(copy) && copy === last) return copy;
      if (Date.now() > deadline) throw new Error(`Timed out; screen's window was:\n${copy}`);
      last = copy;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  close(): void {
    this.command('quit');
    this.pty.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

describe.skipIf(!SCREEN_INSTALLED)('the app inside GNU screen', () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({ faults: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('shows in screen what a fresh draw shows after scrolling past the bottom, paging, filtering and resizing', async () => {
    let cols = 100;
    let rows = 24;
    const session = new ScreenSession(server, cols, rows);
    const idle = (s: string) => !SPINNER.test(s);
    const checkpoint = async (what: string, ready: (s: string) => boolean) => {
      const diffed = await session.waitFor((s) => ready(s) && idle(s));
      session.pty.resize(cols + 1, rows);
      await session.waitFor((s) => s.split('\n').some((line) => line.length > 0) && s !== diffed);
      session.pty.resize(cols, rows);
      const fresh = await session.waitFor((s) => ready(s) && idle(s));
      expect(diffed, `${what}: screen's window as drawn step by step\n${diffed}\n--- drawn afresh:\n${fresh}`).toBe(fresh);
    };
    try {
      await session.waitFor((s) => s.includes('Evergreen Landing Pa'));
      session.pty.write('\r');
      await session.waitFor((s) => s.includes('grp-1-p1 '));
      for (let i = 0; i < 30; i++) session.pty.write('j');
      await checkpoint('Enter and j x30', (s) => s.includes('row 31 '));
      session.pty.write('\u001B[6~');
      await checkpoint('PgDn', (s) => !s.includes('row 31 '));
      session.pty.write('kkk');
      await checkpoint('k x3', (s) => s.includes('grp-1-p'));
      session.pty.write('/');
      await session.waitFor((s) => s.includes('type to filter'));
      session.pty.write('p4');
      await checkpoint('filtering', (s) => s.includes('filter: "p4"'));
      session.pty.write('\r');
      cols = 80;
      rows = 18;
      session.pty.resize(cols, rows);
      await checkpoint('resized smaller', (s) => s.split('\n').length <= rows && s.includes('grp-1-p4'));
    } finally {
      session.close();
    }
  }, 60_000);
});
