/**
 * An export's progress in the built app: "Exporting… N of M" counts up over a list long enough to
 * take many batches, and only once writing has begun (never while the name is being checked); Esc
 * part-way keeps the old file byte for byte and leaves no temporary file; Enter and Ctrl-c that
 * arrive in one read both act, in order.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import type { Exit, PtyApp } from '../helpers/pty-app.js';
import { startApp } from './power-helpers.js';

/** Fifty batches of a thousand: long enough to watch and to stop part-way. */
const PAGES = 50_000;

let server: DemoServer;
const dirs: string[] = [];
beforeAll(async () => {
  server = await startDemoServer({ pages: PAGES });
});
afterAll(async () => {
  await server.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pagetui-export-progress-'));
  dirs.push(dir);
  return dir;
}

/** The app in `dir`, in grp-1 with every page loaded, the export prompt open. */
async function promptOverAllPages(dir: string): Promise<PtyApp> {
  const app = startApp(server, { cwd: dir });
  await app.waitFor('Evergreen Landing Pages');
  app.write('\r');
  await app.waitFor('grp-1-p1 ');
  app.write('G');
  await app.waitFor('all 50,000 loaded', 90_000);
  app.write('e');
  await app.waitFor('Enter write');
  return app;
}

/** The app ended by itself (not killed when the wait ran out), as a quit ends it. */
const expectQuit = (exit: Exit): void => {
  expect(exit.signal || undefined).toBeUndefined();
  expect(exit.exitCode).toBe(0);
};

const temporaryFiles = async (dir: string): Promise<string[]> => (await readdir(dir)).filter((n) => n.endsWith('.tmp'));

describe('progress', () => {
  it('counts up batch by batch, then says it is done', { timeout: 120_000 }, async () => {
    const dir = await freshDir();
    const app = await promptOverAllPages(dir);
    try {
      app.write('\r');
      const counts = new Set<string>();
      await app.waitFor((screen) => {
        const count = /Exporting… ([\d,]+) of 50,000 pages/.exec(screen)?.[1];
        if (count !== undefined) counts.add(count);
        return screen.includes('Exported 50,000 pages');
      }, 60_000);
      // Several distinct counts between the first batch and the last were on screen.
      const between = [...counts].filter((c) => c !== '0' && c !== '50,000');
      expect(between.length).toBeGreaterThanOrEqual(2);
      const lines = (await readFile(join(dir, 'grp-1-pages.ndjson'), 'utf8')).trimEnd().split('\n');
      expect(lines).toHaveLength(PAGES);
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });

  it('Esc part-way: "Export cancelled", the old file byte for byte, no temporary file', { timeout: 120_000 }, async () => {
    const dir = await freshDir();
    const old = Buffer.from('the old export\r\n\u00e9\u0000\n', 'latin1');
    await writeFile(join(dir, 'grp-1-pages.ndjson'), old);
    const app = await promptOverAllPages(dir);
    try {
      app.write('\r');
      await app.waitFor('exists — overwrite? y/N');
      app.write('y');
      // As soon as writing has begun: on a loaded machine fifty batches can be written before a
      // later count is seen and the Esc has crossed.
      await app.waitFor(/Exporting… [\d,]+ of 50,000 pages/, 30_000);
      app.write('\u001b');
      await app.waitFor('Export cancelled');
      expect(app.screen()).not.toContain('Exported 50,000');
      expect(await readFile(join(dir, 'grp-1-pages.ndjson'))).toEqual(old);
      expect(await temporaryFiles(dir)).toEqual([]);
      // The rows stay.
      expect(app.screen()).toContain('grp-1-p');
      app.write('q');
      await app.waitForExit();
      expect(await temporaryFiles(dir)).toEqual([]);
    } finally {
      app.kill();
    }
  });
});

describe('before writing', () => {
  it('a name that is taken is asked about without "Exporting… 0 of" shown first: nothing was written', { timeout: 60_000 }, async () => {
    const dir = await freshDir();
    await writeFile(join(dir, 'page-groups.ndjson'), 'keep\n');
    const app = startApp(server, { cwd: dir });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('e');
      await app.waitFor('Enter write');
      const from = app.raw.length;
      app.write('\r');
      await app.waitFor('exists — overwrite? y/N');
      expect(app.raw.slice(from)).not.toMatch(/Exporting… 0 of/);
      app.write('n');
      await app.waitFor('Not exported');
      expect(await readFile(join(dir, 'page-groups.ndjson'), 'utf8')).toBe('keep\n');
      app.write('q');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });
});

describe('Enter and Ctrl-c in one read', () => {
  it('writes the file, then quits as Ctrl-c during an export does: the whole file, no temporary one', { timeout: 120_000 }, async () => {
    const dir = await freshDir();
    const app = await promptOverAllPages(dir);
    try {
      app.write('\r\u0003');
      expectQuit(await app.waitForExit(30_000));
    } finally {
      app.kill();
    }
    expect(await temporaryFiles(dir)).toEqual([]);
    const lines = (await readFile(join(dir, 'grp-1-pages.ndjson'), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(PAGES);
  });

  it('on a short list too (the export done before the quit)', { timeout: 60_000 }, async () => {
    const dir = await freshDir();
    const app = startApp(server, { cwd: dir });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('e');
      await app.waitFor('Enter write');
      app.write('\r\u0003');
      expectQuit(await app.waitForExit());
    } finally {
      app.kill();
    }
    expect((await readdir(dir)).sort()).toEqual(['page-groups.ndjson']);
  });
});
