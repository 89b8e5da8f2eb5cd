/**
 * The app's `e` in the format the file name asks for, through the built app in a pty against the
 * demo server (whose fault groups carry hostile text): CSV that a strict RFC 4180 parser reads,
 * with no cell a spreadsheet would take as a formula.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { parseCsv } from '../helpers/rfc4180.js';
import { fetchAll, startApp, type Item } from './power-helpers.js';

let server: DemoServer;
let groups: Item[];
let dir: string;

beforeAll(async () => {
  server = await startDemoServer({ faults: true });
  groups = await fetchAll(server, '/v0/page_groups');
  dir = await mkdtemp(join(tmpdir(), 'pagetui-export-formats-'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('export formats in the app', () => {
  it('a .csv name writes CSV (the prompt says so), a .json name one JSON array', async () => {
    const app = startApp(server, { cwd: dir, cols: 120 });
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('e');
      await app.waitFor('./page-groups.ndjson');
      app.write('\u007f'.repeat('ndjson'.length) + 'csv');
      await app.waitFor(`Export ${groups.length} page groups as CSV to:`);
      app.write('\r');
      await app.waitFor(`Exported ${groups.length} page groups to ./page-groups.csv`);
      const records = parseCsv(await readFile(join(dir, 'page-groups.csv'), 'utf8'));
      expect(records[0]?.[0]).toBe('pageGroupId');
      expect(records.slice(1).map((r) => r[0])).toEqual(groups.map((g) => g.pageGroupId));
      for (const cell of records.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      expect(records.flat().join('')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);

      app.write('e');
      // The toast names the file too: wait for the prompt itself.
      await app.waitFor(`Export ${groups.length} page groups as CSV to:`);
      app.write('\u007f'.repeat('csv'.length) + 'json');
      await app.waitFor(`Export ${groups.length} page groups as JSON to:`);
      app.write('\r');
      await app.waitFor(`Exported ${groups.length} page groups to ./page-groups.json`);
      expect(JSON.parse(await readFile(join(dir, 'page-groups.json'), 'utf8'))).toEqual(groups);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
