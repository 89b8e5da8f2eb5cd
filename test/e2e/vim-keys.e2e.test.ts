/**
 * Habits of less, vim and k9s users in the built app, in a pty against the demo server: Ctrl-f /
 * Ctrl-b page down / up while browsing but move the cursor in a text field, and `:q` quits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer();
});

afterAll(async () => {
  await server.close();
});

/** The page number on the highlighted row of a page list (grp-1-p<N>), or undefined. */
function selectedPage(app: ReturnType<typeof startApp>): number | undefined {
  const row = app.lines().findIndex((_, i) => app.isHighlighted(i) && /grp-1-p\d+ /.test(app.lines()[i] ?? ''));
  const match = /grp-1-p(\d+) /.exec(app.lines()[row] ?? '');
  return match ? Number(match[1]) : undefined;
}

describe('Ctrl-f and Ctrl-b', () => {
  it('page down and back up on a page list; in the filter bar Ctrl-f moves the cursor one character', async () => {
    const app = startApp(server);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      await app.waitFor(() => selectedPage(app) === 1);
      app.write('\u0006');
      await app.waitFor(() => (selectedPage(app) ?? 1) > 10);
      const paged = selectedPage(app) ?? 0;
      app.write('\u0002');
      await app.waitFor(() => (selectedPage(app) ?? paged) < paged);

      // In the filter bar: Ctrl-a to the start, Ctrl-f one character right, then X is typed there.
      app.write('/');
      await app.waitFor('/ type to filter');
      app.write('p12');
      await app.waitFor('/ p12');
      app.write('\u0001');
      app.write('\u0006');
      app.write('X');
      const typed = await app.waitFor('/ pX12');
      expect(typed).not.toContain('Xp12');
    } finally {
      app.kill();
    }
  });
});

describe(':q', () => {
  it('quits the app with exit code 0, as q does', async () => {
    const app = startApp(server);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write(':');
      await app.waitFor(': page group id');
      app.write('q\r');
      const exit = await app.waitForExit();
      expect(exit.exitCode).toBe(0);
      expect(app.screen()).not.toContain('No page group "q"');
    } finally {
      app.kill();
    }
  });
});
