/**
 * Watch in the built app in a real pty, against a demo server whose grp-1 churns: the header
 * says it watches, rows that appeared or changed are marked (+ and ~ without colours), the
 * selection stays on its item, and the marks fade.
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
  it('marks the rows that appeared and changed, keeps the selection by id, and the marks fade', async () => {
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
      // Marks fade: a row marked at one read is plain two reads later unless it changed again.
      const marked = /^\+ .*?(grp-1-new\d+)/m.exec(screen)?.[1] ?? '';
      expect(marked).not.toBe('');
      await app.waitFor((s) => !new RegExp(`^\\+ .*${marked} `, 'm').test(s), 20_000);
      expect(rowOf(app.lines(), marked).startsWith(' ')).toBe(true);
      // w stops watching: the header no longer says so and the marks go.
      app.write('w');
      await app.waitFor((s) => !s.includes('watching'));
      expect(app.screen()).not.toMatch(/^[+~] /m);
    } finally {
      app.kill();
    }
  }, 60_000);
});
