/**
 * A key that shares 8 characters with the service's page ids (`x9grp-1-p100y` holds `grp-1-p1`),
 * in the built app in a pty and through the built CLI: the ids read masked, and masked ids collide
 * (`grp-1-p1`, `grp-1-p10`, … all read `••••…`), but no row is lost. Before, rows whose masked ids
 * read the same were dropped as duplicates, with a warning that blamed the server.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { processOutput } from '../helpers/process-output.js';
import { startApp } from './power-helpers.js';

const BUNDLE = fileURLToPath(new URL('../../dist/pagetui.js', import.meta.url));
const KEY = 'x9grp-1-p100y';
let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({ pages: 1200, groups: 2 });
});
afterAll(async () => {
  await server.close();
});

describe('a key that shares 8 characters with the page ids', () => {
  it('G in the app loads every row, ids masked, no duplicates said', async () => {
    const app = startApp(server, { cols: 120, rows: 30, env: { PAGETUI_API_KEY: KEY } });
    try {
      await app.waitFor('grp-1');
      app.write('\r');
      await app.waitFor('grp-1-p2 ');
      app.write('G');
      await app.waitFor(/all 1,200 loaded/, 30_000);
      expect(app.screen()).toContain('[1,200]');
      expect(app.screen()).not.toMatch(/more than once/);
      expect(app.screen()).not.toContain('grp-1-p1');
    } finally {
      app.kill();
    }
  }, 60_000);

  it('pagetui pages --json writes every row', async () => {
    const r = await processOutput(
      spawn(process.execPath, [BUNDLE, 'pages', 'grp-1', '--json'], {
        env: { ...process.env, PAGETUI_BASE_URL: server.url, PAGETUI_API_KEY: KEY },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/more than once/);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1200);
    expect(r.stdout).not.toContain(KEY);
  }, 60_000);
});
