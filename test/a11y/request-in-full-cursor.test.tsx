/**
 * A request in full for a screen reader: j, k, g and G pass over blank lines, as in the help and
 * the last error; its timing reads "3 ms" and its title keeps the status before the path is cut.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { exchangeLinesCached } from '../../src/ui/store/inspector/inspector-lines.js';
import { newestFirst } from '../../src/ui/store/inspector/inspector-flow.js';
import { renderApp, type RenderedApp } from '../helpers/render-app.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

describe('a request in full for a screen reader', () => {
  it('j, k, g and G never rest on a blank line', async () => {
    app = await renderApp({ columns: 60, rows: 14, screenReader: true });
    await app.waitFor(/1 of 36/);
    await app.press('i');
    await app.waitFor(/HTTP inspector/);
    await app.press('\r');
    await app.waitFor(/Request headers/);
    const exchange = newestFirst(app.exchangeLog)[0];
    if (!exchange) throw new Error('no request in the log');
    const lines = exchangeLinesCached(exchange, 60, true);
    const visited: number[] = [];
    const keys = [...'jjjjjjjjjjjjjjjjjjjj', 'G', ...'kkkkkkkk', 'g', 'j'];
    for (const key of keys) {
      await app.press(key);
      const line = app.store.getSnapshot().inspector?.line ?? 0;
      visited.push(line);
      if (line > 0) expect(lines[line - 1]?.trim(), `line ${line} after ${key}`).not.toBe('');
    }
    expect(new Set(visited).size).toBeGreaterThan(10);
  });

  it('says the duration as "3 ms", with a space', async () => {
    app = await renderApp({ columns: 80, rows: 14, screenReader: true });
    await app.waitFor(/1 of 36/);
    await app.press('i');
    await app.press('\r');
    const frame = await app.waitFor(/^sent /m);
    expect(frame).toMatch(/^sent \d\d:\d\d:\d\d, status 200, \d+ ms, /m);
  });

  it('keeps the status and place in a 40-column title, cutting the path in its middle, and the method with its URL', async () => {
    app = await renderApp({ columns: 40, rows: 10, screenReader: true });
    await app.waitFor(/1 of 36/);
    await app.press('i');
    await app.press('\r');
    const frame = await app.waitFor(/status 200, (lines )?1 to/);
    expect(frame.split('\n')[2], frame).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\//);
    const title = frame.split('\n')[1] ?? '';
    expect(title, frame).toMatch(/^GET \/v0.*….*, status 200, (lines )?1 to \d+ of [\d,]+$/);
    expect(title.length).toBeLessThanOrEqual(40);
  });
});
