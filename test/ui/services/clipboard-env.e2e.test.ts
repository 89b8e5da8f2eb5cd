/**
 * The helpers we start never hold the key in their environment: xclip (and wl-copy) leave a
 * process behind that serves the selection, whose /proc/PID/environ anyone with the same uid can
 * read. A fake xclip on PATH does the same (a child left running) and the test reads that child's
 * environ; the keychain's child gets the same scrubbed environment.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChildEnv } from '../../../src/auth/keychain-child.js';
import { createClipboard } from '../../../src/ui/services/clipboard.js';
import { waitFor } from '../../helpers/wait-for.js';

const KEY = 'sk-live-4f9a2c7e1b3d8a6f0e5c';
let dir: string;
let server: number | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagetui-clipenv-'));
  // Like xclip: reads the text, then leaves a process behind that keeps serving it.
  writeFileSync(
    join(dir, 'xclip'),
    `#!/bin/sh\ncat > "${dir}/copied"\nsleep 30 </dev/null >/dev/null 2>&1 &\necho $! > "${dir}/server.pid"\nexit 0\n`,
  );
  chmodSync(join(dir, 'xclip'), 0o755);
});
afterAll(() => {
  if (server !== undefined) {
    try {
      process.kill(server, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

function environOf(pid: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')) {
    const at = entry.indexOf('=');
    if (at > 0) out[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return out;
}

describe('the environment of the processes we start', () => {
  it('the selection-serving process a clipboard tool leaves holds no PAGETUI_API_KEY, nor its value anywhere', async (ctx) => {
    if (!existsSync('/proc/self/environ')) return ctx.skip();
    const env = { PATH: `${dir}:/usr/bin:/bin`, DISPLAY: ':99', PAGETUI_API_KEY: KEY, DEPLOY_TOKEN: `Bearer ${KEY}`, HOME: dir, KEEP_ME: 'yes' };
    const clipboard = createClipboard({ env, writeRaw: () => {}, platform: 'linux' });
    expect((await clipboard.copy('hello')).method).toContain('xclip');
    await waitFor('the fake xclip to leave its server', () => existsSync(join(dir, 'server.pid')) && readFileSync(join(dir, 'server.pid'), 'utf8').trim() !== '');
    server = Number(readFileSync(join(dir, 'server.pid'), 'utf8').trim());
    const pid = server;
    // Read while the shell execs sleep, /proc/PID/environ can come back empty: read it again.
    await waitFor('the server to show its environment', () => environOf(pid).KEEP_ME !== undefined);
    const environ = environOf(pid);
    expect(environ.KEEP_ME).toBe('yes');
    expect(environ.PAGETUI_API_KEY).toBeUndefined();
    expect(Object.values(environ).join('\n')).not.toContain(KEY);
    expect(readFileSync(join(dir, 'copied'), 'utf8')).toBe('hello');
  });

  it("the keychain's child: no PAGETUI_API_KEY, nor any variable holding its value", () => {
    const env = buildChildEnv({ PATH: '/usr/bin', PAGETUI_API_KEY: KEY, DEPLOY_TOKEN: KEY, KEEP_ME: 'yes' });
    expect(env).toEqual({ PATH: '/usr/bin', KEEP_ME: 'yes' });
  });
});
