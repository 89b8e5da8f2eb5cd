/**
 * Keys pressed with `s` in one burst, in the built app in a pty, over 30,000 loaded rows: the new
 * order is made in slices, and the moves count from the page that was selected once it is made.
 * Before, `s j j j` moved through the rows ordered so far and landed on another page: three `k`
 * then did not come back to it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ pages: 30_000 });
});
afterAll(async () => {
  await server.close();
});

it('s j j j lands three rows below the page selected, in the new order', async () => {
  const app = startApp(server, { cols: 120, rows: 30 }, ['--no-cache', 'open', 'grp-1']);
  try {
    await app.waitFor('grp-1-p1 ', 15_000);
    app.write('G');
    await app.waitFor(/all 30,000 loaded/, 60_000);
    app.write('g');
    await app.waitFor(() => app.isHighlighted(app.rowOf('grp-1-p1 ')), 5000);
    app.write('sjjj');
    await app.waitFor(/sort: name A→Z/, 10_000);
    await app.waitFor(/row [\d,]+ · all 30,000 loaded/, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    app.write('kkk');
    await app.waitFor(() => app.isHighlighted(app.rowOf('grp-1-p1 ')), 5000);
    expect(app.screen()).toMatch(/sort: name A→Z/);
  } finally {
    app.kill();
  }
}, 90_000);
