/** The commands through the built bundle (`npm run build` first; `npm test` does it). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { runProcess, type ProcessRun } from '../helpers/run-process.js';

const BUNDLE = fileURLToPath(new URL('../../dist/pagetui.js', import.meta.url));

function runShell(script: string, env: Record<string, string>): Promise<ProcessRun> {
  return runProcess('bash', ['-c', script], { ...process.env, ...env });
}

let server: DemoServer;
beforeAll(async () => {
  if (!existsSync(BUNDLE)) throw new Error('dist/pagetui.js is missing: run `npm run build` first');
  server = await startDemoServer({ faults: true });
});
afterAll(async () => {
  await server.close();
});

describe('built CLI', () => {
  it('pagetui pages grp-1 --demo --json --max 5', async () => {
    const r = await runShell('node "$BUNDLE" pages grp-1 --demo --json --max 5', { BUNDLE });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const ids = r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { pageId: string }).pageId);
    expect(ids).toEqual(['grp-1-p1', 'grp-1-p2', 'grp-1-p3', 'grp-1-p4', 'grp-1-p5']);
  });

  it('a closed pipe (| head -3) ends quietly with exit 0 and stops fetching', async () => {
    const before = server.requests.length;
    const r = await runShell('node "$BUNDLE" pages grp-1 --json | head -3; echo "status=${PIPESTATUS[0]}" >&2', {
      BUNDLE,
      PAGETUI_BASE_URL: server.url,
      PAGETUI_API_KEY: server.apiKey,
    });
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
    expect(r.stderr.trim()).toBe('status=0');
    // The whole listing is 100 requests; it stops soon after head has gone.
    expect(server.requests.length - before).toBeLessThan(20);
  });

  it('bad --limit: exit 2 with one line on stderr and no request', async () => {
    const before = server.requests.length;
    const r = await runShell('node "$BUNDLE" groups --limit 101', {
      BUNDLE,
      PAGETUI_BASE_URL: server.url,
      PAGETUI_API_KEY: server.apiKey,
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(server.requests.length).toBe(before);
  });

  it('an API error: exit 5, stdout empty', async () => {
    const r = await runShell('node "$BUNDLE" pages fault-validation --json', {
      BUNDLE,
      PAGETUI_BASE_URL: server.url,
      PAGETUI_API_KEY: server.apiKey,
    });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/VALIDATION_ERROR.*requestId: req-/);
  });
});
