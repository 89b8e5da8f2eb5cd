/**
 * Quitting while an export is being written: the export is finished (or, past a grace period, its
 * temporary file removed) before the process ends — never a hidden temporary file left beside the
 * target with no file at its name.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
let dir: string;
beforeAll(async () => {
  // Long names: the export takes long enough (some 10 MB) to be seen under way; `demo`'s 10,000
  // rows were at times written before a frame said "Exporting".
  server = await startDemoServer({ shape: 'long' });
  dir = await mkdtemp(join(tmpdir(), 'pagetui-export-quit-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

it('Ctrl-c while an export is written leaves the whole file and no temporary one', { timeout: 60_000 }, async () => {
  const app = startApp(server, { cwd: dir });
  try {
    await app.waitFor('Evergreen Landing Pages');
    app.write('\r');
    await app.waitFor('grp-1-p1 ');
    app.write('G');
    await app.waitFor('all 10,000 loaded', 40_000);
    app.write('e');
    await app.waitFor('./grp-1-pages.ndjson');
    app.write('\r');
    await app.waitFor('Exporting');
    app.write('\u0003');
    await app.waitForExit();
  } finally {
    app.kill();
  }
  const names = await readdir(dir);
  expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
  expect(names).toContain('grp-1-pages.ndjson');
  const lines = (await readFile(join(dir, 'grp-1-pages.ndjson'), 'utf8')).trimEnd().split('\n');
  expect(lines).toHaveLength(10_000);
});
