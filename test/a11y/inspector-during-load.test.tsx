/**
 * The inspector opened while `G` loads, in the screen-reader mode: the requests arriving do not
 * move the cursor nor rewrite its line; the list and its counts change at most every 5 s, the
 * selected request keeping its screen row (the window follows it); `j` moves one request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CALM_MS } from '../../src/ui/presentation/presentation.js';
import { renderApp, waitFor, type RenderedApp } from '../helpers/render-app.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

/** The selected request's line (the one request saying its place) and the title. */
function selectedLine(frame: string): { row: number; text: string; place: number; total: number; title: string } {
  const lines = frame.split('\n');
  const row = lines.findIndex((l) => /^GET .*, \d+ of \d+$/.test(l));
  if (row < 0) throw new Error(`no selected request in:\n${frame}`);
  const text = lines[row] ?? '';
  const [, place, total] = /, (\d+) of (\d+)$/.exec(text) ?? [];
  return { row, text, place: Number(place), total: Number(total), title: lines.find((l) => l.startsWith('HTTP inspector')) ?? '' };
}

describe('the inspector while G loads, for a screen reader', () => {
  it('keeps the cursor on its row and its line unchanged while requests arrive; j moves one request', async () => {
    app = await renderApp({ columns: 80, rows: 24, screenReader: true, server: { pages: 10_000, latencyMs: 60 } });
    const { exchangeLog } = app;
    await app.waitFor(/1 of 36/);
    await app.press('\r');
    await app.waitFor(/1 of 100 loaded so far/);
    await app.press('G');
    await waitFor(() => exchangeLog.entries().length >= 4, { timeout: 10_000 });
    await app.press('i');
    const openedAt = Date.now();
    const first = selectedLine(await app.waitFor(/^GET .*, \d+ of \d+$/m));
    const seen = exchangeLog.entries().length;
    await waitFor(() => exchangeLog.entries().length >= seen + 4, { timeout: 10_000 });
    const later = selectedLine(app.frame());
    if (Date.now() - openedAt < CALM_MS) {
      expect(later.row).toBe(first.row);
      expect(later.text).toBe(first.text);
      expect(later.title).toBe(first.title);
    }
    await app.press('j');
    const stepped = selectedLine(await app.waitFor((f) => selectedLine(f).text !== later.text));
    expect(stepped.place - (stepped.total - later.total)).toBe(later.place + 1);
    if (stepped.total === later.total) expect(stepped.row).toBe(later.row + 1);
    // Once the calm interval is over the counts catch up, and the selected request keeps its row.
    const steppedSeq = app.store.getSnapshot().inspector?.selectedSeq;
    const caught = selectedLine(await app.waitFor((f) => selectedLine(f).total > stepped.total, { timeout: CALM_MS * 2 }));
    expect(caught.row, app.frame()).toBe(stepped.row);
    expect(app.store.getSnapshot().inspector?.selectedSeq).toBe(steppedSeq);
    await app.press('\x1b');
  }, 30_000);
});
