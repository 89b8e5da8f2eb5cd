/**
 * The HTTP inspector open while `G` loads: it draws as requests come (more often than the list's
 * progress frames), and every one of those frames must say one count, in the header and in the
 * status line alike.
 */
import { stripVTControlCharacters } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { renderApp, type RenderedApp } from '../../helpers/render-app.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

it('the header and the status line say the same count in every frame drawn while the inspector is open during G', async () => {
  app = await renderApp({ columns: 120, rows: 30, server: { pages: 60_000 } });
  const a = app;
  await a.waitFor('Evergreen Landing Pages');
  await a.press('\r');
  await a.waitFor('grp-1-p1 ');
  await a.press('G');
  await a.press('i');
  await a.waitFor(/all 60,000 loaded/, { timeout: 60_000 });
  const pairs = a.stdout.frames.map(stripVTControlCharacters).flatMap((f) => {
    const header = /\[([\d,]+)\+?\]/.exec(f)?.[1];
    const status = /([\d,]+) loaded/.exec(f)?.[1];
    return header !== undefined && status !== undefined ? [[header, status]] : [];
  });
  expect(pairs.length).toBeGreaterThan(3);
  expect(pairs.filter(([h, s]) => h !== s)).toEqual([]);
}, 90_000);
