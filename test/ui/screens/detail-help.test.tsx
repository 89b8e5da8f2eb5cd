/**
 * The detail view and the help overlay in the real <App> in-process against the demo server:
 * fields selected and copied, stepping through the list behind, opening a group from its details,
 * the footer of each screen, and help that scrolls and closes.
 */
import { itemArray } from '../../../src/api/pager/packed-items.js';
import { afterEach, describe, expect, it } from 'vitest';
import { pageGroupView } from '../../../src/api/items.js';
import { footerHint } from '../../../src/ui/keys/index.js';
import { renderApp, waitFor, type RenderedApp } from '../../helpers/render-app.js';
import { fakeClipboard } from '../../helpers/fake-clipboard.js';

let app: RenderedApp | undefined;

afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});


const footer = (frame: string): string => frame.split('\n').filter((l) => l.trim() !== '').at(-1) ?? '';

describe('the detail view', () => {
  it('selects fields with j/k, copies the selected value with y, and its footer lists only its keys', async () => {
    const clipboard = fakeClipboard();
    app = await renderApp({ columns: 100, rows: 30, clipboard });
    const a = app;
    await a.waitFor('Evergreen Landing Pages');
    await a.press('d');
    const detail = await a.waitFor('Page group Evergreen Landing Pages');
    expect(footer(detail)).toBe(footerHint('groupDetail', 100));
    expect(footer(detail)).toContain('Enter open the group');
    expect(footer(detail)).toContain('y copy value');
    expect(footer(detail)).toContain('] next item');
    expect(footer(detail)).not.toContain('filter');
    expect(footer(detail)).not.toContain('sort');

    const item = a.store.getSnapshot().visible.items.at(0) ?? {};
    const [, [secondKey, secondValue] = ['', '']] = Object.entries(item);
    await a.press('j');
    expect(a.store.getSnapshot().detailField).toBe(1);
    await a.press('y');
    await a.waitFor(`Copied the value of ${secondKey}`);
    expect(clipboard.copied).toEqual([typeof secondValue === 'string' ? secondValue : JSON.stringify(secondValue)]);
    await a.press('k');
    expect(a.store.getSnapshot().detailField).toBe(0);
    await a.press('G');
    expect(a.store.getSnapshot().detailField).toBe(Object.keys(item).length - 1);
    await a.press('g');
    expect(a.store.getSnapshot().detailField).toBe(0);
  });

  it('steps to the next and previous item with ] [ n p, the list selection following, so Esc returns to that row', async () => {
    app = await renderApp({ columns: 100, rows: 30 });
    const a = app;
    await a.waitFor('Evergreen Landing Pages');
    const titles = itemArray(a.store.getSnapshot().visible.items).map((raw) => pageGroupView(raw).title);
    await a.press('d');
    await a.waitFor(`Page group ${titles[0]}`);
    await a.press(']');
    await a.waitFor(`Page group ${titles[1]}`);
    await a.press('n');
    await a.waitFor(`Page group ${titles[2]}`);
    await a.press('p');
    await a.waitFor(`Page group ${titles[1]}`);
    await a.press('[[[');
    await a.waitFor(`Page group ${titles[0]}`);
    await a.press(']]');
    await a.waitFor(`Page group ${titles[2]}`);
    await a.press('\u001b');
    await a.waitFor('SLUG');
    expect(a.store.getSnapshot().overlay).toBeNull();
    expect(a.store.getSnapshot().list.selected).toBe(2);
  });

  it("opens the group on Enter in a group's details; Enter does nothing in a page's", async () => {
    app = await renderApp({ columns: 100, rows: 30 });
    const a = app;
    await a.waitFor('Evergreen Landing Pages');
    await a.press('d');
    await a.waitFor('Page group Evergreen Landing Pages');
    await a.press('\r');
    await a.waitFor('grp-1-p1 ');
    expect(a.store.getSnapshot().route).toBe('pages');
    expect(a.store.getSnapshot().overlay).toBeNull();
    await a.press('d');
    const page = await a.waitFor(/Page \S/);
    expect(footer(page)).toBe(footerHint('pageDetail', 100));
    expect(footer(page)).not.toContain('Enter');
    await a.press('\r');
    expect(a.store.getSnapshot().overlay).toBe('detail');
  });
});

describe('the help overlay', () => {
  it('scrolls with j/k, PgDn and G at 80x20, and closes on Enter, q, Esc and ?', async () => {
    app = await renderApp({ columns: 80, rows: 20 });
    const a = app;
    await a.waitFor('Evergreen Landing Pag'); // at 80 columns the title gives room to the page count (10,000)
    await a.press('?');
    const first = await a.waitFor('Keys  (? or Esc to close)');
    expect(first).toMatch(/1–\d+\/\d+ {2}▼ j\/k scroll/);
    expect(first).not.toContain('enlarge the terminal');
    expect(footer(first)).toBe(footerHint('help', 80));
    await a.press('j');
    expect(a.store.getSnapshot().helpScroll).toBe(1);
    await a.press('k');
    expect(a.store.getSnapshot().helpScroll).toBe(0);
    await a.press('\u001b[6~'); // PgDn
    expect(a.store.getSnapshot().helpScroll).toBeGreaterThan(1);
    await a.press('G');
    const end = await a.waitFor('Text fields');
    expect(end).toMatch(/▲ {2}j\/k scroll/);
    for (const close of ['\r', 'q', '\u001b', '?']) {
      await a.waitFor(() => a.store.getSnapshot().overlay === 'help');
      await a.press(close);
      await a.waitFor('SLUG');
      expect(a.store.getSnapshot().overlay, JSON.stringify(close)).toBeNull();
      if (close !== '?') await a.press('?');
    }
    expect(a.store.getSnapshot().quitting).toBe(false);
  });

  it('returns to the details it was opened from', async () => {
    app = await renderApp({ columns: 100, rows: 30 });
    const a = app;
    await a.waitFor('Evergreen Landing Pages');
    await a.press('dj?');
    await a.waitFor('Keys  (? or Esc to close)');
    await a.press('\u001b');
    await a.waitFor('Page group Evergreen Landing Pages');
    expect(a.store.getSnapshot().overlay).toBe('detail');
    expect(a.store.getSnapshot().detailField).toBe(1);
  });
});

describe('what help says about G', () => {
  it('is true: a move while G loads stops following the end, the load goes on until Esc', async () => {
    app = await renderApp({ columns: 100, rows: 30, server: { pages: 2_000, latencyMs: 150 } });
    const a = app;
    await a.waitFor('Evergreen Landing Pages');
    await a.press('\r');
    await a.waitFor('grp-1-p1 ');
    await a.press('G');
    await waitFor(() => a.store.getSnapshot().following);
    await a.press('k');
    const after = a.store.getSnapshot();
    expect(after.following).toBe(false);
    expect(after.loadingAll).toBe(true);
    const fetched = after.pager.pagesFetched;
    await waitFor(() => a.store.getSnapshot().pager.pagesFetched > fetched, { timeout: 5000 });
    await a.press('\u001b');
    expect(a.store.getSnapshot().loadingAll).toBe(false);
  });
});

describe('hostile text in the details', () => {
  it('stays sanitised and cut to the width on screen, in the copy and in the message', async () => {
    const clipboard = fakeClipboard();
    app = await renderApp({ columns: 60, rows: 24, clipboard, server: { faults: true } });
    const a = app;
    await a.waitFor(() => a.store.getSnapshot().visible.items.length > 0);
    const row = itemArray(a.store.getSnapshot().visible.items).findIndex((raw) => pageGroupView(raw).title.includes('hostile'));
    expect(row).toBeGreaterThan(0);
    await a.press('j'.repeat(row));
    await a.press('d');
    await a.waitFor(() => a.store.getSnapshot().overlay === 'detail');
    const fields = Object.keys(a.store.getSnapshot().visible.items.at(row) ?? {}).length;
    for (let field = 0; field < fields; field++) {
      await a.press('y');
      await waitFor(() => clipboard.copied.length === field + 1);
      await a.press('j');
    }
    const raw = a.stdout.frames.join('');
    expect(raw).not.toMatch(/\u001b\]|\u0007|[\u202a-\u202e\u2066-\u2069]/);
    for (const line of a.frame().split('\n')) expect(line.length).toBeLessThanOrEqual(60);
    for (const text of clipboard.copied) expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
});
