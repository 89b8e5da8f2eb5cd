/**
 * The waits a user controls: a body that never ends is cut by the overall deadline (headers and
 * body together), set by --timeout, PAGETUI_TIMEOUT or "timeout" in config.json, and the error
 * names the path and the limit. Against a small server of the test's own that trickles its body.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onLoopback } from '../helpers/loopback-server.js';
import { runPages } from '../../src/cli/commands/list-commands.js';
import { testIo } from './io.js';

const open = new Set<ServerResponse>();
const server = createServer((_req, res) => {
  // Headers at once, then one byte of an endless JSON string every 100 ms.
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"hasMore":false,"items":[],"pad":"');
  open.add(res);
  const drip = setInterval(() => res.write('x'), 100);
  res.on('close', () => {
    clearInterval(drip);
    open.delete(res);
  });
});
const base = onLoopback(server);

async function run(flags: string[], env: Record<string, string> = {}) {
  const t = testIo({ PAGETUI_API_KEY: 'k', PAGETUI_BASE_URL: base(), ...env });
  const code = await runPages(['trickle', '--json', ...flags], t.io);
  return { code, stderr: t.stderr.text, stdout: t.stdout.text };
}

describe('a body that never ends', () => {
  it('is cut at --timeout, and the error names the path and the limit', async () => {
    const { code, stderr, stdout } = await run(['--timeout', '1']);
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain('No complete answer from /v0/page_groups/trickle/pages in 1 s (--timeout)');
    expect(open.size).toBe(0);
  });

  it('is cut at PAGETUI_TIMEOUT, named as such', async () => {
    const { stderr } = await run([], { PAGETUI_TIMEOUT: '1' });
    expect(stderr).toContain('in 1 s (PAGETUI_TIMEOUT)');
  });

  it('is cut at the config file\'s "timeout"; the flag wins over both', async () => {
    const home = mkdtempSync(join(tmpdir(), 'pagetui-timeout-'));
    mkdirSync(join(home, 'pagetui'));
    writeFileSync(join(home, 'pagetui', 'config.json'), JSON.stringify({ timeout: 1 }));
    expect((await run([], { XDG_CONFIG_HOME: home })).stderr).toContain('in 1 s (config.json "timeout")');
    expect((await run(['--timeout', '2'], { XDG_CONFIG_HOME: home, PAGETUI_TIMEOUT: '1' })).stderr).toContain('in 2 s (--timeout)');
  });

  it('refuses a timeout that is not a whole number of seconds', async () => {
    const { code, stderr } = await run(['--timeout', '0']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--timeout must be a whole number of seconds/);
    const env = await run([], { PAGETUI_TIMEOUT: 'soon' });
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/PAGETUI_TIMEOUT must be a whole number of seconds/);
  });
});
