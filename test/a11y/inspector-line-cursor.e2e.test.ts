/**
 * A request in full (the HTTP inspector, Enter on a request) in screen-reader mode: j, k, PgDn,
 * G and g move a line cursor over its lines, as in the help and the last error, so "read current
 * line" reaches the URL, the status, the timings and every header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { cursorWhereExpected, ReaderApp } from '../helpers/reader-terminal.js';

let server: DemoServer;
let app: ReaderApp | undefined;
beforeAll(async () => {
  server = await startDemoServer({ pages: 50 });
});
afterAll(async () => {
  app?.kill();
  await server.close();
});

const cursorLine = (reader: ReaderApp): string => reader.lines()[reader.cursor().y] ?? '';

describe('screen-reader mode: a request in full has a line cursor', () => {
  it('j, k, PgDn, G and g move the cursor over its lines, scrolling at the window edge', async () => {
    const reader = (app = new ReaderApp(['--base-url', server.url, '--screen-reader'], { cols: 60, rows: 12, env: { PAGETUI_API_KEY: server.apiKey } }));
    await reader.waitFor(/1 of 36/);
    reader.write('i');
    await reader.waitFor(/^HTTP inspector/m);
    reader.write('\r');
    await reader.waitFor((s) => /^GET \/v0\/page_gr.*lines 1 to \d+ of/m.test(s) && !s.includes('HTTP inspector'));
    await reader.settled();
    expect(reader.cursor().y, reader.screen()).toBe(1);
    expect(cursorLine(reader)).toMatch(/^GET \/v0\/page_gr/);

    reader.write('j');
    await reader.waitFor(() => reader.cursor().y === 2);
    const first = cursorLine(reader);
    expect(first.trim(), reader.screen()).not.toBe('');
    expect(cursorWhereExpected(reader)).toBeUndefined();
    reader.write('j');
    await reader.waitFor(() => reader.cursor().y === 3);
    reader.write('k');
    await reader.waitFor(() => reader.cursor().y === 2);
    expect(cursorLine(reader)).toBe(first);

    // Window rows 2 to 8 (12 rows: header, title, 7 lines, prompt, status, hints): PgDn and G stay inside it.
    reader.write('\u001b[6~');
    await reader.waitFor(() => reader.cursor().y === 8);
    reader.write('G');
    await reader.waitFor(/^GET .*lines \d+ to ([\d,]+) of \1\b/m);
    await reader.settled();
    expect(reader.cursor().y, reader.screen()).toBe(8);
    expect(cursorWhereExpected(reader)).toBeUndefined();
    reader.write('g');
    await reader.waitFor(() => reader.cursor().y === 1);
    expect(cursorLine(reader)).toMatch(/^GET \/v0\/page_gr/);
  });
});
