/**
 * `G` whose load fails part-way (here the server stops taking its cursors, as a server whose
 * cursors expire does) leaves the selection on the row the user was on, as Esc does, in the built
 * app in a pty. It used to jump to the last row loaded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ pages: 20_000, groups: 2, latencyMs: 5 });
});
afterAll(async () => {
  await server.close();
});

describe('G that fails part-way', () => {
  it('keeps the selection where the user was', async () => {
    const app = startApp(server, { cols: 120, rows: 30 });
    const highlightedText = () => app.lines().find((_, row) => app.isHighlighted(row)) ?? '';
    try {
      await app.waitFor('grp-1');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('jjj');
      await app.waitFor(() => highlightedText().includes('grp-1-p4 '));
      app.write('G');
      await app.waitFor(/row 4 · [\d,]+ loaded, loading/, 30_000);
      server.expireCursors();
      await app.waitFor((s) => /cursor has expired/.test(s), 30_000);
      // The failure's frame is drawn; give a selection that would move a moment to do so.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(highlightedText()).toContain('grp-1-p4 ');
      expect(app.screen()).toContain('grp-1-p1 ');
    } finally {
      app.kill();
    }
  }, 60_000);
});
