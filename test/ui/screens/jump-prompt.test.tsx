/**
 * The `:` prompt and the breadcrumb count in the real <App>, rendered in-process against the demo
 * server (250 pages in grp-1).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type RenderedApp } from '../../helpers/render-app.js';

let app: RenderedApp | undefined;

afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

const firstLine = (a: RenderedApp) => a.frame().split('\n')[0] ?? '';
const lastLines = (a: RenderedApp, n: number) => a.frame().split('\n').slice(-n).join('\n');

describe('the jump prompt', () => {
  it('asks for a group id on the group list and a page id in a group, typed text shown, control bytes dropped', async () => {
    app = await renderApp({ columns: 100, rows: 30, server: { pages: 250 } });
    await app.waitFor('Evergreen Landing Pages');
    await app.press(':');
    await app.waitFor(': page group id');
    expect(lastLines(app, 3)).toContain('Enter go · Esc cancel');
    await app.press('grp\u0007-1');
    await app.waitFor(': grp-1');
    await app.press('\r');
    await app.waitFor('grp-1-p1 ');
    expect(app.frame()).not.toContain(': grp-1');
    await app.press(':');
    await app.waitFor(': page id');
    await app.press('grp-1-p240\r');
    await app.waitFor(/\w, row 240 \(grp-1-p240\)\./);
    // All 250 loaded now: the count has no '+'.
    await app.waitFor(() => firstLine(app as RenderedApp).includes('[250]'));
  });

  it('shows the loaded count with + while more of the list exists', async () => {
    app = await renderApp({ columns: 100, rows: 30, server: { pages: 250 } });
    await app.waitFor('Evergreen Landing Pages');
    await app.press('\r');
    await app.waitFor('grp-1-p1 ');
    await app.waitFor(() => firstLine(app as RenderedApp).includes('Evergreen Landing Pages [100+]'));
  });
});
