/**
 * Through the built app in a pty: a bad config value is said in the status bar (with --base-url,
 * which decides the URL without the file) and the app starts with its default; --log writes the
 * terminal detected and each request, never the key.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
let dir: string;

beforeAll(async () => {
  server = await startDemoServer({});
  dir = mkdtempSync(join(tmpdir(), 'pagetui-config-log-'));
  mkdirSync(join(dir, 'pagetui'));
  writeFileSync(join(dir, 'pagetui', 'config.json'), '{\n  "mouse": "yes"\n}\n');
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('config problems and the debug log in the app', () => {
  it('says the bad value with its line, starts with the default, and logs the run without the key', async () => {
    const log = join(dir, 'app.log');
    const app = startApp(server, { cols: 200, env: { XDG_CONFIG_HOME: dir } }, ['--log', log]);
    try {
      await app.waitFor('line 2: mouse: expected true or false; got "yes"');
      await app.waitFor('Evergreen Landing Pages');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
    expect(statSync(log).mode & 0o777).toBe(0o600);
    const text = readFileSync(log, 'utf8');
    expect(text).toMatch(/Z terminal stdin a terminal, stdout a terminal, 200x\d+/);
    expect(text).toMatch(/Z terminal background (dark|light) \(from /);
    expect(text).toMatch(/Z request GET \/v0\/page_groups\?limit=100 → 200 in \d+ ms/);
    expect(text).not.toContain(server.apiKey);
  });

  it('fits the first problem to the width: the file and line first, and what to run kept however narrow', async () => {
    const deep = join(dir, 'a-folder-with-a-rather-long-name', 'and-another-one-below-it');
    mkdirSync(join(deep, 'pagetui'), { recursive: true });
    writeFileSync(join(deep, 'pagetui', 'config.json'), '{\n  "theme": "blue",\n  "mouse": "yes"\n}\n');
    for (const cols of [80, 60]) {
      const app = startApp(server, { cols, env: { XDG_CONFIG_HOME: deep } });
      try {
        const screen = await app.waitFor('1 more: E lists them');
        expect(screen).toContain('config.json line 2: theme');
      } finally {
        app.kill();
      }
    }
  });
});
