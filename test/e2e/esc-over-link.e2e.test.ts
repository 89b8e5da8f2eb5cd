/**
 * Esc is read against the screen the terminal last showed (docs/stopping-loads.md): over a slow
 * link an Esc pressed on "Esc to stop" may reach the app after the load has ended, and it still
 * stops (nothing left to stop: the user stays and is told) instead of going back. Locally the
 * terminal shows each frame at once, so an Esc after the screen says the load ended goes back,
 * closes a filter or cancels an export as before.
 */
import xtermHeadless from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { startDemoServer } from '../../src/demo-server/index.js';
import { LinkedApp } from '../helpers/linked-app.js';
import { PtyApp } from '../helpers/pty-app.js';

const { Terminal } = xtermHeadless;
const ESC = '\u001b';
const STOP = 'Esc to stop';
const GROUPS_SHOWN = (s: string) => s.includes('Evergreen Landing Pages') && !s.includes('grp-1-p');

/**
 * A linked app that also keeps the screen as the app has sent it, before the link: when that
 * screen says the load is over while the terminal's still says "Esc to stop", `onLoadOver` runs.
 */
class NearAndFarApp extends LinkedApp {
  private near: InstanceType<typeof Terminal> | undefined;
  onLoadOver: ((farScreen: string) => void) | undefined;

  protected override deliver(data: string): void {
    // Called during construction too, before this class's fields are set.
    this.near ??= new Terminal({ cols: 120, rows: 40, allowProposedApi: true });
    const near = this.near;
    near.write(data, () => {
      const onLoadOver = this.onLoadOver;
      if (!onLoadOver) return;
      const buffer = near.buffer.active;
      let screen = '';
      for (let i = 0; i < near.rows; i++) screen += (buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '') + '\n';
      if (screen.includes('all 10,000 loaded') && !screen.includes(STOP)) {
        this.onLoadOver = undefined;
        onLoadOver(this.screen());
      }
    });
    super.deliver(data);
  }
}

describe('Esc over a slow link', () => {
  it('stops (and stays) when the terminal still showed "Esc to stop" though the load had ended; Esc again goes back', async () => {
    // 150 ms each way (the trial's was 75): the screen as sent is parsed well before the terminal's, however busy this machine.
    // 20 ms a page: G takes two seconds, so the terminal has shown "Esc to stop" however fast this machine is.
    const server = await startDemoServer({ latencyMs: 20 });
    const app = new NearAndFarApp(['--base-url', server.url], { cols: 120, rows: 40, env: { PAGETUI_API_KEY: server.apiKey } }, { rttMs: 300, kbit: 64 });
    try {
      await app.waitFor('Evergreen Landing Pages', 20_000);
      app.write('\r');
      await app.waitFor('grp-1-p1 ', 20_000);
      const farWhenPressed = new Promise<string>((resolve) => {
        app.onLoadOver = (far) => {
          // The user answers what the terminal shows: Esc, the moment the app has finished.
          app.write(ESC);
          resolve(far);
        };
      });
      app.write('G');
      const far = await farWhenPressed;
      expect(far).toContain(STOP);
      const stayed = await app.waitFor((s) => /Esc again goes back/.test(s) || GROUPS_SHOWN(s), 20_000);
      expect(stayed).toContain('grp-1-p10000');
      expect(stayed).toMatch(/Already loaded all 10,000; Esc again goes back/);
      app.write(ESC);
      await app.waitFor(GROUPS_SHOWN, 20_000);
      app.write('q');
      expect((await app.waitForExit(10_000)).exitCode).toBe(0);
    } finally {
      app.kill();
      await server.close();
    }
  }, 90_000);
});

describe('Esc on a local terminal, right after a load the screen shows ended', () => {
  /** `--demo` in a 120x40 pty, grp-1 open: runs `body`, then quits. */
  async function inGroup(body: (app: PtyApp) => Promise<void>): Promise<void> {
    const app = new PtyApp(['--demo'], { cols: 120, rows: 40 });
    try {
      await app.waitFor('Evergreen Landing Pages', 20_000);
      app.write('\r');
      await app.waitFor('grp-1-p1 ', 20_000);
      await body(app);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  }

  async function loadAll(app: PtyApp): Promise<void> {
    app.write('G');
    await app.waitFor('all 10,000 loaded', 40_000);
  }

  it('goes back', () =>
    inGroup(async (app) => {
      await loadAll(app);
      app.write(ESC);
      await app.waitFor(GROUPS_SHOWN, 10_000);
    }), 60_000);

  it('cancels the export prompt opened at once', () =>
    inGroup(async (app) => {
      await loadAll(app);
      app.write('e');
      await app.waitFor(/Export .*to/, 10_000);
      app.write(ESC);
      await app.waitFor((s) => !/Export .*to/.test(s) && s.includes('all 10,000 loaded'), 10_000);
      expect(app.screen()).toContain('grp-1-p10000');
    }), 60_000);

  it('closes the filter whose Tab loaded the rest', () =>
    inGroup(async (app) => {
      app.write('/hero');
      await app.waitFor('filter: "hero"', 10_000);
      app.write('\t');
      await app.waitFor(/of 10,000 match/, 40_000);
      app.write(ESC);
      await app.waitFor((s) => !s.includes('filter: "hero"') && !/match/.test(s), 10_000);
      expect(app.screen()).toContain('grp-1-p');
    }), 60_000);
});
