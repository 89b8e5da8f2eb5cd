/**
 * A credentials file others can read is skipped (as ssh skips an open key file); wherever the key
 * is then looked for and not found, the skip is said with its fix: the app's first-run prompt,
 * `pagetui groups`, `pagetui auth status`. The built CLI, no D-Bus.
 */
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileApiKey } from '../../src/auth/file-store.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';
import { forPty, runBundle } from './bundle.js';
import { cleanupTemp, isolatedEnv, type Env } from './helpers.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
  cleanupTemp();
});

/** An isolated environment whose credentials file holds the server's key, mode 0644; and the fix. */
async function openFile(): Promise<{ env: Env; fix: string }> {
  const env = isolatedEnv();
  expect((await writeFileApiKey(server.url, server.apiKey, env)).ok).toBe(true);
  const path = join(env.XDG_CONFIG_HOME ?? '', 'pagetui', 'credentials.json');
  chmodSync(path, 0o644);
  return { env, fix: `chmod 600 ${path}` };
}


describe('a credentials file others can read', () => {
  it('pagetui groups says it was skipped, and how to fix it (exit 3)', async () => {
    const { env, fix } = await openFile();
    const r = await runBundle(['groups', '--base-url', server.url], env);
    expect(r.code).toBe(3);
    expect(r.err).toContain('other users can read it (mode 0644)');
    expect(r.err).toContain(fix);
    expect(r.err + r.out).not.toContain(server.apiKey);
  });

  it('pagetui auth status says so, with the fix', async () => {
    const { env, fix } = await openFile();
    const r = await runBundle(['auth', 'status', '--base-url', server.url], env);
    expect(r.code).toBe(3);
    expect(r.out).toContain(fix);
  });

  it("the app's first-run prompt says so, with the fix", async () => {
    const { env, fix } = await openFile();
    const app = new PtyApp(['--base-url', server.url], { env: forPty(env), cols: 120, rows: 40 });
    const flat = (s: string): string => s.replace(/\s+/g, ' ');
    try {
      await app.waitFor('API key for');
      const screen = await app.waitFor((s) => flat(s).includes(fix));
      expect(flat(screen)).toContain('other users can read it (mode 0644)');
      app.write('\u0003');
      await app.waitForExit();
    } finally {
      app.kill();
    }
  });
});
