/**
 * A query typed over 100,000 loaded pages in the built app: the first matching rows are drawn
 * while the header still says "matching… N so far", then the total; Esc in the middle of a scan
 * clears the filter and keeps the selected page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { listLines, startApp } from './power-helpers.js';

const PAGES = 100_000;
let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ pages: PAGES, groups: 2, shape: 'mixed' });
});

afterAll(async () => {
  await server.close();
});

describe('a query over 100,000 loaded pages', () => {
  it('draws the first matching rows, counts them "so far" until the scan ends, then the total; Esc mid-scan keeps the selection', async () => {
    const app = startApp(server, { cols: 120, rows: 40 });
    try {
      await app.waitFor('all 2 loaded');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('G');
      await app.waitFor('all 100,000 loaded', 600_000);

      app.write('/');
      await app.waitFor('/ type to filter');
      // Every page whose id holds "p9": p9, p90–p99, p900–p999, … p99999 (11,111 of them); the
      // query language's exclusion keeps the scan's work per item (the search text) in play.
      app.write('id:p9 -id:p9999');
      // Every page id on screen holds p9 (a long name may push a row's id off its line). Waited
      // for as a whole screen: on a loaded machine the terminal can be read while a frame is
      // still coming, its first rows new and the rest those of the frame before.
      const shown = (): string[] => listLines(app).flatMap((line) => /grp-1-p(\d+)/.exec(line)?.[1] ?? []);
      const first = await app.waitFor((s) => s.includes('id:p9 -id:p9999') && /so far|match/.test(s) && /grp-1-p9\d* /.test(listLines(app)[0] ?? '') && shown().length > 5 && shown().every((n) => n.startsWith('9')), 60_000);
      for (const number of shown()) expect(number).toMatch(/^9/);
      const total = 11_111 - 11; // p9999 and p99990–p99999 are excluded
      if (first.includes('so far')) expect(first).toMatch(/matching… [\d,]+ so far/);
      await app.waitFor(`${total.toLocaleString('en-US')} of 100,000 match`, 600_000);

      // A scan cut short by Esc: the filter is gone and the last page stays selected.
      app.write('\u001b');
      await app.waitFor('all 100,000 loaded');
      app.write('G');
      await app.waitFor(() => app.isHighlighted(app.rowOf('grp-1-p100000 ')));
      app.write('/');
      await app.waitFor('/ type to filter');
      app.write('name:zz');
      app.write('\u001b');
      await app.waitFor((s) => s.includes('all 100,000 loaded') && !s.includes('matching…'), 60_000);
      expect(app.isHighlighted(app.rowOf('grp-1-p100000 '))).toBe(true);
    } finally {
      app.kill();
    }
  }, 900_000);
});
