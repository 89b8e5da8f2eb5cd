/**
 * The quota gauge and pacing in the built app in a real pty, against a demo server that announces
 * a quota: `G` on a long list stops short of the reserve and says so, with no 429, and what the
 * user opens by hand still loads at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ pages: 10_000, groups: 3, quota: 30, windowSeconds: 60, quotaHeaders: 'draft' });
});
afterAll(() => server.close());

describe('quota pacing in the app', () => {
  it('shows the gauge, paces G at the reserve with a message, and still serves the user at once', async () => {
    const app = startApp(server, { cols: 120, rows: 24 });
    try {
      await app.waitFor('row 1');
      await app.waitFor(/quota 2\d\/30, resets in \d+s/);
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('G');
      await app.waitFor(/pacing: 3 left, resets in \d+s/);
      const before = server.requests.length;
      expect(server.requests.filter((r) => r.status === 429)).toEqual([]);
      // 27 of 30 spent; 3 kept for the user, and nothing more goes out in the background.
      expect(before).toBe(27);
      expect(app.screen()).toMatch(/quota 3\/30, resets in \d+s/);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(server.requests.length).toBe(before);
      // Esc stops G; back on the groups, opening another group is the user's own: it goes at once.
      app.write('\x1b');
      await new Promise((resolve) => setTimeout(resolve, 100));
      app.write('\x1b');
      await app.waitFor(/quota 3\/30/);
      app.write('j\r');
      await app.waitFor(/quota 2\/30/);
      expect(server.requests.length).toBe(before + 1);
      expect(server.requests.at(-1)?.path).toBe('/v0/page_groups/grp-2/pages');
      expect(server.requests.filter((r) => r.status === 429)).toEqual([]);
    } finally {
      app.kill();
    }
  }, 40_000);
});
