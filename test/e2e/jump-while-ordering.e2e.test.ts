/**
 * `:` to a page hidden by the filter of a sorted list of 60,000 loaded rows, in the built app in a
 * pty. The filter goes and the order stays, both made again in slices over that many rows: the
 * page is selected and said once the order is made. Before, the row was taken from the rows
 * ordered so far: another page was selected and the message said "row 1".
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ pages: 60_000, groups: 2 });
});
afterAll(async () => {
  await server.close();
});

it(': to a page hidden by the filter of a sorted list selects that page, at its row in the order', async () => {
  const app = startApp(server, { cols: 120, rows: 30 });
  try {
    await app.waitFor('grp-1');
    app.write('\r');
    await app.waitFor('grp-1-p2 ');
    app.write('G');
    await app.waitFor(/all 60,000 loaded/, 60_000);
    app.write('/grp-1-p1');
    app.write('\r');
    await app.waitFor(/of 60,000 match/, 30_000);
    app.write('s'); // name A→Z
    await app.waitFor(/sort: name A→Z/, 30_000);
    app.write(':grp-1-p50002');
    app.write('\r');
    await app.waitFor(/\(grp-1-p50002\)/, 30_000);
    expect(app.screen()).not.toMatch(/, row 1 \(grp-1-p50002\)/);
    // The filter the user typed is not dropped unsaid.
    expect(app.screen()).toMatch(/\(grp-1-p50002\)\. Filter ("grp-1-p1" cleared: it hid the page|cleared)\./);
    const row = app.rowOf('grp-1-p50002 ');
    expect(row, app.screen()).toBeGreaterThanOrEqual(0);
    expect(app.isHighlighted(row), app.screen()).toBe(true);
  } finally {
    app.kill();
  }
}, 120_000);
