/** `pagetui pages … --json` (the built bundle) against a demo server that enforces a quota. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';

const BUNDLE = fileURLToPath(new URL('../../dist/pagetui.js', import.meta.url));

function runPages(server: DemoServer): Promise<{ code: number | null; lines: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PAGETUI_API_KEY: server.apiKey };
    delete env.CI;
    const child = spawn(process.execPath, [BUNDLE, 'pages', 'grp-1', '--json', '--limit', '20', '--base-url', server.url], { env });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 10) lines++;
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, lines, stderr }));
  });
}

let server: DemoServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('pagetui pages --json against --quota 200 --window 2', () => {
  it('lists 10,000 pages with no 429 when the quota is announced', async () => {
    server = await startDemoServer({ pages: 10_000, groups: 1, quota: 200, windowSeconds: 2, quotaHeaders: 'draft' });
    const r = await runPages(server);
    // Only the waits for the window, each said: no 429, nothing else.
    const said = r.stderr.split('\n').filter((line) => line !== '');
    expect(said.every((line) => /^pagetui: quota down to its reserve \(\d+ left, kept for what you do by hand\); waiting \ds for the window to reset \(at \d\d:\d\d:\d\d UTC\)\.$/.test(line)), r.stderr).toBe(true);
    expect(r.code).toBe(0);
    expect(r.lines).toBe(10_000);
    expect(server.requests.filter((q) => q.status === 429)).toEqual([]);
  }, 40_000);

  it('without the fields, says each wait on stderr, never retries early, and still lists everything', async () => {
    server = await startDemoServer({ pages: 10_000, groups: 1, quota: 200, windowSeconds: 2, quotaHeaders: 'none' });
    const r = await runPages(server);
    expect(r.code).toBe(0);
    expect(r.lines).toBe(10_000);
    const codes = server.requests.map((q) => q.status);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(1);
    codes.forEach((code, i) => {
      if (code === 429) expect(codes[i + 1]).toBe(200);
    });
    expect(r.stderr).toMatch(/^pagetui: rate limited \(HTTP 429, requestId: req-\d+\); waiting \ds before retrying \(1 of 5\)\.$/m);
  }, 40_000);
});
