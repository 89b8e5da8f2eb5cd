/**
 * Outcomes a screen reader must hear, met in a headless terminal: a background command of the
 * user's own that succeeds is announced as `Done:` with the cursor on it; its key on an empty list
 * says why nothing ran; and keys typed in one burst after the key that raised an outcome (`s j j`,
 * `y j j`) leave the cursor on the row they reached, not on the outcome.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { ReaderApp } from '../helpers/reader-terminal.js';
import { cursorLine } from '../helpers/reader-suite.js';
import { configWithCommands } from '../e2e/own-commands-helpers.js';

let server: DemoServer | undefined;
let config = '';
const dir = mkdtempSync(join(tmpdir(), 'pagetui-burst-'));
const apps: ReaderApp[] = [];
beforeAll(async () => {
  server = await startDemoServer({ faults: true, pages: 500 });
  config = await configWithCommands(dir, [{ key: 'b', screen: 'groups', description: 'Ids', argv: ['true'], background: true }]);
  // A tmux that takes the copy into its buffer: `y` then says `Done: Copied …` once the copy has run.
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'tmux'), '#!/bin/sh\ncase "$1" in -V) echo "tmux 3.4";; *) cat >/dev/null;; esac\n');
  chmodSync(join(dir, 'bin', 'tmux'), 0o755);
});
afterAll(async () => {
  for (const app of apps) app.kill();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<ReaderApp> {
  if (!server) throw new Error('the demo server is not started yet');
  const app = new ReaderApp(['--base-url', server.url, '--screen-reader'], { cols: 100, rows: 24, cwd: dir, env: {
    PAGETUI_API_KEY: server.apiKey,
    XDG_CONFIG_HOME: config,
    TMUX: join(dir, 'no-tmux-socket,1,0'),
    PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`,
  } });
  apps.push(app);
  await app.waitFor('Evergreen Landing Pages');
  await app.settled();
  return app;
}

const statusRow = (app: ReaderApp): string => app.lines()[app.lines().length - 2] ?? '';

describe('screen-reader mode: a command of your own', () => {
  it('that succeeds in the background is announced as Done:, with the cursor on it until a key', async () => {
    const app = await open();
    app.write('b');
    await app.waitFor(/^Done: Command "Ids" exited 0/m);
    await app.waitFor(() => cursorLine(app).startsWith('Done: Command "Ids" exited 0'));
    expect(app.cursor().x).toBe(0);
    app.write('j');
    await app.waitFor(() => /^Empty Drafts, .*2 of 40$/.test(cursorLine(app)));
  });

  it('on an empty list says that nothing was run, as a warning on the cursor', async () => {
    const app = await open();
    app.write('/');
    await app.waitFor(/^\/ /m);
    app.write('qqqzz\r');
    await app.waitFor(/0 of 40 match/);
    await app.settled();
    app.write('b');
    await app.waitFor(() => cursorLine(app).startsWith('Warning: Command "Ids" was not run: the list is empty.'));
  });
});

describe('screen-reader mode: keys typed in one burst after an outcome', () => {
  it('s j j: the j took the sort announcement away, the cursor is on the row they reached', async () => {
    const app = await open();
    app.write('sjj');
    await app.waitFor(/sort: name, A to Z/);
    await app.settled(300);
    // Only the selected row says its place (the selection follows its row through the sort, then moves two down).
    expect(cursorLine(app), app.screen()).toMatch(/, \d+ of 40$/);
    expect(statusRow(app)).not.toMatch(/^Done: Sorted/);
  });

  it('y j j: the copy said after the moves keeps the cursor on the row the keys reached', async () => {
    const app = await open();
    // Alone, the copy's outcome takes the cursor.
    app.write('y');
    await app.waitFor(() => cursorLine(app).startsWith('Done: Copied grp-1'));
    app.write('yjj');
    await app.waitFor(/^Done: Copied grp-1/m);
    await app.settled(300);
    expect(cursorLine(app), app.screen()).toMatch(/^International .*, 3 of 40$/);
    // The next key takes the outcome off the line, as any outcome.
    app.write('k');
    await app.waitFor(() => /^Empty Drafts, .*2 of 40$/.test(cursorLine(app)));
    expect(statusRow(app)).not.toMatch(/^Done: Copied/);
  });
});
