/**
 * Keys typed right behind the key that opens a prompt (a fast typist, a paste, a slow link that
 * delivers them in one read) are the prompt's keys: an editing key edits the prefilled line, Enter
 * submits it, as if each had come a moment later.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
let dir: string;
beforeAll(async () => {
  server = await startDemoServer({});
  dir = await mkdtemp(join(tmpdir(), 'pagetui-type-ahead-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

it('e and Ctrl-u in one read clear the prefilled path, so the name typed next is the whole path', { timeout: 60_000 }, async () => {
  const app = startApp(server, { cwd: dir });
  try {
    await app.waitFor('Evergreen Landing Pages');
    app.write('\r');
    await app.waitFor('grp-1-p1 ');
    app.write('e\u0015');
    await app.waitFor((screen) => screen.includes('Export') && !screen.includes('grp-1-pages.ndjson'));
    app.write('typed.ndjson');
    await app.waitFor('typed.ndjson');
    app.write('\r');
    await app.waitFor(/Exported .*typed\.ndjson/);
    expect(await readdir(dir)).toEqual(['typed.ndjson']);
    app.write('q');
    await app.waitForExit();
  } finally {
    app.kill();
  }
});

it('/ then a query and Enter in one read filter the list and close the prompt', { timeout: 60_000 }, async () => {
  const app = startApp(server, { cwd: dir });
  try {
    await app.waitFor('Evergreen Landing Pages');
    app.write('\r');
    await app.waitFor('grp-1-p1 ');
    app.write('/p12\u0017p13\r');
    await app.waitFor((screen) => screen.includes('grp-1-p13 ') && !screen.includes('grp-1-p12 '));
    expect(app.screen()).not.toMatch(/p12.?p13/);
    app.write('q');
    await app.waitForExit();
  } finally {
    app.kill();
  }
});
