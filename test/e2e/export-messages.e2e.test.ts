/**
 * What `e` says about a path it cannot write, in the status line of the built app: the real reason
 * (a folder under /proc exists, it is no regular file system) and a way out, whole at the
 * terminal's width, the path shortened in its middle (its file name and end kept) where it must be.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import type { PtyApp } from '../helpers/pty-app.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
let dir: string;
beforeAll(async () => {
  server = await startDemoServer({});
  dir = await mkdtemp(join(tmpdir(), 'pagetui-export-messages-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** The screen line holding `text`. */
const lineWith = (app: PtyApp, text: string): string => app.lines().find((line) => line.includes(text)) ?? '';

/** Starts the app at `cols` columns, types `path` into the export prompt and presses Enter. */
async function exportTo(path: string, cols: number, rows = 30): Promise<PtyApp> {
  const app = startApp(server, { cwd: dir, cols, rows });
  await app.waitFor('grp-1');
  app.write('e');
  await app.waitFor('Export');
  app.write(`\u0015${path}\r`);
  return app;
}

async function quit(app: PtyApp): Promise<void> {
  app.write('q');
  expect((await app.waitForExit()).exitCode).toBe(0);
}

describe('a path under /proc', () => {
  for (const path of ['/proc/foo.csv', '/proc/self/x.csv']) {
    it(`${path}: not "the folder does not exist" but why, and a way out`, async () => {
      const app = await exportTo(path, 100);
      try {
        await app.waitFor('failed');
        const line = lineWith(app, 'failed');
        expect(line).not.toContain('does not exist');
        expect(line).toContain('not a regular file system (proc)');
        expect(line).toContain(`— press e and try ~/${basename(path)}`);
        await quit(app);
      } finally {
        app.kill();
      }
    });
  }
});

describe('a named pipe', () => {
  it('with no reader: said at once, and the app still quits (an open that waits for a reader would hold it)', { timeout: 30_000 }, async () => {
    const fifo = join(dir, 'pipe');
    spawnSync('mkfifo', [fifo]);
    const app = await exportTo(fifo, 100);
    try {
      await app.waitFor('exists — overwrite? y/N');
      app.write('y');
      await app.waitFor('failed');
      expect(lineWith(app, 'failed')).toContain('Export to ./pipe failed: no program is reading that pipe — press e to try another path');
      app.write('q');
      const exit = await app.waitForExit(10_000);
      expect(exit.signal || undefined).toBeUndefined();
      expect(exit.exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});

describe('messages fit the status line', () => {
  it('a folder at 100 columns: the reason, the example file and the way out all on the line', async () => {
    await mkdir(join(dir, 'exports-of-the-quarter', 'by-team'), { recursive: true });
    const app = await exportTo('./exports-of-the-quarter/by-team', 100);
    try {
      await app.waitFor('that is a folder');
      const line = lineWith(app, 'that is a folder');
      expect(line).toMatch(/that is a folder — press e and type a file name in it, e\.g\. \S*…\S*\/page-groups\.ndjson/);
      await quit(app);
    } finally {
      app.kill();
    }
  });

  it('a missing folder: the path shortened in its middle, the reason and the way out kept', async () => {
    const app = await exportTo('./a-rather-long-folder-name/that-does-not-exist/page-groups.csv', 100);
    try {
      await app.waitFor('failed');
      expect(lineWith(app, 'failed')).toMatch(/Export to \S*…\S*\/page-groups\.csv failed: the folder does not exist — press e to try another path/);
      await quit(app);
    } finally {
      app.kill();
    }
  });

  it('at 60 columns the reason and a way out still fit, the path left out', async () => {
    const app = await exportTo('./a-rather-long-folder-name/that-does-not-exist/page-groups.csv', 60);
    try {
      await app.waitFor('Not exported');
      expect(lineWith(app, 'Not exported')).toMatch(/Not exported: the folder does not exist — e: another path/);
      await quit(app);
    } finally {
      app.kill();
    }
  });

  it('at 40 columns a long path is never shown as a shorter one: its end is kept, and the cut is marked', async () => {
    const deep = join(dir, 'home', 'someone', 'reports');
    await mkdir(deep, { recursive: true });
    const app = startApp(server, { cwd: dir, cols: 40, rows: 10 });
    try {
      await app.waitFor('grp-1');
      app.write('e');
      await app.waitFor('to: ');
      app.write(`\u0015${join(deep, 'home.csv')}`);
      await app.waitFor('home.csv');
      // The field shows the end of the path (the cursor is there) after a mark that more is before it.
      expect(lineWith(app, 'home.csv')).toMatch(/…\S*home\.csv/);
      app.write('\r');
      await app.waitFor('Exported');
      const done = lineWith(app, 'Exported');
      expect(done).toMatch(/…\S*home\.csv(\s|$)/);
      await quit(app);
    } finally {
      app.kill();
    }
  });
});
