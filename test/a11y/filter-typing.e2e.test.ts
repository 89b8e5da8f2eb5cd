/**
 * The filter typed key by key in the screen-reader mode over 10,000 loaded pages: after each key
 * the prompt holds it and the terminal's cursor is at its insertion point, also for a space that
 * leaves the rows as they were and for Backspace, while the scan of the query before it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { ReaderApp } from '../helpers/reader-terminal.js';

let server: DemoServer;
let app: ReaderApp | undefined;
beforeAll(async () => {
  server = await startDemoServer({ pages: 10_000, groups: 2 });
});
afterAll(async () => {
  app?.kill();
  await server.close();
});

const promptLine = (reader: ReaderApp): string => reader.lines().find((line) => line.startsWith('/ ')) ?? '';

describe('screen-reader mode: the filter typed key by key', () => {
  it('echoes each key at once with the cursor after it', { timeout: 120_000 }, async () => {
    const reader = (app = new ReaderApp(['--base-url', server.url, '--screen-reader'], { cols: 120, rows: 40, env: { PAGETUI_API_KEY: server.apiKey } }));
    await reader.waitFor(/1 of 2/);
    reader.write('\r');
    await reader.waitFor(/1 of 100/);
    reader.write('G');
    await reader.waitFor(/10,000 of 10,000/, 60_000);
    reader.write('/');
    await reader.waitFor(/^\/ type to filter/m);
    let typed = '';
    const type = async (key: string, expected: string): Promise<void> => {
      reader.write(key);
      await reader.waitFor(() => promptLine(reader).startsWith(`/ ${expected}  `) && reader.cursor().x === 2 + expected.length);
      expect(reader.lines()[reader.cursor().y]).toBe(promptLine(reader));
    };
    for (const key of 'form') await type(key, (typed += key));
    // The scan of "form" over: spaces then leave the rows as they are (the second for certain), so
    // nothing but the prompt has a reason to redraw.
    await reader.waitFor((screen) => /[\d,]+ of 10,000 match/.test(screen) && !screen.includes('so far'), 30_000);
    await type(' ', 'form ');
    await type(' ', 'form  ');
    await type('1', 'form  1');
    for (const left of ['form  ', 'form ', 'form', 'for']) await type('\u007f', left);
  });
});
