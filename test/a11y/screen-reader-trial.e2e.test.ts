/**
 * The screen-reader mode as a user met it in a headless terminal: an announcement is on the
 * cursor's line in the frame that says it; help and the last error have a line cursor; a cut name
 * ends in "…"; the "too small" notice is one line; the inspector's selected request is one line; at 40x10
 * the status line's message never runs into the key hints.
 */
import { describe, expect, it } from 'vitest';
import { startDemoServer } from '../../src/demo-server/index.js';
import { displayWidth } from '../../src/text/index.js';
import { cursorWhereExpected, ReaderApp, showMissingGroupError } from '../helpers/reader-terminal.js';
import { cursorLine, readerSuite } from '../helpers/reader-suite.js';

const { open, keep, cwd } = readerSuite('pagetui-trial-');

describe('screen-reader mode: announcements are on the cursor line', () => {
  it('after an export, the cursor is on "Done: …"; the next key takes it back to the selection', async () => {
    const app = open(100, 24);
    await app.waitFor('Evergreen Landing Pages');
    app.write('e');
    await app.waitFor(/^Export (.* )?to: /m);
    app.write('\u0015trial-done.ndjson\r');
    await app.waitFor(/^Done: Exported/m);
    await app.waitFor(() => cursorLine(app).startsWith('Done: '));
    expect(cursorLine(app), app.screen()).toMatch(/^Done: Exported 40 page groups to/);
    expect(app.cursor().x).toBe(0);
    app.write('j');
    await app.waitFor(() => /^Empty Drafts, .*2 of 40$/.test(cursorLine(app)));
    expect(cursorWhereExpected(app)).toBeUndefined();
  });

  it('after a key took the cursor from "Done: …", a resize through "too small" leaves it on the selection', async () => {
    const app = open(100, 24);
    await app.waitFor('Evergreen Landing Pages');
    app.write('e');
    await app.waitFor(/^Export (.* )?to: /m);
    app.write('\u0015trial-resize.ndjson\r');
    await app.waitFor(() => cursorLine(app).startsWith('Done: '));
    app.write('j');
    await app.waitFor(() => /^Empty Drafts, .*2 of 40$/.test(cursorLine(app)));
    app.resize(10, 3);
    await app.waitFor(() => !app.screen().includes('Empty Drafts'));
    app.resize(100, 24);
    // The key took the outcome off the status line too (docs/status-line.md): nothing may take the cursor back.
    await app.waitFor(() => /^Empty Drafts, .*2 of 40$/.test(cursorLine(app)));
    await app.settled(300);
    expect(cursorLine(app)).not.toMatch(/^Done: /);
  });

  it('after a jump to a missing id, the cursor is on "Error: …"', async () => {
    const app = open(100, 24);
    await app.waitFor('Evergreen Landing Pages');
    app.write(':');
    await app.waitFor(/^: /m);
    app.write('no-such-group\r');
    await app.waitFor(/^Error: No page group/m);
    await app.waitFor(() => cursorLine(app).startsWith('Error: No page group "no-such-group".'));
    app.write('k');
    await app.waitFor(() => /^Evergreen Landing Pages, .*1 of 40$/.test(cursorLine(app)));
  });
});

describe('screen-reader mode: help and the last error have a line cursor', () => {
  it('j and k in the help move the cursor line by line through the text, scrolling at the edge', async () => {
    const app = open(100, 16);
    await app.waitFor('Evergreen Landing Pages');
    app.write('?');
    await app.waitFor(/^Keys/m);
    await app.settled();
    // It opens on the first line of text; k reaches the title.
    expect(cursorLine(app)).toMatch(/^Everywhere/);
    app.write('j');
    await app.waitFor(() => app.cursor().y === 3);
    expect(cursorLine(app)).toBe('  PgDn / Ctrl-f  page down');
    // Past the window's end (rows 2 to 12): the text scrolls, the cursor stays on the window's last line (a blank line passed over).
    app.write('j'.repeat(20));
    await app.waitFor(/^Keys, lines 13 to 23 of \d+/m);
    await app.settled();
    expect(app.cursor().y, app.screen()).toBe(12);
    expect(cursorWhereExpected(app)).toBeUndefined();
    app.write('k'.repeat(30));
    await app.waitFor(() => app.cursor().y === 1);
    expect(cursorLine(app)).toMatch(/^Keys/);
  });

  it('j in the last error moves the cursor onto its lines', async () => {
    const app = open(60, 12);
    await app.waitFor('Evergreen Landing Pages');
    await showMissingGroupError(app);
    // It opens on the first line of text; k reaches the title.
    expect(app.cursor().y).toBe(2);
    expect(cursorLine(app)).toContain('No page group "no-such-group"');
    app.write('k');
    await app.waitFor(() => app.cursor().y === 1);
    expect(cursorLine(app)).toMatch(/^Last error/);
    app.write('j'.repeat(40));
    await app.waitFor(/^Last error, lines \d+ to (\d+) of \1$/m);
    await app.settled();
    expect(app.cursor().y, app.screen()).toBe(8);
    expect(cursorWhereExpected(app)).toBeUndefined();
  });
});

describe('screen-reader mode: small terminals', () => {
  it('a name cut to fit ends in an ellipsis, not a full stop', async () => {
    const app = open(40, 10);
    await app.waitFor(/1 of 40/);
    expect(cursorLine(app), app.screen()).toMatch(/^Evergreen Landing \S*…, published, 1 of 40$/);
    expect(app.screen()).not.toMatch(/\w\., /);
  });

  it('the "too small" notice at 30x6 is one line, on the cursor', async () => {
    const app = open(30, 6);
    await app.waitFor(/needs (at least )?40x10/);
    await app.settled(200);
    const said = app.lines().filter((l) => l.trim() !== '');
    expect(said, app.screen()).toHaveLength(1);
    expect(said[0]).toMatch(/small.*needs (at least )?40x10\.$/i);
    expect(cursorLine(app)).toBe(said[0]);
  });

  it('at 40x10 a "Done:" message keeps to its row and says the file (the count gives way first), the hints below', async () => {
    const app = open(40, 10);
    await app.waitFor(/1 of 40/);
    app.write('e');
    await app.waitFor(/^Export (.* )?to: /m);
    app.write('\u0015trial-forty.ndjson\r');
    await app.waitFor(/^Done: /m);
    await app.settled();
    const [first = '', second = ''] = app.lines().slice(7, 9);
    expect(first.trimEnd(), app.screen()).toMatch(/^Done: Exported (40 page groups )?to \S*trial-forty\.ndjson$/);
    expect(displayWidth(first)).toBeLessThanOrEqual(40);
    expect(second).toMatch(/^Enter open/);
  });

  it('at 40x10 an empty filter result under a message keeps whole words on the status line', async () => {
    const app = open(40, 10);
    await app.waitFor(/1 of 40/);
    app.write('e');
    await app.waitFor(/^Export (.* )?to: /m);
    app.write('\u0015trial-empty.ndjson\r');
    await app.waitFor(/^Done: /m);
    app.write('/');
    await app.waitFor(/^\/ /m);
    app.write('xqzq\r');
    await app.waitFor('No row matches');
    await app.settled();
    const status = app.lines().slice(7, 9);
    for (const line of status) {
      expect(line, app.screen()).not.toMatch(/\S[.…] {2}|\S[.…]$/);
      expect(displayWidth(line)).toBeLessThanOrEqual(40);
    }
  });
});

describe('screen-reader mode: the overwrite question at 40 columns', () => {
  it('keeps "overwrite? y/N" whole, the cursor after it, when the path is long', async () => {
    const app = open(40, 10);
    await app.waitFor(/1 of 40/);
    for (let round = 0; round < 2; round++) {
      app.write('e');
      await app.waitFor(/^Export (.* )?to: /m);
      app.write('\u0015a-rather-long-export-file-name.ndjson\r');
      await app.waitFor(/^(Done: |.*overwrite)/m);
    }
    await app.waitFor(() => /overwrite\? y\/N$/.test(cursorLine(app).trimEnd()));
    expect(app.cursor().x).toBe(cursorLine(app).trimEnd().length);
    app.write('n');
    await app.waitFor(/^Warning: /m);
  });
});

describe('screen-reader mode: the inspector at 40 columns', () => {
  it('the selected request is one line under the cursor, which moves to the next request with j', async () => {
    const app = open(40, 10);
    await app.waitFor(/1 of 40/);
    app.write('\r');
    await app.waitFor(/loaded so far/);
    app.write('G');
    await app.waitFor(/At the end: row [\d,]+ of [\d,]+/);
    app.write('i');
    await app.waitFor(/^HTTP inspector/m);
    await app.settled();
    const first = app.cursor().y;
    expect(cursorLine(app), app.screen()).toMatch(/^GET \/v0\/.*, status 200, 1 of \d+$/);
    for (let step = 2; step <= 4; step++) {
      app.write('j');
      await app.waitFor(() => new RegExp(`, status 200, ${step} of \\d+$`).test(cursorLine(app)));
      expect(app.cursor().y, app.screen()).toBe(first + step - 1);
      expect(cursorLine(app)).toMatch(/^GET \/v0\//);
    }
    for (const line of app.lines()) expect(displayWidth(line)).toBeLessThanOrEqual(40);
  });
});

describe('screen-reader mode: G paced by a quota', () => {
  it('the selected row is rewritten at most every 5 s, and Esc says where it stopped, the selection on its row', { timeout: 60_000 }, async () => {
    const paced = await startDemoServer({ pages: 10_000, groups: 3, quota: 20, windowSeconds: 2, quotaHeaders: 'draft' });
    try {
      const app = keep(new ReaderApp(['--base-url', paced.url, '--screen-reader'], { cols: 100, rows: 24, cwd, env: { PAGETUI_API_KEY: paced.apiKey } }));
      await app.waitFor(/1 of 3/);
      app.write('\r');
      await app.waitFor('loaded so far');
      await app.settled(200);
      app.write('G');
      await app.waitFor('going to the end');
      await app.settled(300);
      const from = performance.now();
      const before = app.cursor();
      const rowUpdates: number[] = [];
      let said = cursorLine(app);
      while (performance.now() - from < 7_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const now = app.lines()[before.y] ?? '';
        if (now !== said) rowUpdates.push(performance.now());
        said = now;
      }
      // Still going to the end: while the quota holds a page back the line says that instead, and
      // at 100 columns "going to the end" gives way to it; the way out stays said.
      expect(app.screen()).toMatch(/(going to the end|waiting for the quota window).*Esc to stop/);
      const heard = cursorLine(app).split(',')[0] ?? '';
      // One update at most in any 5 s (the first may come at once, the next not before 5 s later).
      for (let i = 1; i < rowUpdates.length; i++) expect(rowUpdates[i]! - rowUpdates[i - 1]!, JSON.stringify(rowUpdates)).toBeGreaterThan(4_500);
      app.write('\u001B');
      await app.waitFor((s) => !s.includes('going to the end'));
      await app.settled(300);
      expect(cursorWhereExpected(app), app.screen()).toBeUndefined();
      // Esc says where the load stopped, with the cursor on it; the selection stayed on the row
      // said during G, now with the count loaded.
      expect(cursorLine(app)).toMatch(/^Warning: Stopped loading the rest: [\d,]+ loaded, more available\.$/);
      expect(app.lines()[before.y]).toMatch(new RegExp(`^${heard.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, .*, [\\d,]+ of [\\d,]+ loaded so far$`));
    } finally {
      await paced.close();
    }
  });
});
