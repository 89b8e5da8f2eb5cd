/**
 * The two status rows as the user sees them in the real <App>: the message on one row, the key
 * hints always on the other; errors said once, messages that stay with the list that made them.
 */
import { itemArray } from '../../../src/api/pager/packed-items.js';
import { afterEach, describe, expect, it } from 'vitest';
import { pageGroupView } from '../../../src/api/items.js';
import { renderApp, type RenderedApp } from '../../helpers/render-app.js';

const ROWS = 24;
let app: RenderedApp | undefined;

afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

/** The frame's rows without the trailing blank ones. */
function rows(frame: string): string[] {
  const lines = frame.split('\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines;
}

const HINTS = /^Enter open {2}\S/;

async function openGroup(a: RenderedApp, id: string): Promise<void> {
  const index = itemArray(a.store.getSnapshot().visible.items).findIndex((raw) => pageGroupView(raw).id === id);
  expect(index).toBeGreaterThanOrEqual(0);
  await a.press('g');
  for (let i = 0; i < index; i++) await a.press('j');
  await a.press('\r');
}

describe('the status rows', () => {
  for (const columns of [60, 80, 120]) {
    it(`keep the key hints below a long validation error at ${columns} columns, saying each phrase once`, async () => {
      const a = (app = await renderApp({ columns, rows: ROWS, server: { faults: true, pages: 50 } }));
      await a.waitFor('row 1');
      await openGroup(a, 'fault-validation');
      const frame = await a.waitFor('VALIDATION_ERROR');
      const lines = rows(frame);
      const last = lines[lines.length - 1]!;
      const message = lines[lines.length - 2]!;
      expect(last, frame).toMatch(HINTS);
      expect(message, frame).toMatch(/^VALIDATION_ERROR \(HTTP 400\): field: page_group_id — Invalid/);
      expect(message.split('misconfigured').length - 1, frame).toBeLessThanOrEqual(1);
      // The empty list says the whole error once, wrapped.
      expect(frame.split('Nothing loaded:').length - 1, frame).toBe(1);
      expect(frame).not.toContain('0 loaded, more available');
    });
  }

  it('do not claim "0 loaded, more available" when the first request failed (the list says it once)', async () => {
    const a = (app = await renderApp({ columns: 250, rows: ROWS, server: { faults: true, pages: 50 } }));
    await a.waitFor('Evergreen');
    await openGroup(a, 'fault-validation');
    const frame = await a.waitFor('VALIDATION_ERROR');
    expect(frame).toContain('Nothing loaded: VALIDATION_ERROR');
    expect(frame.toLowerCase().split('nothing loaded').length - 1).toBe(1);
    expect(frame).not.toMatch(/\b0 loaded/);
  });

  it('keep a message on the list that raised it: going back leaves it behind', async () => {
    const a = (app = await renderApp({ columns: 100, rows: ROWS, server: { pages: 50 } }));
    await a.waitFor('Evergreen');
    await a.press('\r');
    await a.waitFor('grp-1-p1 ');
    await a.press('e'); // no exporter in this render: a message from the page list
    await a.waitFor('Exporting is not available here.');
    await a.press('\u001b');
    await a.waitFor('SLUG');
    expect(a.frame()).not.toContain('Exporting is not available here.');
  });
});
