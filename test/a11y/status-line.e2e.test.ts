/**
 * The status line as a screen reader reads it: an announcement is one row, cut by width with "…"
 * (an error's cut line names `E`), the key hints stay below it; an outcome stays until the next
 * key, then the line says the count again; the count is never on an outcome's line; `n`/`N`
 * that find nothing and a list that recovers from a rate limit by itself are announced.
 */
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/text/index.js';
import { cursorWhereExpected, type ReaderApp } from '../helpers/reader-terminal.js';
import { cursorLine, readerSuite } from '../helpers/reader-suite.js';

const { open } = readerSuite('pagetui-status-');

/** The status row and the key-hint row below it. */
const statusRows = (app: ReaderApp): [string, string] => {
  const lines = app.lines();
  return [lines[app.term.rows - 3] ?? '', lines[app.term.rows - 2] ?? ''];
};

/** Selects the group whose sentence starts with `name` and opens it. */
async function openGroup(app: ReaderApp, name: string): Promise<void> {
  await app.waitFor(/1 of 40/);
  for (let i = 0; i < 40 && !cursorLine(app).startsWith(name); i++) {
    const before = cursorLine(app);
    app.write('j');
    await app.waitFor(() => cursorLine(app) !== before);
  }
  expect(cursorLine(app)).toContain(name);
  app.write('\r');
}

async function exportTo(app: ReaderApp, file: string): Promise<void> {
  app.write('e');
  await app.waitFor(/^Export (.* )?to: /m);
  app.write(`\u0015${file}\r`);
}

/** A screen-reader app at 100x24 that has just exported the group list to `file`. */
async function exportedIn(file: string): Promise<ReaderApp> {
  const app = open(100, 24);
  await app.waitFor(/1 of 40/);
  await exportTo(app, file);
  await app.waitFor(/^Done: Exported/m);
  return app;
}

describe('an announcement keeps to its row', () => {
  it('at 120x40 a long error is one row ending in "E shows all", the hints below it, and E shows it whole', async () => {
    const app = open(120, 40);
    await openGroup(app, 'Fault: validation error');
    await app.waitFor(/^Error: VALIDATION_ERROR/m);
    await app.settled();
    const [status, hints] = statusRows(app);
    expect(status, app.screen()).toMatch(/^Error: VALIDATION_ERROR \(HTTP 400\).*E shows all$/);
    expect(displayWidth(status)).toBeLessThanOrEqual(120);
    expect(hints).toMatch(/^Enter open .*q quit$/);
    expect(cursorLine(app)).toBe(status);
    // The empty list's text: every line the cursor may read ends a sentence or says it goes on.
    const body = app.lines().slice(2, app.term.rows - 3).filter((l) => l.trim() !== '');
    expect(body.length).toBeGreaterThan(0);
    for (const line of body) expect(line.trimEnd(), app.screen()).toMatch(/[.?!…]$/);
    app.write('E');
    await app.waitFor(/^Last error/m);
    expect(app.screen().replace(/\s+/g, ' ')).toContain('misconfigured and cannot be listed');
  });

  it('at 40x10 a failed jump is one row, cut with "…" or naming E, the hints below', async () => {
    const app = open(40, 10);
    await app.waitFor(/1 of 40/);
    app.write('\r');
    await app.waitFor(/1 of [\d,]+/);
    await app.waitFor(() => /^Evergreen|^[A-Z]/.test(cursorLine(app)) && app.screen().includes('Pages'));
    app.write(':');
    await app.waitFor(/^: /m);
    app.write('zz\r');
    await app.waitFor(/^Error: /m);
    await app.settled();
    const [status, hints] = statusRows(app);
    expect(status, app.screen()).toMatch(/^Error: No page "zz".*(…|E shows all)$/);
    expect(displayWidth(status)).toBeLessThanOrEqual(40);
    expect(hints, app.screen()).toMatch(/^Enter open|^Esc back/);
    expect(app.cursor().y).toBe(7);
    app.write('E');
    await app.waitFor(/^Last error/m);
    expect(app.screen().replace(/\s+/g, ' ')).toContain('No page "zz" in this group');
  });

  it('in the normal mode a long error keeps to the status row, the hints below it', async () => {
    const app = open(120, 40, []);
    await app.waitFor(/Evergreen Landing Pages/);
    for (let i = 0; i < 3; i++) app.write('j');
    await app.waitFor(() => app.isHighlighted(app.rowOf('Fault: validation error')));
    app.write('\r');
    await app.waitFor(/VALIDATION_ERROR/);
    await app.settled();
    const [status, hints] = statusRows(app);
    expect(status, app.screen()).toMatch(/VALIDATION_ERROR/);
    expect(hints).toMatch(/quit/);
    expect(app.lines()[app.term.rows - 1]?.trim() ?? '').toBe('');
  });
});

describe('an outcome stays until the next key', () => {
  it('"/" after an export takes "Done:" off the status line; the overwrite question stands alone', async () => {
    const app = await exportedIn('stale.ndjson');
    app.write('/');
    await app.waitFor(/^\/ /m);
    await app.settled();
    expect(app.screen()).not.toContain('Done:');
    app.write('\u001B');
    await app.waitFor((s) => !/^\/ /m.test(s));
    await exportTo(app, 'stale.ndjson');
    await app.waitFor(/overwrite\? y\/N/);
    await app.settled();
    expect(app.screen()).not.toContain('Done:');
  });

  it('with --reduce-motion "Done:" does not fade by itself, and goes with the next key', { timeout: 30_000 }, async () => {
    const app = open(100, 24, ['--reduce-motion']);
    await app.waitFor(/Evergreen Landing Pages/);
    await exportTo(app, 'calm.ndjson');
    await app.waitFor(/Exported 40 page groups/);
    // The normal mode's messages fade after 5 s, seen at the next calm tick (5 s later at most): nothing may change here meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(app.screen()).toContain('Exported 40 page groups');
    app.write('j');
    await app.waitFor((s) => !s.includes('Exported 40 page groups'));
  });
});

describe('the count is never on an outcome line', () => {
  it('"Done:" is alone on its line; the next key brings the count back, once', async () => {
    const app = await exportedIn('alone.ndjson');
    await app.waitFor(() => cursorLine(app).startsWith('Done:'));
    expect(cursorLine(app).trimEnd()).toBe('Done: Exported 40 page groups to ./alone.ndjson');
    app.write('j');
    await app.waitFor(() => statusRows(app)[0].includes('all 40 loaded'));
    expect(app.screen().match(/all 40 loaded/g)).toHaveLength(1);
    expect(cursorWhereExpected(app)).toBeUndefined();
  });
});

describe('n and N say when they find nothing; a list that recovers says so', () => {
  it('n with no filter, and n with a filter that matches nothing, are announced; the hints stay', async () => {
    const app = open(100, 24);
    await app.waitFor(/1 of 40/);
    app.write('n');
    await app.waitFor(() => cursorLine(app).startsWith('Warning: No filter'));
    app.write('/');
    await app.waitFor(/^\/ /m);
    app.write('qqq');
    await app.waitFor('No row matches');
    app.write('\r');
    await app.waitFor((screen) => !/^\/ qqq/m.test(screen));
    await app.settled();
    expect(statusRows(app)[1], app.screen()).toMatch(/q quit$/);
    app.write('n');
    await app.waitFor(() => cursorLine(app).startsWith('Warning: No loaded row matches "qqq"'));
    expect(statusRows(app)[1]).toMatch(/q quit$/);
  });

  it('a rate-limited list that loads by itself says "Done:", and the cursor stays there until a key', { timeout: 30_000 }, async () => {
    const app = open(100, 24);
    await openGroup(app, 'Fault: rate limited once');
    await app.waitFor(/^Warning: RATE_LIMITED/m);
    await app.waitFor(/^Done: Rate limit over/m, 20_000);
    await app.settled(300);
    expect(cursorLine(app), app.screen()).toMatch(/^Done: Rate limit over: 30 pages loaded\.$/);
    expect(app.cursor().y).toBe(21);
    app.write('j');
    await app.waitFor(() => /2 of 30$/.test(cursorLine(app)));
    expect(cursorWhereExpected(app)).toBeUndefined();
  });
});
