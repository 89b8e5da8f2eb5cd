/**
 * `C` on a list whose load failed copies the request that failed (the one to debug), and says so;
 * with nothing of the list in the log it is a warning, which a screen reader hears.
 */
import { afterEach, expect, it } from 'vitest';
import type { Clipboard } from '../../../src/ui/services/clipboard.js';
import { renderApp, type RenderedApp } from '../../helpers/render-app.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

it('C on a list that failed to load copies its failed request as curl', async () => {
  const copied: string[] = [];
  const clipboard = { copy: (text: string) => { copied.push(text); return Promise.resolve({ method: 'tmux buffer' }); } } as unknown as Clipboard;
  app = await renderApp({ columns: 100, rows: 30, server: { faults: true }, clipboard });
  await app.waitFor('Fault: bad gateway');
  const a = app;
  await a.press(':');
  a.store.setInputText('fault-bad-gateway');
  await a.press('\r');
  await a.waitFor(() => a.store.getSnapshot().pager.state === 'error');
  await a.press('C');
  await a.waitFor(() => copied.length === 1);
  expect(copied[0]).toMatch(/^curl .*\/v0\/page_groups\/fault-bad-gateway\/pages/);
  expect(copied[0]).not.toContain(a.server.apiKey);
  await a.waitFor(() => /curl/.test(a.store.getSnapshot().toast?.text ?? ''));
});
