/**
 * The real <App> rendered in-process against the demo server (see test/helpers/render-app.tsx):
 * the group list, opening a group, the help overlay and the filter bar, driven by keys.
 */
import { itemArray } from '../../../src/api/pager/packed-items.js';
import { afterEach, describe, expect, it } from 'vitest';
import { pageGroupView } from '../../../src/api/items.js';
import { helpLayout } from '../../../src/ui/store/help-layout.js';
import { listRows } from '../../../src/ui/store/layout.js';
import { renderApp, waitFor, type RenderedApp } from '../../helpers/render-app.js';

const COLUMNS = 100;
const ROWS = 30;
let app: RenderedApp | undefined;

async function start(): Promise<RenderedApp> {
  app = await renderApp({ columns: COLUMNS, rows: ROWS, server: { pages: 250 } });
  await app.waitFor('Evergreen Landing Pages');
  return app;
}

afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

const titles = (a: RenderedApp): string[] => itemArray(a.store.getSnapshot().visible.items).map((raw) => pageGroupView(raw).title);

describe('the group list', () => {
  it('renders rows from the demo server with their headers', async () => {
    const a = await start();
    const frame = a.frame();
    expect(frame).toContain('TITLE');
    expect(frame).toContain('SLUG');
    expect(frame).toMatch(/published|draft|archived/);
    const shown = titles(a).slice(0, 5);
    expect(shown.length).toBe(5);
    for (const title of shown) expect(frame).toContain(title);
    expect(a.server.requests.filter((r) => r.path === '/v0/page_groups').length).toBe(1);
  });

  it('opens the selected group on Enter and goes back on Esc', async () => {
    const a = await start();
    await a.press('\r');
    const pages = await a.waitFor('grp-1-p1 ');
    expect(pages).toContain('Evergreen Landing Pages'); // breadcrumb
    await a.press('jj');
    await a.waitFor('grp-1-p3 ');
    expect(a.store.getSnapshot().list.selected).toBe(2);
    await a.press('\u001b');
    await a.waitFor('SLUG');
    expect(a.store.getSnapshot().route).toBe('groups');
  });

  it('shows on ? the help generated from the key table, and closes it on ?', async () => {
    const a = await start();
    await a.press('?');
    const help = await a.waitFor('Keys  (? or Esc to close)');
    for (const line of helpLayout(COLUMNS, listRows(ROWS) + 1)) expect(help).toContain(line);
    expect(help.replace(/ {2,}/g, '  ')).toContain('Tab  load the rest (filtered)');
    await a.press('?');
    await a.waitFor('SLUG');
    expect(a.frame()).not.toContain('Keys  (? or Esc to close)');
  });

  it('narrows the rows to those matching what is typed after /', async () => {
    const a = await start();
    const before = titles(a);
    const other = before.find((t) => !t.includes('Evergreen'));
    expect(other).toBeDefined();
    expect(a.frame()).toContain(other);
    await a.press('/');
    await a.waitFor('/ ');
    await a.press('Evergreen');
    const filtered = await a.waitFor((frame) => !frame.includes(other ?? '') && frame.includes('Evergreen Landing Pages'));
    expect(filtered).toContain('Evergreen Landing Pages');
    const after = titles(a);
    expect(after.length).toBeGreaterThan(0);
    expect(after.length).toBeLessThan(before.length);
    expect(after.every((t) => t.toLowerCase().includes('evergreen'))).toBe(true);
    // Enter keeps the filter and gives the keys back to the list.
    await a.press('\r');
    await waitFor(() => a.store.getSnapshot().input === null);
    expect(a.frame()).not.toContain('type to filter');
    expect(a.frame()).not.toContain(other);
    expect(a.store.getSnapshot().list.query).toBe('Evergreen');
  });

  it('loads the rest of a filtered group on Tab, each cursor once', async () => {
    const a = await start();
    await a.press('\r');
    await a.waitFor('grp-1-p1 ');
    await a.press('\t');
    await a.press('/form\r');
    await waitFor(() => a.store.getSnapshot().input === null && a.store.getSnapshot().list.query === 'form');
    expect(a.store.getSnapshot().pager.pagesFetched).toBe(1); // Tab without a filter loads nothing
    await a.press('\t');
    await waitFor(() => !a.store.getSnapshot().pager.hasMore, { timeout: 10_000 });
    expect(a.store.getSnapshot().pager.pagesFetched).toBe(3);
    const cursors = a.server.requests
      .filter((r) => r.path === '/v0/page_groups/grp-1/pages')
      .map((r) => r.query.cursor ?? '(first)');
    expect(new Set(cursors).size).toBe(cursors.length);
  });

  it('keeps Ctrl-Z and Ctrl-C working while the filter bar has the keys', async () => {
    let suspended = 0;
    app = await renderApp({ columns: COLUMNS, rows: ROWS, server: { pages: 250 }, onSuspend: () => suspended++ });
    const a = app;
    await a.waitFor('Evergreen Landing Pages');
    await a.press('/q');
    await waitFor(() => a.store.getSnapshot().list.query === 'q');
    await a.press('\u001a');
    expect(suspended).toBe(1);
    await a.press('\u0003');
    await a.waitUntilExit();
  });

  it('quits on q', async () => {
    const a = await start();
    await a.press('q');
    await a.waitUntilExit();
  });
});
