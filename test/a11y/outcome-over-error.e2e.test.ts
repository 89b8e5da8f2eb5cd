/**
 * While the list's own refresh error stands, a key's outcome is said with the cursor on it; the
 * next key takes the cursor back to the selection, and the error, said again, does not take it.
 */
import { describe, expect, it } from 'vitest';
import { startDemoServer } from '../../src/demo-server/index.js';
import { ReaderApp } from '../helpers/reader-terminal.js';
import { cursorLine, readerSuite } from '../helpers/reader-suite.js';

const { keep, cwd } = readerSuite('pagetui-outcome-error-');

describe('an outcome over a failed refresh, for a screen reader', () => {
  it('s, 2 and an export each say Done: on the cursor line; j goes back to the row', async () => {
    const server = await startDemoServer({});
    const app = keep(new ReaderApp(['--base-url', server.url, '--screen-reader', '--no-cache'], { cols: 80, rows: 24, cwd, env: { PAGETUI_API_KEY: server.apiKey } }));
    await app.waitFor('all 36 loaded');
    await server.close();
    app.write('r');
    await app.waitFor(() => /^Error: .*press r to retry/.test(cursorLine(app)), 20_000);
    app.write('s');
    await app.waitFor(() => cursorLine(app).startsWith('Done: Sorted'));
    app.write('2');
    await app.waitFor(() => cursorLine(app).startsWith('Done: Showing published only'));
    // More outcomes than a few: the error is still known as heard once they are gone.
    for (const [key, said] of [['0', 'Done: Showing all statuses'], ['w', 'Done: Watching'], ['w', 'Done: Stopped watching'], ['s', 'Done: Sorted'], ['2', 'Done: Showing published only']] as const) {
      app.write(key);
      await app.waitFor(() => cursorLine(app).startsWith(said));
    }
    app.write('j');
    await app.waitFor(() => /, \d+ of \d+$/.test(cursorLine(app)));
    // The error holds and is said again, but the cursor stays with the selection.
    await app.waitFor(/^Error: .*press r to retry/m);
    await app.settled(300);
    expect(cursorLine(app), app.screen()).toMatch(/, \d+ of \d+$/);
    app.write('e');
    await app.waitFor(/^Export (.* )?to: /m);
    app.write('\u0015outcome-over-error.ndjson\r');
    await app.waitFor(() => cursorLine(app).startsWith('Done: Exported'), 10_000);
  }, 30_000);
});
