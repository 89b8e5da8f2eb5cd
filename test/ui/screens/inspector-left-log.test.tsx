/**
 * Requests that have left the HTTP inspector's log (it keeps the newest 200): what `C` copies for
 * a row whose own request is gone, and where a selection on a request pushed out goes, both said.
 */
import { afterEach, expect, it } from 'vitest';
import { newestFirst } from '../../../src/ui/store/inspector/inspector-flow.js';
import { renderApp, waitFor, type RenderedApp } from '../../helpers/render-app.js';
import { fakeClipboard } from '../../helpers/fake-clipboard.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});


/** Opens grp-1 from the group list and loads it whole with G, until `last` is on screen. */
async function openAndLoadAll(a: NonNullable<typeof app>, last: string, timeout: number): Promise<void> {
  await a.waitFor('Evergreen Landing Pages');
  await a.press('\r');
  await a.waitFor('grp-1-p1 ');
  await a.press('G');
  await a.waitFor(last, { timeout });
}

it("C on a row whose page's request left the log (G over a big group) says it copied the list's newest request instead", async () => {
  const clipboard = fakeClipboard();
  app = await renderApp({ columns: 110, rows: 24, clipboard, server: { pages: 20_500 } });
  const a = app;
  await openAndLoadAll(a, 'grp-1-p20500 ', 60_000);
  const first = a.exchangeLog.entries().find((e) => e.path.includes('/grp-1/pages') && e.cursor === undefined);
  expect(first).toBeUndefined();
  await a.press('g');
  await a.waitFor((f) => f.includes('grp-1-p1 ') && !f.includes('grp-1-p20500 '));
  await a.press('C');
  await waitFor(() => clipboard.copied.length === 1);
  const newest = a.exchangeLog.entries().filter((e) => e.path.includes('/grp-1/pages')).at(-1);
  expect(clipboard.copied[0]).toContain(`${newest?.path}'`);
  const said = await waitFor(() => a.store.getSnapshot().toast?.text ?? false);
  expect(said).toMatch(/newest/);
  expect(said).toMatch(/no longer kept/);
  expect(a.frame()).toMatch(/newest/);
}, 90_000);

it("C on a row whose page's cursor held the key (a server that echoes it) copies that page's request, not the newest", async () => {
  // The demo server's cursor to the second page of grp-1, inside the key: the log records that cursor masked.
  const cursor = Buffer.from(JSON.stringify({ g: 'grp-1', o: 100 }), 'utf8').toString('base64url');
  const clipboard = fakeClipboard();
  app = await renderApp({ columns: 110, rows: 24, clipboard, server: { pages: 300 }, apiKey: `sk-live-${cursor}` });
  const a = app;
  await openAndLoadAll(a, 'grp-1-p300 ', 30_000);
  const second = a.exchangeLog.entries().filter((e) => e.path.includes('/grp-1/pages'))[1];
  expect(second?.cursor).toContain('••••');
  // Row 150 is on the second page.
  await a.press(':');
  await a.waitFor(': page id');
  await a.press('grp-1-p150\r');
  await a.waitFor(/row 150 \(grp-1-p150\)/);
  await a.press('C');
  await waitFor(() => clipboard.copied.length === 1);
  expect(clipboard.copied[0]).toContain(`${second?.path}'`);
  const said = await waitFor(() => a.store.getSnapshot().toast?.text ?? false);
  expect(said).not.toMatch(/newest/);
}, 60_000);

it("C on a row whose own request is still kept says only that it copied the request", async () => {
  const clipboard = fakeClipboard();
  app = await renderApp({ columns: 110, rows: 24, clipboard, server: { pages: 250 } });
  const a = app;
  await a.waitFor('Evergreen Landing Pages');
  await a.press('\r');
  await a.waitFor('grp-1-p1 ');
  await a.press('C');
  await waitFor(() => clipboard.copied.length === 1);
  const frame = await a.waitFor('Copied the request as curl');
  expect(frame).not.toMatch(/newest/);
});

it('a request picked in the list that newer ones push out gives its place to the newest and says so', async () => {
  app = await renderApp({ columns: 110, rows: 24, server: { pages: 250 } });
  const a = app;
  await a.waitFor('Evergreen Landing Pages');
  await a.press('i');
  await a.waitFor('HTTP inspector · 1 request ');
  const record = (n: number) => a.exchangeLog.begin('GET', 'http://127.0.0.1:1', `/v0/page_groups/late${n}/pages`, {}).response(200, {}, 2, '{}');
  record(0);
  await a.waitFor('HTTP inspector · 2 requests');
  await a.press('j');
  const picked = a.store.getSnapshot().inspector?.selectedSeq;
  expect(picked).toBe(newestFirst(a.exchangeLog)[1]?.seq);
  for (let n = 1; n <= 200; n++) record(n);
  const frame = await a.waitFor('left the inspector');
  expect(frame).toMatch(/newest/);
  expect(a.store.getSnapshot().inspector?.selectedSeq).toBe(newestFirst(a.exchangeLog)[0]?.seq);
  // On the newest again, it follows the newer ones.
  record(201);
  await waitFor(() => a.store.getSnapshot().inspector?.selectedSeq === newestFirst(a.exchangeLog)[0]?.seq);
});

it('in the screen-reader mode at 40 columns, a request the cursor was on that leaves the list is said gone, the cursor on the newest', async () => {
  app = await renderApp({ columns: 40, rows: 24, screenReader: true, server: { pages: 250 } });
  const a = app;
  await a.waitFor('Evergreen');
  await a.press('i');
  await a.waitFor('1 request');
  const on = a.store.getSnapshot().inspector?.selectedSeq;
  const record = (n: number) => a.exchangeLog.begin('GET', 'http://127.0.0.1:1', `/v0/page_groups/late${n}/pages`, {}).response(200, {}, 2, '{}');
  for (let n = 0; n < 200; n++) record(n);
  const frame = await a.waitFor(/^Warning: .*gone/m);
  const status = frame.split('\n').find((line) => line.startsWith('Warning: '));
  expect(status).toMatch(/newest/);
  expect(status).not.toContain('…');
  const state = a.store.getSnapshot().inspector;
  expect(state?.selectedSeq).not.toBe(on);
  expect(state?.selectedSeq).toBe(newestFirst(a.exchangeLog)[0]?.seq);
  expect(state?.topSeq).toBe(state?.selectedSeq);
});
