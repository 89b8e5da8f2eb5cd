/**
 * Keys that did nothing say something: in an empty group `y`, `Y`, `d` and `r`; in the inspector
 * `C` and `y` (its copy key is `c`); in a page's details `Enter` and `e`. Both presentations.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type RenderedApp } from '../helpers/render-app.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

const toastText = (a: RenderedApp): string => a.store.getSnapshot().toast?.text ?? '';

for (const screenReader of [false, true]) {
  describe(`silent keys (${screenReader ? 'screen reader' : 'usual'})`, () => {
    it('y, Y, d and r in an empty group each say something', async () => {
      app = await renderApp({ columns: 100, rows: 30, screenReader });
      await app.waitFor('Empty Drafts');
      await app.press('j');
      await app.press('\r');
      await app.waitFor('This page group has no pages');
      const said: string[] = [];
      for (const key of ['y', 'Y', 'd', 'r']) {
        await app.press('j');
        const before = app.store.getSnapshot().toast;
        await app.press(key);
        const a = app;
        await a.waitFor(() => a.store.getSnapshot().toast !== before && toastText(a) !== '');
        said.push(`${key}: ${toastText(a)}`);
        await a.waitFor(toastText(a).slice(0, 30));
      }
      expect(said[0]).toMatch(/^y: Nothing to copy: the list is empty\./);
      expect(said[1]).toMatch(/^Y: Nothing to copy: the list is empty\./);
      expect(said[2]).toMatch(/^d: No details to show: the list is empty\./);
      expect(said[3]).toBe('r: Refreshed: the list is still empty.');
    });

    it('C and y in the inspector say that c copies the request as curl', async () => {
      app = await renderApp({ columns: 100, rows: 30, screenReader });
      await app.waitFor('Empty Drafts');
      await app.press('i');
      await app.waitFor('HTTP inspector');
      for (const key of ['C', 'y']) {
        await app.press('j');
        const before = app.store.getSnapshot().toast;
        await app.press(key);
        const a = app;
        await a.waitFor(() => a.store.getSnapshot().toast !== before && toastText(a) !== '');
        expect(toastText(a)).toBe('Here c copies the request as curl.');
        await a.waitFor('c copies the request as curl');
      }
    });

    it("Enter and e in a page's details say what they do there", async () => {
      app = await renderApp({ columns: 100, rows: 30, screenReader });
      await app.waitFor('Empty Drafts');
      await app.press('\r');
      await app.waitFor(/1 of 100 loaded so far|\b100\+?\b/);
      await app.press('d');
      const a = app;
      await a.waitFor(() => a.store.getSnapshot().overlay === 'detail');
      const said: string[] = [];
      for (const key of ['\r', 'e']) {
        await a.press('j');
        const before = a.store.getSnapshot().toast;
        await a.press(key);
        await a.waitFor(() => a.store.getSnapshot().toast !== before && toastText(a) !== '');
        said.push(toastText(a));
        // A warning, so a screen reader is taken to it (an info line is not announced).
        expect(a.store.getSnapshot().toast?.tone).toBe('warning');
        await a.waitFor(toastText(a).slice(0, 30));
      }
      expect(said).toEqual(["Nothing opens from a page's details: Esc goes back to the list.", 'e exports the list: Esc goes back to it first.']);
      expect(a.store.getSnapshot().overlay).toBe('detail');
    });

    it("0, /, i and N in a page's details say they act on the list, as e does", async () => {
      app = await renderApp({ columns: 100, rows: 30, screenReader });
      await app.waitFor('Empty Drafts');
      await app.press('\r');
      await app.waitFor(/1 of 100 loaded so far|\b100\+?\b/);
      await app.press('d');
      const a = app;
      await a.waitFor(() => a.store.getSnapshot().overlay === 'detail');
      const said: string[] = [];
      for (const key of ['0', '/', 'i', 'N']) {
        await a.press('j');
        const before = a.store.getSnapshot().toast;
        await a.press(key);
        await a.waitFor(() => a.store.getSnapshot().toast !== before && toastText(a) !== '');
        said.push(toastText(a));
        expect(a.store.getSnapshot().toast?.tone).toBe('warning');
        await a.waitFor(toastText(a).slice(0, 30));
      }
      expect(said).toEqual([
        '0 (show all statuses) acts on the list: Esc goes back to it first.',
        '/ (filter) acts on the list: Esc goes back to it first.',
        'i (HTTP inspector) acts on the list: Esc goes back to it first.',
        'N (previous match) acts on the list: Esc goes back to it first.',
      ]);
      expect(a.store.getSnapshot().overlay).toBe('detail');
      expect(a.store.getSnapshot().input).toBeFalsy();
    });
  });
}
