/**
 * Filter, status filter and sort, through the built app in a pty against the demo server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { fetchAll, listLines, requestsFor, startApp, type Item } from './power-helpers.js';

let server: DemoServer;
let groups: Item[];
let grp1: Item[];

beforeAll(async () => {
  server = await startDemoServer({ faults: true });
  groups = await fetchAll(server, '/v0/page_groups');
  grp1 = await fetchAll(server, '/v0/page_groups/grp-1/pages');
});

afterAll(async () => {
  await server.close();
});

/** Pages of grp-1 among the first `loaded` whose id or names contain `query` (case-insensitive). */
function expectedMatches(query: string, loaded: number): number {
  const q = query.toLowerCase();
  return grp1.slice(0, loaded).filter((p) =>
    [p.pageId, p.effectiveName, p.customName, p.computedName].some((v) => String(v ?? '').toLowerCase().includes(q)),
  ).length;
}

const count = (n: number) => n.toLocaleString('en-US');

describe('filter', () => {
  it('filters as you type, says how many loaded rows match, loads the rest on Tab, and Esc clears it', async () => {
    const mark = server.requests.length;
    const app = startApp(server);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      await app.waitFor('more available');

      app.write('/');
      await app.waitFor('/ type to filter');
      // Letters go to the field: j and k do not move the selection while typing.
      app.write('jk');
      await app.waitFor('/ jk');
      expect(app.isHighlighted(app.rowOf('grp-1-p1 '))).toBe(false); // no row matches "jk"
      app.write('\u007f\u007f');
      await app.waitFor('/ type to filter');

      // The summary counts the rows matching among what is loaded right now (the window's last
      // rows being near the loaded end may fetch on, so `loaded` can grow while typing).
      const summary = /([\d,]+) of ([\d,]+) loaded match — more not loaded yet/;
      const numbers = (s: string) => (summary.exec(s) ?? []).slice(1).map((n) => Number(n.replace(/,/g, '')));
      app.write('P1');
      await app.waitFor((s) => summary.test(s) && numbers(s)[0] === expectedMatches('p1', numbers(s)[1] ?? 0));
      app.write('3');
      const screen = await app.waitFor((s) => s.includes('/ P13') && summary.test(s) && numbers(s)[0] === expectedMatches('p13', numbers(s)[1] ?? 0));
      expect(screen).toContain('filter: "P13"');
      const [p13] = numbers(screen);
      expect(listLines(app).every((l) => l.toLowerCase().includes('p13'))).toBe(true);
      expect(listLines(app)).toHaveLength(Math.min(p13 ?? 0, 24));

      // Tab loads the rest of the group while the filter stays.
      const before = requestsFor(server, '/v0/page_groups/grp-1/pages', mark).length;
      app.write('\t');
      await app.waitFor(`${count(expectedMatches('p13', grp1.length))} of ${count(grp1.length)} match`, 20_000);
      const cursors = requestsFor(server, '/v0/page_groups/grp-1/pages', mark).map((r) => r.query.cursor ?? '(first)');
      expect(new Set(cursors).size).toBe(cursors.length);
      expect(cursors.length).toBe(Math.ceil(grp1.length / 100));
      expect(cursors.length).toBeGreaterThan(before);

      // Enter keeps the filter and gives the keys back to the list.
      app.write('\r');
      await app.waitFor((s) => !s.includes('Enter keep'));
      app.write('j');
      await app.waitFor(() => app.isHighlighted(app.rowOf('grp-1-p130 ')));
      expect(app.screen()).toContain('filter: "P13"');

      // Esc clears the filter (the selected page stays selected), a second Esc goes back.
      app.write('\u001b');
      await app.waitFor(`all ${count(grp1.length)} loaded`);
      expect(app.screen()).not.toContain('filter:');
      expect(app.isHighlighted(app.rowOf('grp-1-p130 '))).toBe(true);
      app.write('\u001b');
      await app.waitFor('SLUG');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('takes "/" and the query typed in one read; during a Tab load Esc clears the filter as its line says, the next Esc stops the load', async () => {
    const slow = await startDemoServer({ faults: true, latencyMs: 150 });
    const app = startApp(slow);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('/p99');
      await app.waitFor('/ p99');
      await app.waitFor('loaded match — more not loaded yet (Tab loads all)');
      app.write('\t');
      await app.waitFor('loading the rest, Esc to stop');
      expect(app.screen()).toContain('Esc clear the filter');

      app.write('\u001b');
      await app.waitFor((s) => !s.includes('/ p99') && !s.includes('filter:'));
      expect(app.screen()).toContain('PAGE ID'); // still in the group: Esc cleared the filter only
      await app.waitFor('loading the rest, Esc to stop'); // the load goes on and says how to stop it

      app.write('\u001b');
      await app.waitFor((s) => !s.includes('Esc to stop'));
      expect(app.screen()).toContain('PAGE ID'); // this Esc stopped the load, it did not go back
      const requests = requestsFor(slow, '/v0/page_groups/grp-1/pages').length;
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(requestsFor(slow, '/v0/page_groups/grp-1/pages').length).toBeLessThanOrEqual(requests + 1);
      expect(requests).toBeLessThan(100); // stopped well before the end of 10,000 pages
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
      await slow.close();
    }
  });
});

describe('status filter and sort on the group list', () => {
  const statusOfRow = (line: string) => /\b(draft|published|archived)\b/.exec(line)?.[1];

  it('1/2/3 show one status, the same key again or 0 shows all; the header names it', async () => {
    const app = startApp(server);
    try {
      await app.waitFor('Evergreen Landing Pages');
      const total = groups.length;
      for (const [key, status] of [['1', 'draft'], ['2', 'published'], ['3', 'archived']] as const) {
        app.write(key);
        const want = groups.filter((g) => g.status === status).length;
        await app.waitFor(`status: ${status}`);
        await app.waitFor(`${count(want)} of ${count(total)} match`);
        const rows = listLines(app);
        expect(rows.length).toBe(Math.min(want, 25));
        expect(rows.every((l) => statusOfRow(l) === status)).toBe(true);
      }
      app.write('3'); // the same key again: all statuses
      await app.waitFor(`all ${count(total)} loaded`);
      expect(app.screen()).not.toContain('status:');
      app.write('2');
      await app.waitFor('status: published');
      app.write('0');
      await app.waitFor(`all ${count(total)} loaded`);
      expect(listLines(app).map(statusOfRow)).toContain('draft');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('s cycles name A→Z, updated newest first and server order, labelled as an order of the loaded items', async () => {
    const app = startApp(server, { cols: 120 });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('s');
      const byName = [...groups].sort((a, b) => String(a.title).toLowerCase().localeCompare(String(b.title).toLowerCase()));
      const firstTitle = String(byName.find((g) => /^[A-Za-z]/.test(String(g.title)))?.title);
      await app.waitFor((s) => s.includes('sort: name A→Z (loaded items)') && listLines(app).some((l) => l.includes(firstTitle)));
      expect(app.isHighlighted(app.rowOf('Evergreen Landing Pages'))).toBe(true); // selection kept

      app.write('s');
      // Rows whose time cannot be read are skipped: the test terminal counts 🌍 as one column (the
      // app, like current terminals, two), so the row holding it, or where it was, may be shifted.
      const shownTimes = () =>
        listLines(app)
          .map((l) => /(\d{4}-\d{2}-\d{2} \d{2}:\d{2})\s*$/.exec(l)?.[1] ?? '')
          .filter((t) => t !== '');
      const newestFirst = (times: string[]) => times.length > 20 && [...times].sort().reverse().join() === times.join();
      // The label and the rows come in one frame, but the pty may hand it over in two reads.
      await app.waitFor((s) => s.includes('sort: updated, newest first (loaded items)') && newestFirst(shownTimes()));

      app.write('s');
      await app.waitFor((s) => !s.includes('sort:') && (listLines(app)[0] ?? '').includes('Evergreen Landing Pages'));
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
