/**
 * A right-to-left override typed (not bracket-pasted) into the filter through the built app in a
 * pty: never written to the terminal, and the filter shown is the filter used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({});
});
afterAll(async () => {
  await server.close();
});

describe('a bidi control typed into a prompt', () => {
  it('is not echoed, and the filter is what the prompt shows', async () => {
    const app = startApp(server, { cols: 120 });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('/');
      await app.waitFor('/ type to filter');
      app.write('x');
      await app.waitFor(/^\/ x/m);
      app.write('\u202e');
      app.write('y');
      await app.waitFor(/^\/ xy/m);
      app.write('z');
      await app.waitFor('filter: "xyz"');
      expect(app.screen()).toMatch(/^\/ xyz/m);
      expect(app.raw).not.toContain('\u202e');
      app.write('\u001b');
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });
});
