/**
 * The quota gauge and pacing in the built app in a real pty, against a demo server that announces
 * a quota: `G` on a long list stops short of the reserve and says so, with no 429, and what the
 * user opens by hand still loads at once; with a quota large enough, `G` is drawn at its own pace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';
import { startApp } from './power-helpers.js';

const COUNT_HOOK = fileURLToPath(new URL('../helpers/count-tty-writes.cjs', import.meta.url));

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ pages: 10_000, groups: 3, quota: 30, windowSeconds: 60, quotaHeaders: 'draft' });
});
afterAll(() => server.close());

describe('G against a server that announces a large quota', () => {
  it('draws the load at its own pace, not a frame for every request and answer', async () => {
    // Each answer and each request changes the count left: once, every one of them drew a frame.
    const generous = await startDemoServer({ pages: 20_000, groups: 1, quota: 1_000_000, windowSeconds: 3600 });
    const dir = mkdtempSync(join(tmpdir(), 'pagetui-frames-'));
    const countFile = join(dir, 'writes');
    const app = new PtyApp([], { cols: 120, rows: 24, env: { PAGETUI_API_KEY: generous.apiKey, COUNT_TTY_WRITES: countFile } }, {
      file: process.execPath,
      args: ['--require', COUNT_HOOK, BUNDLE, '--base-url', generous.url],
    });
    try {
      await app.waitFor(/quota [\d,]+\/1,000,000/);
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      const sentBefore = generous.requests.length;
      const startedAt = performance.now();
      app.write('G');
      await app.waitFor('all 20,000 loaded', 30_000);
      const seconds = (performance.now() - startedAt) / 1000;
      expect(generous.requests.length - sentBefore).toBe(199);
      expect(app.screen()).toMatch(/quota [\d,]+\/1,000,000/);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
      // From G to the exit: the load's paced frames (at most ten a second) and the gauge's (one a
      // second), however long the load took. A frame for every request and answer came to some
      // 30 to 60 a second (as fast as ink draws).
      expect(Number(readFileSync(countFile, 'utf8'))).toBeLessThan(12 * seconds + 8);
    } finally {
      app.kill();
      rmSync(dir, { recursive: true, force: true });
      await generous.close();
    }
  }, 40_000);
});

describe('quota pacing in the app', () => {
  it('shows the gauge, paces G at the reserve with a message, and still serves the user at once', async () => {
    const app = startApp(server, { cols: 120, rows: 24 });
    try {
      await app.waitFor('row 1');
      await app.waitFor(/quota 2\d\/30 left, resets at \d\d:\d\d:\d\d/);
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('G');
      await app.waitFor(/pacing: 3 left, resets at \d\d:\d\d:\d\d/);
      const before = server.requests.length;
      expect(server.requests.filter((r) => r.status === 429)).toEqual([]);
      // 27 of 30 spent; 3 kept for the user, and nothing more goes out in the background.
      expect(before).toBe(27);
      // The pacing joins the status of the load: the count and the way out stay.
      expect(app.screen()).toMatch(/loaded.* · pacing: 3 left, resets at \d\d:\d\d:\d\d — going to the end, Esc to stop/);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(server.requests.length).toBe(before);
      // Esc stops G; back on the groups, opening another group is the user's own: it goes at once.
      app.write('\x1b');
      await new Promise((resolve) => setTimeout(resolve, 100));
      app.write('\x1b');
      await app.waitFor(/quota 3\/30/);
      app.write('j\r');
      // The gauge counts a request as spent when it leaves; the server has it once its answer is drawn.
      await app.waitFor((screen) => /quota 2\/30/.test(screen) && screen.includes('This page group has no pages.'));
      expect(server.requests.length).toBe(before + 1);
      expect(server.requests.at(-1)?.path).toBe('/v0/page_groups/grp-2/pages');
      expect(server.requests.filter((r) => r.status === 429)).toEqual([]);
    } finally {
      app.kill();
    }
  }, 40_000);
});
