/**
 * An emoji cluster in the last columns of a row, on a terminal that draws it at the width of its
 * parts (tmux 3.3a draws 👍🏽 as 👍 and 🏽, four columns; a family as four emoji joined, eight):
 * what does not fit must not wrap onto the next row (over the footer) or, on the bottom row,
 * scroll the whole screen. The built app in a pty, its output fed to such a terminal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';
import { feed, makeTerminal, screenText, type HeadlessTerminal } from './terminal.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ shape: 'long' });
});

afterAll(async () => {
  await server.close();
});

const COLS = 120;
const ROWS = 40;

/** The app's output as a terminal that draws every code point of a cluster at its own width takes it. */
class PartsView {
  private fed = 0;
  readonly screen: HeadlessTerminal = makeTerminal(COLS, ROWS);

  constructor(private readonly app: PtyApp) {}

  async lines(): Promise<string[]> {
    const data = this.app.raw.slice(this.fed);
    this.fed += data.length;
    await feed(this.screen, data);
    return screenText(this.screen).split('\n');
  }
}

describe('an emoji cluster drawn wider than it counts, in the last columns', () => {
  it('stays on its row: the footer and the rest of the screen are left as they are', async () => {
    // p5's name puts "👍🏽" in the last two columns of the status line at 120 columns.
    const app = new PtyApp(['--no-cache', '--base-url', server.url, 'open', 'grp-1', 'grp-1-p5'], {
      cols: COLS,
      rows: ROWS,
      env: { PAGETUI_API_KEY: server.apiKey },
    });
    const view = new PartsView(app);
    /** Header and footer where a terminal that draws no emoji wider than we count has them, and no stray 🏽. */
    const footerIntact = async () => {
      const lines = await view.lines();
      const footerRow = app.lines().findIndex((line) => line.startsWith('Enter open'));
      return footerRow > 0 && lines[0]?.startsWith('pagetui') === true && lines[footerRow]?.startsWith('Enter open') === true && !lines.join('\n').includes('\u{1F3FD}');
    };
    const shown = async () => (await view.lines()).map((line, y) => `${y}: ${line}`).join('\n');
    try {
      await app.waitFor((screen) => screen.includes('Classic 1.5') && screen.includes('row 5') && screen.includes('more available'));
      expect(await footerIntact(), await shown()).toBe(true);
      app.write('j');
      await app.waitFor('row 6');
      expect(await footerIntact(), await shown()).toBe(true);
    } finally {
      app.kill();
    }
  }, 30_000);
});
