/**
 * Over a slow link a key's escape sequence can arrive in two pieces, far apart. The first piece
 * (`ESC [`) must wait for the rest, not be taken for Esc: Esc goes back a level or clears a filter.
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an arrow key split across a slow link', () => {
  it('moves the selection, 300 ms between its pieces, and does not go back a level', async () => {
    const app = new PtyApp(['--base-url', server.url], { env: { PAGETUI_API_KEY: server.apiKey } });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('\u001b[');
      // The gap is the subject of the test: the link delivers the rest this much later.
      await pause(300);
      app.write('B');
      await app.waitFor('row 2 ·');
      expect(app.rowOf('grp-1-p1 ')).toBeGreaterThan(-1);
      expect(app.rowOf('Empty Drafts')).toBe(-1);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
