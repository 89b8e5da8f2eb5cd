/**
 * The built app in a pty, twice over the same list cache (docs/cache.md): the first session ends
 * after `G` on the last of 5,000 rows; the second opens the group again. The page selected last
 * time is far down, so it is not sought (that loaded the whole group unasked, 50 requests here
 * and 1,000 for 100,000 rows): the list stays at the top and the status line says the way back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import type { PtyApp } from '../helpers/pty-app.js';
import { requestsFor, startApp } from './power-helpers.js';

let server: DemoServer;
const cacheHome = mkdtempSync(join(tmpdir(), 'pagetui-cache-last-'));

beforeAll(async () => {
  server = await startDemoServer({ pages: 5000, latencyMs: 20 });
});
afterAll(async () => {
  await server.close();
  rmSync(cacheHome, { recursive: true, force: true });
});

const GRP1 = '/v0/page_groups/grp-1/pages';
const openGroup = (): PtyApp => startApp(server, { env: { PAGETUI_CACHE: undefined, XDG_CACHE_HOME: cacheHome } }, ['open', 'grp-1']);

it('a group left on its last row after G opens at the top, says where it was left, and loads only a screen', async () => {
  const first = openGroup();
  await first.waitFor('grp-1-p1 ', 15_000);
  first.write('G');
  await first.waitFor('all 5,000 loaded', 30_000);
  first.write('q');
  expect((await first.waitForExit()).exitCode).toBe(0);

  const mark = server.requests.length;
  const second = openGroup();
  try {
    await second.waitFor("Last time: row 5,000 in the server's order (grp-1-p5000).", 15_000);
    // Give a search time to run: it would load on towards row 5,000.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(second.screen()).not.toContain('Looking for page');
    expect(second.isHighlighted(second.rowOf('grp-1-p1 '))).toBe(true);
    expect(requestsFor(server, GRP1, mark).length).toBeLessThanOrEqual(2);
    second.write('q');
    expect((await second.waitForExit()).exitCode).toBe(0);
  } finally {
    second.kill();
  }
}, 90_000);
