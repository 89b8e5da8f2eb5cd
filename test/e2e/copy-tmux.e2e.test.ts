/**
 * Copy inside a real tmux with default settings (no config file): `y` must land in tmux's paste
 * buffer, and the status must say so. (tmux 3.3+ drops passthrough by default, so an OSC 52
 * wrapped for passthrough copies nothing there.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE } from '../helpers/pty-app.js';
import { shq } from '../faults/helpers/shell-pty.js';
import { TMUX, TmuxSession } from '../faults/helpers/tmux.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
});

async function waitForPane(tmux: TmuxSession, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const screen = tmux.capture();
    if (pattern.test(screen)) return screen;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${String(pattern)}; the pane was:\n${screen}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!TMUX)('copy inside tmux', () => {
  it('y puts the id in the tmux buffer and says so', async () => {
    const command = [process.execPath, BUNDLE, '--base-url', server.url].map(shq).join(' ');
    const tmux = new TmuxSession(`exec ${command}`, { env: { PAGETUI_API_KEY: server.apiKey } });
    try {
      await tmux.waitFor('Evergreen Landing Pages');
      tmux.type('\r');
      await tmux.waitFor('grp-1-p1 ');
      tmux.type('jjy');
      const screen = await waitForPane(tmux, /(Copied|Sent|Could not copy) grp-1-p3/);
      expect(screen).toContain('Copied grp-1-p3 to the tmux buffer (prefix ])');
      expect(tmux.tmux('show-buffer')).toBe('grp-1-p3');
      tmux.type('q');
    } finally {
      tmux.close();
    }
  });
});
