/**
 * Watch in the built app in a real pty, against a demo server whose grp-1 churns: the header
 * says it watches, rows that appeared, changed or went are marked (+, ~ and - without colours;
 * a row that went is drawn where it was), the selection stays on its item, and the marks fade.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ pages: 300, groups: 3, churn: 2 });
});
afterAll(() => server.close());

const rowOf = (lines: string[], id: string) => lines.find((l) => l.includes(`${id} `)) ?? '';

describe('watch', () => {
  it('marks the rows that appeared, changed and went, keeps the selection by id, and the marks fade', async () => {
    const app = startApp(server, { cols: 110, rows: 24, env: { NO_COLOR: '1' } }, ['--watch', '2']);
    try {
      await app.waitFor('row 1');
      await app.waitFor(/watching · every 2s/);
      app.write('\r');
      await app.waitFor('grp-1-');
      app.write('jjj');
      await app.waitFor('row 4');
      const selectedBefore = app.lines().find((l) => l.startsWith('>')) ?? '';
      const selectedId = /grp-1-(?:new)?p?\d+/.exec(selectedBefore)?.[0] ?? '';
      expect(selectedId).not.toBe('');
      // A read after the next churn tick: a new page on top, marked '+', some renamed, marked '~'.
      const screen = await app.waitFor((s) => /^\+ .*New page \d+/m.test(s) && /^~ .*\(edit \d+\)/m.test(s), 20_000);
      expect(screen).toMatch(/watching · every 2s · last \d\d:\d\d:\d\d/);
      const lines = app.lines();
      // The selection followed its item, not its row.
      expect(rowOf(lines, selectedId).startsWith('>')).toBe(true);
      // Requests are background reads of the first page only; nothing was asked twice at once.
      expect(server.requests.filter((r) => r.status === 429)).toEqual([]);
      // A page that went (the oldest at the top, each churn tick) is drawn where it was, marked '-',
      // and the header still counts it; it is not a list row (the row count does not include it).
      const gone = await app.waitFor((s) => /^- .*grp-1-p\d+/m.test(s) && /\d+ gone/.test(s), 20_000);
      const goneId = /^- .*?(grp-1-p\d+)/m.exec(gone)?.[1] ?? '';
      expect(goneId).not.toBe('');
      expect(gone.split('\n').filter((l) => l.includes(`${goneId} `))).toHaveLength(1);
      // Marks fade: a row marked at one read is plain two reads later unless it changed again.
      const marked = /^\+ .*?(grp-1-new\d+)/m.exec(screen)?.[1] ?? '';
      expect(marked).not.toBe('');
      await app.waitFor((s) => !new RegExp(`^\\+ .*${marked} `, 'm').test(s), 20_000);
      expect(rowOf(app.lines(), marked).startsWith(' ')).toBe(true);
      // w stops watching: the header no longer says so and the marks go.
      app.write('w');
      await app.waitFor((s) => !(s.split('\n')[0] ?? '').includes('watching') && s.includes('Stopped watching.'));
      expect(app.screen()).not.toMatch(/^[+~-] /m);
    } finally {
      app.kill();
    }
  }, 60_000);
});
