/**
 * Two rules of the calm (no-motion) frames, through the built app: the status line's clock keeps
 * the counts' 5 s cadence (a quota's "resets in" and the count never make two updates in one
 * period), and another item under the selection (a filter scanning a sorted list) is drawn at
 * once, so the row said at the cursor is the one `d` opens.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { ReaderApp } from '../helpers/reader-terminal.js';

let server: DemoServer | undefined;
let app: ReaderApp | undefined;
afterEach(async () => {
  app?.kill();
  await server?.close();
  app = undefined;
  server = undefined;
});

const cursorLine = (shown: ReaderApp): string => shown.lines()[shown.cursor().y] ?? '';
const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('calm frames', () => {
  it('reduce motion: while G loads under a quota, the status line changes at most once in 5 s', { timeout: 60_000 }, async () => {
    server = await startDemoServer({ pages: 40_000, groups: 3, quota: 20, windowSeconds: 2, quotaHeaders: 'draft' });
    app = new ReaderApp(['--base-url', server.url, '--reduce-motion'], { cols: 100, rows: 24, env: { PAGETUI_API_KEY: server.apiKey } });
    await app.waitFor(/Evergreen Landing Pages/);
    app.write('\r');
    await app.waitFor('more available');
    await app.settled(200);
    app.write('G');
    await app.waitFor('going to the end');
    await app.settled(300);
    const from = performance.now();
    const changes: number[] = [];
    const status = () => app?.lines().slice(21, 23).join('\n') ?? '';
    let said = status();
    while (performance.now() - from < 12_000) {
      await quiet(100);
      const now = status();
      if (now !== said) changes.push(performance.now());
      said = now;
    }
    expect(app.screen()).toContain('going to the end');
    // One update may reach the terminal in pieces: changes under a second apart are one.
    const updates = changes.filter((at, i) => i === 0 || at - changes[i - 1]! > 1_000);
    for (let i = 1; i < updates.length; i++) expect(updates[i]! - updates[i - 1]!, JSON.stringify(updates.map((t) => Math.round(t - from)))).toBeGreaterThan(4_500);
  });

  it('screen reader: while a filter scans a sorted list, the row at the cursor is the one d opens', { timeout: 60_000 }, async () => {
    server = await startDemoServer({ pages: 10_000, groups: 3 });
    app = new ReaderApp(['--base-url', server.url, '--screen-reader'], { cols: 100, rows: 24, env: { PAGETUI_API_KEY: server.apiKey } });
    await app.waitFor(/1 of 3/);
    app.write('\r');
    await app.waitFor('loaded so far');
    app.write('G');
    await app.waitFor(/10,000 of 10,000$/m, 30_000);
    app.write('s');
    await app.waitFor(/name, A to Z|name A→Z|name A-Z/);
    app.write('g');
    await app.waitFor(/, 1 of 10,000$/m);
    await app.settled(300);
    // A query whose matches lie all through the list: later slices of the scan find names sorted first.
    app.write('/');
    await app.waitFor(/^\/ /m);
    app.write('9\r');
    await app.waitFor((s) => !/^\/ /m.test(s));
    await app.settled(400);
    const said = cursorLine(app).split(',')[0] ?? '';
    app.write('d');
    await app.waitFor(/^Page \S/m);
    const opened = app.lines().find((l) => l.startsWith('Page ')) ?? '';
    expect(opened, app.screen()).toMatch(new RegExp(`^Page ${said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`));
  });
});
