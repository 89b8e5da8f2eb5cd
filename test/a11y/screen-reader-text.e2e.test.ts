/**
 * What a screen reader reads in the screen-reader mode, line by line, through the built app: a
 * row's sentence keeps its end (status, "n of N") however long the name; the status line says
 * the same message as the normal mode, its kind first; the help names keys in words; the
 * inspector's rows are sentences; no list of words has a space before its comma.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { displayWidth } from '../../src/text/index.js';
import { PtyApp } from '../helpers/pty-app.js';

let server: DemoServer;
let longNames: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ faults: true, pages: 500 });
  longNames = await startDemoServer({ shape: 'long', pages: 300 });
});
afterAll(async () => {
  await server.close();
  await longNames.close();
});

const apps: PtyApp[] = [];
function open(flags: readonly string[], cols: number, rows = 16, on: DemoServer = server): PtyApp {
  const app = new PtyApp(['--base-url', on.url, ...flags], { cols, rows, env: { PAGETUI_API_KEY: on.apiKey } });
  apps.push(app);
  return app;
}
afterAll(() => {
  for (const app of apps) app.kill();
});

/** The line the terminal's cursor is on (what "read current line" reads). */
function cursorLine(app: PtyApp): string {
  const buffer = app.term.buffer.active;
  return app.lines()[buffer.cursorY] ?? '';
}

/** The two status lines (message, then hints), joined as they are read one after the other. */
function statusText(app: PtyApp): string {
  const lines = app.lines();
  let bottom = lines.length - 1;
  while (bottom > 0 && lines[bottom]!.trim() === '') bottom--;
  return `${lines[bottom - 1] ?? ''} ${lines[bottom] ?? ''}`.replace(/\s+/g, ' ').trim();
}

const flat = (s: string): string => s.replace(/\s+/g, ' ').trim();

describe('screen-reader mode: the rows as sentences', () => {
  it('a row cut to the width keeps its status and its place; the name is shortened', async () => {
    const app = open(['--screen-reader'], 44);
    await app.waitFor(/1 of \d+/);
    const line = cursorLine(app);
    expect(line, app.screen()).toMatch(/^Evergreen.*, published, .*1 of \d+$/);
    for (const row of app.lines()) expect(displayWidth(row)).toBeLessThanOrEqual(44);
  });

  it('a page name of wide characters is shortened by display width, the place kept', async () => {
    const app = open(['--screen-reader'], 50, 16, longNames);
    await app.waitFor(/1 of \d+/);
    app.write('\r');
    // Once in a clean-clone run the row ended in one blank cell more (not reproduced in 9 runs
    // since): the place must end the text, a blank after it is allowed.
    await app.waitFor(/1 of [\d,]+ loaded so far *$/m);
    const line = cursorLine(app);
    expect(line, app.screen()).toMatch(/1 of [\d,]+ loaded so far *$/);
    expect(displayWidth(line)).toBeLessThanOrEqual(50);
  });
});

describe('screen-reader mode: the status line', () => {
  /** The status line of the fault group at `row` (0-based in the list), in a 50-column terminal. */
  async function faultStatus(flags: readonly string[], down: number, shows: RegExp): Promise<string> {
    const app = open(flags, 50);
    await app.waitFor('Evergreen');
    app.write('j'.repeat(down));
    await app.waitFor(/Fault: valid/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    app.write('\r');
    await app.waitFor(shows);
    return statusText(app);
  }

  it('an error says what the normal mode says, with "Error:" first', async () => {
    const normal = await faultStatus([], 3, /VALIDATION_ERROR \(HTTP 400\)/);
    const spoken = await faultStatus(['--screen-reader'], 3, /Error: VALIDATION_ERROR/);
    const message = flat(normal.split(/ Enter open/)[0] ?? '');
    expect(message).toMatch(/^VALIDATION_ERROR \(HTTP 400\): field: page_group_id/);
    // The spoken message keeps to its row, the kind's columns fewer: the code first, cut by width naming E, the hints below.
    expect(spoken).toMatch(/^Error: VALIDATION_ERROR \(HTTP 400\)[:,] .*E shows all Enter open/);
  });

  it('a jump to an id that does not exist says it with "Error:", and E then shows it', async () => {
    const app = open(['--screen-reader'], 100);
    await app.waitFor('Evergreen');
    app.write(':');
    await app.waitFor(/^: /m);
    app.write('no-such-group\r');
    await app.waitFor('No page group');
    // What matters first (the id not found); the code and path are E's.
    expect(statusText(app)).toMatch(/^Error: No page group "no-such-group"\./);
    app.write('E');
    await app.waitFor('Last error');
    const screen = app.screen();
    expect(screen).not.toContain('No error so far');
    expect(screen).toContain('NOT_FOUND');
    expect(screen).toContain('/v0/page_groups/no-such-group/pages');
  });

  it('an error that came with no request (an id the API refuses) is also what E shows', async () => {
    const app = open([], 100);
    await app.waitFor('Evergreen');
    app.write(':');
    await app.waitFor(/^: /m);
    app.write('.\r');
    await app.waitFor((s) => !/^: /m.test(s));
    const said = statusText(app);
    app.write('E');
    await app.waitFor('Last error');
    expect(app.screen()).not.toContain('No error so far');
    expect(flat(app.screen())).toContain(flat(said.split(/ Enter open/)[0] ?? '').slice(0, 30));
  });

  it('declining to overwrite a file says so with its kind first', async () => {
    const app = open(['--screen-reader'], 100);
    await app.waitFor('Evergreen');
    app.write('e');
    await app.waitFor(/^Export (.* )?to: /m);
    app.write('\u0015/etc/hostname\r');
    await app.waitFor('overwrite? y/N');
    app.write('n');
    await app.waitFor('Not exported');
    expect(statusText(app)).toMatch(/^Warning: Not exported; \/etc\/hostname was left as it was\./);
  });
});

describe('screen-reader mode: help and the inspector', () => {
  it('the help names arrow keys in words, and no list has a space before its comma', async () => {
    const app = open(['--screen-reader'], 100, 40);
    await app.waitFor('Evergreen');
    app.write('?');
    await app.waitFor(/^Keys/m);
    const screen = app.screen();
    expect(screen).toMatch(/j \/ Down +move down/);
    expect(screen).toMatch(/k \/ Up +move up/);
    expect(screen).not.toMatch(/ ,/);
  });

  it('the inspector says its rows as sentences, the selected one with its place', async () => {
    const app = open(['--screen-reader'], 120);
    await app.waitFor('Evergreen');
    app.write('i');
    await app.waitFor(/^HTTP inspector/m);
    expect(app.screen()).not.toMatch(/ ,/);
    const line = cursorLine(app);
    expect(line, app.screen()).toMatch(/^GET \/v0\/page_groups\S*, status 200, \d+ items, [\d.]+ (KiB|B), [\d,]+ ms, at \d\d:\d\d:\d\d, req-\d+, 1 of \d+$/);
  });

  it('the export prompt names its keys without stray spaces', async () => {
    const app = open(['--screen-reader'], 120);
    await app.waitFor('Evergreen');
    app.write('e');
    await app.waitFor(/^Export (.* )?to: /m);
    const prompt = app.lines().find((l) => l.startsWith('Export')) ?? '';
    expect(prompt).not.toMatch(/ ,/);
    expect(prompt).toMatch(/Up\/Ctrl-p history/);
  });
});
