/**
 * Requests that have left the HTTP inspector's log (it keeps the newest 200): what `C` copies for
 * a row whose own request is gone, said.
 */
import { afterEach, expect, it } from 'vitest';
import type { Clipboard } from '../../../src/ui/services/clipboard.js';
import { renderApp, waitFor, type RenderedApp } from '../../helpers/render-app.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

function fakeClipboard(): Clipboard & { copied: string[] } {
  const copied: string[] = [];
  return { copied, copy: async (text) => (copied.push(text), { method: 'test' }) };
}

it("C on a row whose page's request left the log (G over a big group) says it copied the list's newest request instead", async () => {
  const clipboard = fakeClipboard();
  app = await renderApp({ columns: 110, rows: 24, clipboard, server: { pages: 20_500 } });
  const a = app;
  await a.waitFor('Evergreen Landing Pages');
  await a.press('\r');
  await a.waitFor('grp-1-p1 ');
  await a.press('G');
  await a.waitFor('grp-1-p20500 ', { timeout: 60_000 });
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
