/**
 * The screen-reader mode writes only what changed: a `j` rewrites the row left and the row
 * reached and moves the cursor; nothing at all is written while the app waits, even while a load
 * runs in the background or a rate-limit wait counts down, apart from sparse announcements.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { ReaderApp, rowsWritten } from '../helpers/reader-terminal.js';

const IDLE_MS = 5_000;

let server: DemoServer | undefined;
let app: ReaderApp | undefined;
afterEach(async () => {
  app?.kill();
  await server?.close();
  app = undefined;
  server = undefined;
});

async function start(options: Parameters<typeof startDemoServer>[0], flags: readonly string[] = ['--screen-reader']): Promise<ReaderApp> {
  server = await startDemoServer(options);
  app = new ReaderApp(['--base-url', server.url, ...flags], { cols: 100, rows: 24, env: { PAGETUI_API_KEY: server.apiKey } });
  await app.waitFor('Evergreen Landing Pages');
  await app.settled(200);
  return app;
}

/** The status bar's row in a 24-row terminal (the hints and a spare row below it). */
const STATUS_ROW = 21;

/** Opens the first group, filters it on "e" and has the rest of it loaded in the background (Tab). */
async function loadRestFiltered(reader: ReaderApp): Promise<void> {
  reader.write('\r');
  await reader.waitFor('loaded so far');
  reader.write('/');
  await reader.waitFor(/^\/ /m);
  reader.write('e');
  await reader.waitFor('filter: "e"');
  reader.write('\r');
  await reader.waitFor((screen) => !/^\/ /m.test(screen));
  reader.write('\t');
}

/** Waits IDLE_MS and returns what was written meanwhile. */
async function idle(reader: ReaderApp): Promise<ReturnType<ReaderApp['writtenSince']> & { before: { x: number; y: number } }> {
  const from = performance.now();
  const before = reader.cursor();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  return { ...reader.writtenSince(from), before };
}

describe('screen-reader mode: bytes', () => {
  it('j rewrites at most the two rows it moves between, then moves the cursor to the new one', async () => {
    const reader = await start({});
    for (let i = 0; i < 3; i++) {
      const from = performance.now();
      const before = reader.cursor();
      const row = before.y;
      reader.write('j');
      await reader.waitFor(() => reader.cursor().y === row + 1);
      await reader.settled(100);
      const { text } = reader.writtenSince(from);
      const written = rowsWritten(text, before);
      expect([...written.rows].sort()).toEqual([row, row + 1]);
      expect(written.cursor).toEqual({ x: 0, y: row + 1 });
    }
  });

  it('writes 0 bytes in 5 s of idle', { timeout: 20_000 }, async () => {
    const reader = await start({});
    reader.write('j');
    await reader.settled(200);
    expect((await idle(reader)).bytes).toBe(0);
  });

  it('writes only sparse announcements while the rest of a long list loads in the background', { timeout: 40_000 }, async () => {
    const reader = await start({ latencyMs: 120, pages: 10_000 });
    await loadRestFiltered(reader);
    await reader.settled(200);
    const written = await idle(reader);
    expect(reader.screen()).toContain('Esc to stop');
    // Counts change at most every 5 s: at most two updates in a window of 5 s, on the header and status lines.
    expect(written.bursts).toBeLessThanOrEqual(2);
    const selected = reader.cursor().y;
    for (const row of rowsWritten(written.text, written.before).rows) expect([0, selected, STATUS_ROW]).toContain(row);
  });

  it('writes nothing while a rate-limit wait counts down, once the wait is announced', { timeout: 40_000 }, async () => {
    // The server does not announce its quota: the app learns of it from a 429 and its Retry-After.
    const reader = await start({ quota: 3, windowSeconds: 60, quotaHeaders: 'none' });
    await loadRestFiltered(reader);
    await reader.waitFor(/Warning: RATE_LIMITED.*retry in/);
    await reader.settled(300);
    expect((await idle(reader)).bytes).toBe(0);
    expect(reader.screen()).toMatch(/retry in/);
  });
});
