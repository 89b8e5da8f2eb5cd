/**
 * A terminal that never answers a query (no DA1, no OSC 11: some serial consoles, a multiplexer
 * that swallows them). Until it has answered once, a lone ESC could be the first byte of an answer
 * cut off on a slow link, so the reader holds it a moment; once the start-up query has gone
 * unanswered past its cap, the reader knows better, and the Esc key acts at once, even right
 * after a frame was sent with its query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';

const ESC = '\u001b';
/** Well under the 2 s an answer was held for, well over a local Esc on a busy machine. */
const ESC_ACTS_WITHIN_MS = 1_200;
const GROUPS_SHOWN = (s: string) => s.includes('Evergreen Landing Pages') && !s.includes('grp-1-p');

/** The built CLI in a pty whose terminal answers nothing at all. */
class SilentTerminalApp extends PtyApp {
  override answer(): void {}
}

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ pages: 300 });
});
afterAll(async () => {
  await server.close();
});

describe('a terminal that never answers', () => {
  it('has Esc act at once, from the first screens on', { timeout: 60_000 }, async () => {
    const app = new SilentTerminalApp(['--base-url', server.url], { cols: 100, rows: 20, env: { PAGETUI_API_KEY: server.apiKey } });
    try {
      await app.waitFor('all 36 loaded', 20_000);
      const took: number[] = [];
      for (let round = 0; round < 3; round++) {
        app.write('\r');
        await app.waitFor(/grp-1-p1 /, 20_000);
        // Pressed the moment the frame is on the screen: its query has just gone out, unanswered.
        const pressedAt = performance.now();
        app.write(ESC);
        await app.waitFor(GROUPS_SHOWN, 20_000);
        took.push(performance.now() - pressedAt);
      }
      expect(Math.max(...took), `Esc to the group list: ${took.map(Math.round).join(', ')} ms`).toBeLessThan(ESC_ACTS_WITHIN_MS);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('still swallows a whole answer that comes late', { timeout: 60_000 }, async () => {
    const app = new SilentTerminalApp(['--base-url', server.url], { cols: 100, rows: 20, env: { PAGETUI_API_KEY: server.apiKey } });
    try {
      await app.waitFor('all 36 loaded', 20_000);
      app.write('\r');
      await app.waitFor(/grp-1-p1 /, 20_000);
      // An answer after all, late and whole, then a key: only the key is read.
      app.write(`${ESC}[?1;2c`);
      app.write('j');
      await app.waitFor('row 2 ', 20_000);
      const screen = app.screen();
      expect(screen).toMatch(/grp-1-p2 /);
      expect(screen).not.toMatch(/^Keys/m);
      expect(screen).not.toMatch(/Status filters/);
    } finally {
      app.kill();
    }
  });
});
