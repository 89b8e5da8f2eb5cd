/**
 * The "terminal too small" notice through the built app: it is said whole (wrapped, or in a
 * shorter form) at every size down to 1x1, the app survives them all, and while it is shown no
 * key changes the screen behind it; q still quits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({});
});
afterAll(async () => {
  await server.close();
});

const flat = (lines: readonly string[]): string => lines.join(' ').replace(/\s+/g, ' ').trim();

function start(flags: readonly string[] = []): PtyApp {
  return new PtyApp(['--base-url', server.url, ...flags], { cols: 100, rows: 24, env: { PAGETUI_API_KEY: server.apiKey } });
}

describe('a terminal too small', () => {
  it('says the whole notice when it fits wrapped, a shorter one below that, down to 1x1', async () => {
    const app = start();
    try {
      await app.waitFor('Evergreen');
      app.resize(30, 6);
      await app.waitFor((s) => s.includes('needs at least'));
      expect(flat(app.lines())).toBe('Terminal too small (30x6); pagetui needs at least 40x10.');
      app.resize(12, 3);
      // A frame of the old notice cut at the new width may come first: wait for the new one.
      await app.waitFor(() => /^Too small; needs 40x10\.?$|^Too small\.?$/.test(flat(app.lines())));
      for (const [c, r] of [[5, 2], [3, 1], [1, 1], [2, 5]] as const) {
        app.resize(c, r);
        await app.waitFor((s) => s.trim() !== '' && app.lines().every((l) => l.length <= c));
      }
      app.resize(100, 24);
      await app.waitFor('Evergreen');
    } finally {
      app.kill();
    }
  });

  it('keys do nothing behind the notice; q quits', async () => {
    const app = start(['--screen-reader']);
    try {
      await app.waitFor('1 of 36');
      app.resize(30, 6);
      await app.waitFor(/too small/i);
      // Down twice, the details, a filter: none of it may happen behind the notice.
      app.write('jj');
      app.write('d');
      app.write('/x');
      await new Promise((resolve) => setTimeout(resolve, 300));
      app.resize(100, 24);
      await app.waitFor('Evergreen');
      const screen = app.screen();
      expect(screen).toContain('1 of 36');
      expect(screen).not.toMatch(/^\/ /m);
      expect(screen).toMatch(/^Page groups$/m);
      app.resize(30, 6);
      await app.waitFor(/too small/i);
      app.write('q');
      const exit = await app.waitForExit();
      expect(exit.exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
