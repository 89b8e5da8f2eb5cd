/**
 * The saved-view picker for a screen reader: the cursor is on the selected view, read as a
 * sentence with no selection glyph; applying one says `Done: View "…": …` with the cursor on it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { ReaderApp } from '../helpers/reader-terminal.js';
import { cursorLine, readerSuite } from '../helpers/reader-suite.js';

const { keep, cwd } = readerSuite('pagetui-view-picker-');
let server: DemoServer | undefined;
afterAll(async () => server?.close());

function openWithViews(cols: number, rows: number): ReaderApp {
  const config = join(cwd, `config-${cols}`);
  mkdirSync(join(config, 'pagetui'), { recursive: true });
  const views = { drafts: { screen: 'groups', query: '', status: 'draft' }, pub: { screen: 'groups', query: 'sale', sort: 'name', status: 'published' } };
  writeFileSync(join(config, 'pagetui', 'config.json'), JSON.stringify({ views }));
  if (!server) throw new Error('no server');
  return keep(new ReaderApp(['--base-url', server.url, '--screen-reader', '--no-cache'], { cols, rows, cwd, env: { PAGETUI_API_KEY: server.apiKey, XDG_CONFIG_HOME: config } }));
}

describe('the view picker for a screen reader', () => {
  it.each([
    [80, 24],
    [40, 10],
  ])('at %ix%i the cursor is on the selected view; Enter says what it applied', async (cols, rows) => {
    server ??= await startDemoServer({});
    const app = openWithViews(cols, rows);
    await app.waitFor(/, 1 of 36$/m);
    app.write('v');
    await app.waitFor(() => cursorLine(app).startsWith('drafts: '));
    expect(cursorLine(app)).toMatch(cols >= 80 ? /^drafts: no filter, server order, draft only, 1 of 2$/ : /^drafts: no filter, server order.*, 1 of 2$/);
    expect(app.cursor().x).toBe(0);
    expect(app.screen()).not.toMatch(/^> /m);
    app.write('j');
    await app.waitFor(() => cursorLine(app).startsWith('pub: '));
    // Cut to a narrow width, the sentence is shortened, never its place in the list.
    expect(cursorLine(app)).toMatch(cols >= 80 ? /^pub: filter sale, sorted by name, A to Z, published only, 2 of 2$/ : /^pub: filter sale, .*…, 2 of 2$/);
    app.write('\r');
    await app.waitFor(() => cursorLine(app).startsWith('Done: View "pub"'));
    if (cols >= 80) expect(cursorLine(app)).toBe('Done: View "pub": filter sale, sorted by name, A to Z, published only.');
    app.write('j');
    await app.waitFor(() => / of \d+$/.test(cursorLine(app)));
  }, 30_000);
});
