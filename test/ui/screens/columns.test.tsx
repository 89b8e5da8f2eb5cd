/** The list columns in the real <App>: where they are, and that filtering never moves them. */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type RenderedApp } from '../../helpers/render-app.js';

let app: RenderedApp | undefined;

afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

const headerOf = (frame: string): string => frame.split('\n').find((line) => line.includes('UPDATED')) ?? '';

describe('the group list columns', () => {
  it('stay where they are when a status filter narrows the rows (2 used to resize STATUS)', async () => {
    const a = (app = await renderApp({ columns: 120, rows: 24, server: { faults: true, pages: 50 } }));
    await a.waitFor('row 1');
    const before = headerOf(a.frame());
    expect(before).toMatch(/^ {2}ID +TITLE +STATUS +PAGES +SLUG +UPDATED/);
    for (const key of ['2', '1', '3', '0']) {
      await a.press(key);
      await a.waitFor((frame) => headerOf(frame) !== '');
      expect(headerOf(a.frame()), `after ${key}`).toBe(before);
    }
    await a.press('/');
    await a.press('Evergreen');
    await a.waitFor('1 of');
    expect(headerOf(a.frame())).toBe(before);
  });

  it('4 shows only the groups with a status the app does not know, as sent', async () => {
    const a = (app = await renderApp({ columns: 120, rows: 24, server: { faults: true, pages: 50 } }));
    await a.waitFor('row 1');
    await a.press('4');
    const frame = await a.waitFor('status: other');
    expect(frame).toMatch(/fault-hostile-text +Fault: hostile text +scheduled /);
    expect(frame).not.toContain('grp-1 ');
    expect(a.store.getSnapshot().visible.items).toHaveLength(1);
    await a.press('0');
    await a.waitFor('grp-1 ');
  });

  it('at 250 columns the title stops at a readable width', async () => {
    const a = (app = await renderApp({ columns: 250, rows: 24, server: { faults: true, pages: 50 } }));
    await a.waitFor('row 1');
    const header = headerOf(a.frame());
    const title = header.indexOf('TITLE');
    const status = header.indexOf('STATUS');
    expect(status - title).toBeLessThanOrEqual(62);
    expect(header.trimEnd().length).toBeLessThan(250);
  });

  it('at 50 columns the ids are whole, and the page count stays while the title shrinks', async () => {
    const a = (app = await renderApp({ columns: 50, rows: 24, server: { faults: true, pages: 50 } }));
    await a.waitFor('row 1');
    const frame = a.frame();
    for (const id of ['grp-1 ', 'fault-validation ', 'fault-hostile-text ']) expect(frame).toContain(id);
    expect(frame).toMatch(/ {2}ID +TITLE +PAGES\b/);
    expect(frame).toMatch(/grp-1 +Evergreen Landing P… +50\b/);
    expect(frame).not.toContain('(unknown)');
  });

  it('at 60 columns, with those long ids, the status is back, an unknown one as sent', async () => {
    const a = (app = await renderApp({ columns: 60, rows: 24, server: { faults: true, pages: 50 } }));
    await a.waitFor('row 1');
    const frame = a.frame();
    expect(frame).toMatch(/ {2}ID +TITLE +STATUS +PAGES\b/);
    expect(frame).toContain('scheduled');
    expect(frame).not.toContain('(unknown)');
  });
});
