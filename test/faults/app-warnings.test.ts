/**
 * Warnings raised by the very first group listing reach the screen, whatever the start-up timing:
 * the listing starts before the UI is loaded, so its warnings may already be there when the
 * store first looks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPEATED_CURSOR_WARNING } from '../../src/api/pager.js';
import { PtyApp } from '../helpers/pty-app.js';
import { at, cursorAt, GROUPS_PATH, HostileServer, makeGroups } from './helpers/hostile-server.js';

let server: HostileServer;

beforeAll(async () => {
  server = await HostileServer.start({ pageSize: 10 });
  server.groups = makeGroups('g', 60);
});
afterAll(async () => {
  await server.close();
});

describe('a warning on the first listing', () => {
  // The race lost the warning in about 5 starts of 8: five starts all showing it is no luck.
  it('is shown on every start (the second page repeats its cursor)', async () => {
    for (let run = 0; run < 5; run++) {
      // The second page names itself as the next one: the loop guard stops with a warning.
      server.inject(at(GROUPS_PATH, cursorAt(10)), (req) => {
        const page = server.listingReply(req.path, req.cursor);
        return page.kind === 'json' ? { ...page, body: { ...(page.body as object), nextCursor: cursorAt(10) } } : page;
      });
      const app = new PtyApp(['--base-url', server.url], { cols: 120, rows: 30, env: { PAGETUI_API_KEY: 'WARN-KEY' } });
      try {
        await app.waitFor('Group g19');
        await app.waitFor(REPEATED_CURSOR_WARNING.slice(0, 40), 3000);
        app.write('q');
        expect((await app.waitForExit()).exitCode).toBe(0);
      } finally {
        app.kill();
      }
    }
  }, 60_000);
});
