/**
 * A foreground command of your own that fails: what it wrote stays on the screen, with a line
 * saying how it ended, until Enter; then the app comes back with the same words in its status bar.
 * One that succeeds gives the terminal back at once. The built app in a pty.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { configWithCommands, oneGroupServer, openTheGroup } from './own-commands-helpers.js';

const base = onLoopback(oneGroupServer({ pageId: 'p-1', effectiveName: 'Page one' }));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagetui-fg-fail-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('keeps a failed command\'s output on the screen until Enter, then says how it ended', async () => {
  const fail = { key: 'f7', screen: 'pages', description: 'Fail fg', argv: ['sh', '-c', 'echo important output; echo oops failed >&2; exit 3'] };
  const fine = { key: 'f6', screen: 'pages', description: 'Fine fg', argv: ['sh', '-c', 'echo all good'] };
  const config = await configWithCommands(dir, [fail, fine]);
  const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 120, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: 'pk_test_fg_fail_0123' } });
  try {
    await openTheGroup(app, 'Page one');
    app.write('\u001b[18~');
    const held = await app.waitFor('Press Enter to go back');
    expect(held).toContain('important output');
    expect(held).toContain('oops failed');
    expect(held).toContain('Command "Fail fg" exited 3');
    expect(held).not.toContain('Page one');
    app.write('\r');
    await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Fail fg" exited 3'));
    app.write('\u001b[17~');
    await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Fine fg" exited 0'));
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
});
