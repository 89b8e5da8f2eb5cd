/**
 * What "read current line" says in the screen-reader mode, through the built app: a sort is
 * announced in words; help and the last error open on their first line of text and pass over
 * blank lines; the details say dates in words and empty values as "empty", and `]` lands on the
 * next item's name; hostile rows read as clean sentences; an empty list says "empty".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { cursorWhereExpected, ReaderApp, showMissingGroupError } from '../helpers/reader-terminal.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ faults: true, pages: 300 });
});
afterAll(async () => {
  await server.close();
});

const apps: ReaderApp[] = [];
function open(cols = 100, rows = 24): ReaderApp {
  const app = new ReaderApp(['--base-url', server.url, '--screen-reader'], { cols, rows, env: { PAGETUI_API_KEY: server.apiKey, TZ: 'UTC' } });
  apps.push(app);
  return app;
}
afterAll(() => {
  for (const app of apps) app.kill();
});

/** The app in a `cols`x24 terminal with the first group's pages shown. */
async function inFirstGroup(cols: number): Promise<ReaderApp> {
  const app = open(cols, 24);
  await app.waitFor(/1 of 40/);
  app.write('\r');
  await app.waitFor(/1 of [\d,]+ loaded so far/);
  return app;
}

const cursorLine = (app: ReaderApp): string => app.lines()[app.cursor().y] ?? '';
/** A range or ratio written in digits and signs ("1-35/189", "1–12"), which a reader says as "minus" and "slash". */
const DIGIT_SIGNS = /\d[-–]\d|\d\/\d/;

describe('screen-reader mode: sorting', () => {
  it('s and S say the new order on the status line in words, the cursor on it', async () => {
    const app = open();
    await app.waitFor(/1 of 40/);
    app.write('s');
    await app.waitFor(() => cursorLine(app).startsWith('Done: '));
    expect(cursorLine(app)).toMatch(/^Done: Sorted: name, A to Z \(loaded items\)\./);
    expect(app.lines()[0]).toContain('sort: name, A to Z (loaded items)');
    expect(app.screen()).not.toMatch(/A-Z|A→Z/);
    app.write('S');
    await app.waitFor(() => cursorLine(app).includes('Z to A'));
    expect(cursorLine(app)).toMatch(/^Done: Sorted: name, Z to A \(loaded items\)\./);
    app.write('s');
    await app.waitFor(() => cursorLine(app).includes('newest first'));
    expect(cursorLine(app)).toMatch(/^Done: Sorted: updated, newest first \(loaded items\)\./);
  });
});

/** Steps `j` `times` times (past the end, j does nothing), each time checking that the cursor's line has words on it and is where it should be; the lines read. */
async function stepThrough(app: ReaderApp, times: number): Promise<string[]> {
  const read: string[] = [];
  for (let i = 0; i < times; i++) {
    app.write('j');
    await app.settled();
    expect(cursorLine(app).trim(), `after ${i + 1} j:\n${app.screen()}`).not.toBe('');
    expect(cursorWhereExpected(app)).toBeUndefined();
    read.push(cursorLine(app));
  }
  return read;
}

describe('screen-reader mode: help and the last error', () => {
  it('the help opens on its first line of keys, says its place in words, and j passes over blank lines', async () => {
    const app = open(100, 16);
    await app.waitFor(/1 of 40/);
    app.write('?');
    await app.waitFor(/^Keys/m);
    await app.settled();
    expect(app.cursor().y, app.screen()).toBe(2);
    expect(cursorLine(app)).toMatch(/^Everywhere/);
    expect(app.lines()[1]).toMatch(/^Keys, lines 1 to 11 of [\d,]+ +\(\? or Esc to close\)$/);
    expect(app.lines()[1]).not.toMatch(DIGIT_SIGNS);
    await stepThrough(app, 30);
  });

  it('the last error opens on its first line of text, and j passes over blank lines', async () => {
    const app = open(60, 12);
    await app.waitFor(/1 of 40/);
    await showMissingGroupError(app);
    expect(app.cursor().y, app.screen()).toBe(2);
    expect(cursorLine(app)).toContain('No page group "no-such-group"');
    expect(app.lines()[1]).toMatch(/^Last error, lines 1 to \d+ of \d+$/);
    const read = await stepThrough(app, 40);
    expect(read.join('\n')).toMatch(/^When: \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d UTC$/m);
  });
});

describe('screen-reader mode: the inspector\'s titles', () => {
  it('say places and the status in words, not "1/2", "1-35/1027" or an arrow', async () => {
    const app = await inFirstGroup(120);
    app.write('i');
    await app.waitFor(/^HTTP inspector/m);
    await app.settled();
    expect(app.lines()[1]).toMatch(/ 1 of 2$/);
    app.write('\r');
    await app.waitFor(/^Request headers/m);
    await app.settled();
    expect(app.lines()[1]).toMatch(/^GET \/v0\/page_groups\/grp-1\/pages\?limit=100, status 200, lines 1 to \d+ of [\d,]+$/);
    expect(app.lines()[1]).not.toMatch(DIGIT_SIGNS);
  });
});

describe('screen-reader mode: the details', () => {
  it('say a date and time in words and an empty value as "empty"; ] lands on the next item\'s name', async () => {
    const app = await inFirstGroup(100);
    app.write('d');
    await app.waitFor(/^pageId: /m);
    const screen = app.screen();
    expect(screen).toMatch(/^createdAt: \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d UTC$/m);
    expect(screen).toMatch(/^updatedAt: \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d UTC$/m);
    expect(screen).toMatch(/^customName: (empty|\S.*)$/m);
    expect(screen).not.toMatch(/^\w+: $/m);
    app.write(']');
    await app.waitFor(() => cursorLine(app).startsWith('effectiveName: '));
    const name = cursorLine(app).slice('effectiveName: '.length).trim();
    expect(app.lines()[1]).toContain(`Page ${name}`);
    expect(cursorWhereExpected(app)).toBeUndefined();
  });
});

/** The app with the "Fault: hostile text" group's pages shown. */
async function inHostileGroup(cols: number, rows: number): Promise<ReaderApp> {
  const app = open(cols, rows);
  await app.waitFor(/1 of 40/);
  app.write(':');
  await app.waitFor(/^: /m);
  app.write('fault-hostile-text\r');
  await app.waitFor(/1 of 24/);
  return app;
}

describe('screen-reader mode: hostile text and empty lists', () => {
  it('hostile rows read as clean sentences: no space before a comma, one wording for a missing or unreadable time', async () => {
    const app = await inHostileGroup(100, 30);
    await app.settled();
    const rows = app.lines().slice(2, 26).filter((l) => l.trim() !== '');
    expect(rows.length, app.screen()).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row).not.toMatch(/ ,/);
      expect(row).not.toContain('not a timestamp');
      expect(row, app.screen()).toMatch(/, (updated \d{1,2} [A-Z][a-z]+ \d{4}|update time unknown)(, \d+ of 24)?$/);
    }
  });

  it('a details title of a name that ended in controls has no space before its comma', async () => {
    const app = await inHostileGroup(40, 10);
    app.write('d');
    await app.waitFor(/^pageId: /m);
    app.write(']');
    await app.waitFor(/^Page Title hijack/m);
    await app.settled();
    expect(app.lines()[1]).toMatch(/^Page Title hijack, lines \d+ to \d+ of \d+$/);
  });

  it('an unknown group status is said as such, and an empty list says "empty"', async () => {
    const app = open(120, 24);
    await app.waitFor(/1 of 40/);
    app.write('/');
    await app.waitFor(/^\/ /m);
    app.write('hostile');
    await app.waitFor(/1 of 1\b/);
    app.write('\r');
    await app.waitFor((s) => !/^\/ /m.test(s));
    await app.settled();
    expect(cursorLine(app)).toMatch(/^Fault: hostile text.*, scheduled \(unknown status\), 24 pages, /);
    app.write('\u001b');
    await app.waitFor(/1 of 40/);
    app.write(':');
    await app.waitFor(/^: /m);
    app.write('grp-2\r');
    await app.waitFor('has no pages');
    await app.settled();
    expect(app.screen()).not.toContain('all 0 loaded');
    expect(app.screen()).toMatch(/ empty$/m);
  });
});
