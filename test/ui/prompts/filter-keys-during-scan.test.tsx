/**
 * Keys typed into the filter one at a time, with the gaps of normal typing, over 10,000 loaded
 * pages: each is in the prompt (and the store's query) at once, whatever the scan of the query
 * before it is doing. A key that leaves the rows as they were ('form ' after 'form') is one too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DataShape } from '../../../src/demo-server/data.js';
import { renderApp, type RenderedApp } from '../../helpers/render-app.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

const promptLine = (frame: string): string => frame.split('\n').find((line) => line.startsWith('/ ')) ?? '';

/** Presses `key` as a read of its own and checks the query and the prompt drawn right after it. */
async function typeApart(a: RenderedApp, key: string, expected: string): Promise<void> {
  await a.press(key);
  expect(a.store.getSnapshot().list.query).toBe(expected);
  expect(promptLine(a.frame())).toMatch(new RegExp(`^/ ${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} {2}`));
}

describe.each<DataShape>(['demo', 'long'])('the filter prompt while a scan runs (--shape %s)', (shape) => {
  it('echoes each key typed apart: a space, the key after it, Backspaces', async () => {
    const a = (app = await renderApp({ columns: 120, rows: 40, server: { pages: 10_000, groups: 2, shape } }));
    await a.waitFor('all 2 loaded');
    await a.press('\r');
    await a.waitFor('grp-1-p1 ');
    await a.press('G');
    await a.waitFor('all 10,000 loaded', { timeout: 60_000 });
    await a.press('/');
    await a.waitFor('/ type to filter');
    let typed = '';
    for (const key of 'form') await typeApart(a, key, (typed += key));
    await a.waitFor((frame) => !frame.includes('so far'), { timeout: 30_000 });
    // The space leaves the rows as they were; the key after it comes while nothing redrew the list.
    await typeApart(a, ' ', 'form ');
    await typeApart(a, '1', 'form 1');
    await typeApart(a, ' ', 'form 1 ');
    await typeApart(a, 'h', 'form 1 h');
    for (const left of ['form 1 ', 'form 1', 'form ', 'form']) await typeApart(a, '\u007f', left);
  }, 120_000);
});
