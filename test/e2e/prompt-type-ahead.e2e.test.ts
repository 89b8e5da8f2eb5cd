/**
 * Keys typed right behind the key that opens a prompt (a fast typist, a paste, a slow link that
 * delivers them in one read) are the prompt's keys: an editing key edits the prefilled line, Enter
 * submits it, as if each had come a moment later.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { listLines, startApp } from './power-helpers.js';

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

/** The selected row as the status line says it ("row 6 · …"). */
const rowShown = (screen: string) => /\brow ([\d,]+) ·/.exec(screen)?.[1];

describe('keys in the same read as a prompt\'s Enter act after it, in the order typed', () => {
  it('/hero, Enter and five j in one read: the filter is kept and the fifth row below the first is selected', { timeout: 60_000 }, async () => {
    const app = startApp(server, { cwd: dir });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('/hero\rjjjjj');
      await app.waitFor((screen) => screen.includes('match') && rowShown(screen) === '6');
      expect(app.screen()).not.toContain('type to filter');
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });

  it('the filter prompt already open: hero, Enter and two j in one read', { timeout: 60_000 }, async () => {
    const app = startApp(server, { cwd: dir });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('/');
      await app.waitFor('type to filter');
      app.write('hero\rjj');
      await app.waitFor((screen) => screen.includes('match') && rowShown(screen) === '3');
      expect(app.screen()).not.toContain('type to filter');
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });

  it('e, Ctrl-u, a path, Enter and three j in one read: the file is written, then the j act', { timeout: 60_000 }, async () => {
    const app = startApp(server, { cwd: dir });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write('e\u0015burst.ndjson\rjjj');
      await app.waitFor((screen) => /Exported .*burst\.ndjson/.test(screen) || rowShown(screen) === '4');
      await app.waitFor((screen) => rowShown(screen) === '4');
      expect(await readdir(dir)).toContain('burst.ndjson');
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });

  it(':grp-1-p650, Enter and two j in one read: the j act on the page jumped to, once it has loaded', { timeout: 60_000 }, async () => {
    const app = startApp(server, { cwd: dir });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('\r');
      await app.waitFor('grp-1-p1 ');
      app.write(':grp-1-p650\rjj');
      await app.waitFor((screen) => rowShown(screen) === '652');
      expect(listLines(app).some((line) => line.includes('grp-1-p652 '))).toBe(true);
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });
});
