/**
 * Problems found at start in the config and its keymap: at 120 columns the status bar keeps how
 * many there are and where to read them however long the first one is, and `E` lists them all.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
let home: string;
beforeAll(async () => {
  server = await startDemoServer();
  home = await mkdtemp(join(tmpdir(), 'pagetui-startup-problems-'));
});
afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

describe('problems found at start', () => {
  it('the status keeps their count at 120 columns, and E lists every one', async () => {
    const dir = join(home, 'a-config-folder-with-a-long-name-so-that-the-first-problem-is-cut');
    await mkdir(join(dir, 'pagetui'), { recursive: true });
    const keys = { moveDwon: 'x', copyIdd: 'y', hepl: 'f1', filter: 'hyper-g' };
    await writeFile(join(dir, 'pagetui', 'config.json'), `${JSON.stringify({ theme: 'purple', keys }, null, 2)}\n`);
    const app = startApp(server, { cols: 120, rows: 40, env: { XDG_CONFIG_HOME: dir } });
    try {
      await app.waitFor('Evergreen Landing Pages');
      await app.waitFor('4 more: E lists them');
      app.write('E');
      const screen = await app.waitFor('"hepl"');
      for (const part of ['theme: expected one of', '"moveDwon"', '"copyIdd"', '"hepl"', 'hyper-g']) expect(screen).toContain(part);
      expect(screen).not.toContain('No error so far');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
