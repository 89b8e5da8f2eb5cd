/**
 * For a screen reader, a page the quota holds back is said as such when the hold starts: the
 * status line's clock stands still between news, so a wording that waits for seconds to pass
 * (as the usual mode's does) would leave "loading…" said for the whole window.
 */
import { afterEach, expect, it } from 'vitest';
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

const statusRow = (shown: ReaderApp): string => shown.lines().find((line) => / loaded\b/.test(line)) ?? '';

it('screen reader: G held by the quota says "waiting for the quota window" while the hold lasts', { timeout: 90_000 }, async () => {
  server = await startDemoServer({ pages: 2_000, groups: 3, quota: 3, windowSeconds: 30, quotaHeaders: 'draft' });
  app = new ReaderApp(['--base-url', server.url, '--no-cache', '--screen-reader'], { cols: 100, rows: 30, env: { PAGETUI_API_KEY: server.apiKey } });
  await app.waitFor(/1 of 3/, 40_000);
  app.write('\r');
  await app.waitFor(/grp-1-p1\b|loaded/, 40_000);
  app.write('G');
  // The background load stops at the reserve and waits for the window's reset: the pacing note says so.
  await app.waitFor(/pacing: /, 40_000);
  const held = statusRow(app);
  const loaded = /([\d,]+) loaded/.exec(held)?.[1];
  // The hold is news when it starts; the line says it then, not seconds later.
  await app.settled(500);
  const row = statusRow(app);
  expect(row).toContain('pacing: ');
  expect(/([\d,]+) loaded/.exec(row)?.[1]).toBe(loaded);
  expect(row).toContain('waiting for the quota window');
  expect(row).not.toMatch(/loading…/);
});
