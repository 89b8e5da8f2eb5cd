/** `--har FILE` on `groups` / `pages`: a valid HAR 1.2 file at exit, also after an error or Ctrl-C. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGroups, runPages } from '../../src/cli/commands/list-commands.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { harProblems } from '../api/helpers/har-check.js';
import { testIo } from './io.js';

const BUNDLE = fileURLToPath(new URL('../../dist/pagetui.js', import.meta.url));
const DEMO_KEY = 'demo-key';

interface HarFile {
  log: { entries: { request: { url: string; headers: { name: string; value: string }[] }; response: { status: number; content: { text?: string } } }[] };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-har-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function readHar(path: string): HarFile {
  const text = readFileSync(path, 'utf8');
  const har: unknown = JSON.parse(text);
  expect(harProblems(har)).toEqual([]);
  return har as HarFile;
}

describe('--har on the commands', () => {
  it('writes every request of a listing, the key redacted', async () => {
    const file = join(dir, 'ok.har');
    const { io, stdout } = testIo();
    expect(await runPages(['grp-1', '--demo', '--json', '--max', '150', '--har', file], io)).toBe(0);
    expect(stdout.lines()).toHaveLength(150);
    const har = readHar(file);
    expect(har.log.entries.map((e) => e.response.status)).toEqual([200, 200]);
    expect(har.log.entries[1]?.request.url).toMatch(/\/v0\/page_groups\/grp-1\/pages\?cursor=.+&limit=50$/);
    expect(har.log.entries[0]?.request.headers).toContainEqual({ name: 'x-api-key', value: '••••' });
    expect(har.log.entries[0]?.response.content.text).toContain('grp-1-p1');
    expect(readFileSync(file, 'utf8')).not.toContain(DEMO_KEY);
  });

  it('writes the file after an error too', async () => {
    const file = join(dir, 'error.har');
    const { io, stderr } = testIo();
    expect(await runPages(['no-such-group', '--demo', '--har', file], io)).toBe(5);
    expect(stderr.text).toContain('404');
    expect(readHar(file).log.entries.map((e) => e.response.status)).toEqual([404]);
  });

  it('refuses an empty file name before any request', async () => {
    const { io, stderr } = testIo();
    expect(await runGroups(['--demo', '--har', ''], io)).toBe(2);
    expect(stderr.lines()).toEqual(['pagetui: --har needs a file name, e.g. --har run.har.']);
  });

  it('writes what was fetched when interrupted (Ctrl-C), then exits 130', async () => {
    if (!existsSync(BUNDLE)) throw new Error('dist/pagetui.js is missing: run `npm run build` first');
    const server: DemoServer = await startDemoServer({ latencyMs: 300, pages: 10_000 });
    const file = join(dir, 'interrupted.har');
    try {
      const child = spawn(process.execPath, [BUNDLE, 'pages', 'grp-1', '--json', '--limit', '5', '--har', file], {
        env: { ...process.env, PAGETUI_BASE_URL: server.url, PAGETUI_API_KEY: server.apiKey },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let lines = 0;
      const code = await new Promise<number | null>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          lines += chunk.toString().split('\n').length - 1;
          if (lines >= 10 && child.exitCode === null) child.kill('SIGINT');
        });
        child.on('close', (c) => resolve(c));
      });
      expect(code).toBe(130);
      const har = readHar(file);
      expect(har.log.entries.length).toBeGreaterThanOrEqual(2);
      expect(har.log.entries.length).toBeLessThan(20);
      expect(readFileSync(file, 'utf8')).not.toContain(server.apiKey);
    } finally {
      await server.close();
    }
  });

  it('writes through a symlink and into a device, never replacing them with a file of its own', () => {
    if (!existsSync(BUNDLE)) throw new Error('dist/pagetui.js is missing: run `npm run build` first');
    const run = (file: string) =>
      spawnSync(process.execPath, [BUNDLE, 'groups', '--demo', '--json', '--max', '1', '--har', file], { encoding: 'utf8', env: { ...process.env, CI: undefined } });
    // --har /dev/null (as root, a rename would have put a regular file in place of the device).
    const toDevice = join(dir, 'to-null');
    symlinkSync('/dev/null', toDevice);
    const device = run(toDevice);
    expect([device.status, device.stderr]).toEqual([0, '']);
    expect(lstatSync(toDevice).isSymbolicLink()).toBe(true);
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
    // A link to a file of the user's: the file gets the HAR, the link stays.
    const target = join(dir, 'kept.har');
    writeFileSync(target, '');
    const toFile = join(dir, 'link.har');
    symlinkSync(target, toFile);
    expect(run(toFile).status).toBe(0);
    expect(readlinkSync(toFile)).toBe(target);
    expect(readHar(target).log.entries).toHaveLength(1);
  });
});
