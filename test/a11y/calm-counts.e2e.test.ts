/**
 * Counts without motion (`--screen-reader`, `--reduce-motion`) through the built app: they change
 * at most every 5 s, yet in every frame the header, the selected row's "n of N" and the status
 * line say the same count; and while `G` loads the rest, an update rewrites the lines that count
 * (header, selected row, status), never the whole list.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { ReaderApp, rowsWritten } from '../helpers/reader-terminal.js';

let server: DemoServer | undefined;
let app: CheckedApp | undefined;
afterEach(async () => {
  app?.kill();
  await server?.close();
  app = undefined;
  server = undefined;
});

const number = (text: string | undefined): number | undefined => (text === undefined ? undefined : Number(text.replace(/,/g, '')));

/** The counts a frame says: the header's "[N+]", the selected row's "of N", the status line's "N loaded". */
function countsOf(lines: readonly string[]): { header?: number; row?: number; status?: number } {
  const header = number(/\[([\d,]+)\+?\]/.exec(lines[0] ?? '')?.[1]);
  const row = number(lines.map((l) => /, [\d,]+ of ([\d,]+)( loaded so far)?$/.exec(l)?.[1]).find((n) => n !== undefined));
  const status = number(lines.map((l) => /(?:all |^|\s)([\d,]+) loaded/.exec(l)?.[1]).find((n) => n !== undefined));
  return { ...(header === undefined ? {} : { header }), ...(row === undefined ? {} : { row }), ...(status === undefined ? {} : { status }) };
}

/** An app that notes, after each chunk it draws, whether the screen's counts disagree. */
class CheckedApp extends ReaderApp {
  readonly frames: { at: number; disagree?: string }[] = [];

  protected override drawn(_data: string, at: number): void {
    const counts = countsOf(this.lines());
    const said = [counts.header, counts.row, counts.status].filter((n) => n !== undefined);
    const disagree = said.some((n) => n !== said[0]) ? `${JSON.stringify(counts)}\n${this.screen()}` : undefined;
    this.frames.push({ at, ...(disagree ? { disagree } : {}) });
  }

  /** Frames whose counts disagreed and stayed so (a frame split over two chunks is not one). */
  disagreements(): string[] {
    return this.frames.filter((f, i) => f.disagree !== undefined && (this.frames[i + 1]?.at ?? Infinity) - f.at > 30).map((f) => f.disagree ?? '');
  }
}

async function start(flags: readonly string[]): Promise<CheckedApp> {
  server = await startDemoServer({ latencyMs: 150, pages: 10_000 });
  app = new CheckedApp(['--base-url', server.url, ...flags], { cols: 100, rows: 24, env: { PAGETUI_API_KEY: server.apiKey } });
  await app.waitFor('Evergreen Landing Pages');
  return app;
}

/** Opens the first group, waits for `opened`, presses G, and returns what is written in the 5.5 s after G began following the end. */
async function duringG(shown: CheckedApp, opened: string): Promise<{ text: string; bursts: number; before: { x: number; y: number } }> {
  shown.write('\r');
  await shown.waitFor(opened);
  await shown.settled(200);
  shown.write('G');
  await shown.waitFor('going to the end');
  await shown.settled(300);
  const from = performance.now();
  const before = shown.cursor();
  await new Promise((resolve) => setTimeout(resolve, 5_500));
  expect(shown.screen()).toContain('going to the end');
  return { ...shown.writtenSince(from), before };
}

describe('calm counts', () => {
  it('screen reader: the header, the row and the status say one count while a group opens and G loads', { timeout: 60_000 }, async () => {
    const reader = await start(['--screen-reader']);
    const written = await duringG(reader, 'loaded so far');
    // At most two updates in 5.5 s, each on the header, the selected row and the status line only.
    expect(written.bursts).toBeLessThanOrEqual(2);
    const selected = reader.cursor().y;
    for (const row of rowsWritten(written.text, written.before).rows) expect([0, selected, 21]).toContain(row);
    expect(reader.disagreements()).toEqual([]);
  });

  it('reduce motion: G leaves the rows in place while the count grows calmly', { timeout: 60_000 }, async () => {
    const shown = await start(['--reduce-motion']);
    const written = await duringG(shown, 'more available');
    expect(written.bursts).toBeLessThanOrEqual(2);
    // The header's count and the status lines; no row of the list.
    for (const row of rowsWritten(written.text, written.before).rows) expect([0, 21, 22]).toContain(row);
    expect(shown.disagreements()).toEqual([]);
  });
});
