/**
 * Autowrap is off only while the app has the terminal (terminal.ts: an emoji a terminal draws
 * wider than we count must not wrap onto the next row). Whoever else has it gets it on: the shell
 * after Ctrl-Z, a foreground command of your own. The built app in a pty.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onLoopback } from '../helpers/loopback-server.js';
import { PtyApp } from '../helpers/pty-app.js';
import { configWithCommands, oneGroupServer, openTheGroup } from '../e2e/own-commands-helpers.js';
import { appCommand, ShellPty } from './helpers/shell-pty.js';

const base = onLoopback(oneGroupServer({ pageId: 'p-1', effectiveName: 'Page one' }));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagetui-autowrap-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('is on for the shell after Ctrl-Z, off again after fg, on after q', async () => {
  const sh = new ShellPty('bash', ['--norc', '--noprofile', '-i'], { env: { PAGETUI_API_KEY: 'pk_test_autowrap_01', PS1: 'READY$ ' } });
  try {
    await sh.waitFor('READY$');
    expect(sh.term.modes.wraparoundMode).toBe(true);
    sh.write(`${appCommand(['--base-url', base()])}\r`);
    await openTheGroup(sh, 'Page one');
    expect(sh.term.modes.wraparoundMode).toBe(false);
    sh.write('\u001a'); // Ctrl-Z
    await sh.waitFor(/Stopped/);
    expect(sh.term.modes.wraparoundMode).toBe(true);
    sh.write('fg\r');
    await sh.waitFor((screen) => sh.bufferType() === 'alternate' && screen.includes('Page one'));
    expect(sh.term.modes.wraparoundMode).toBe(false);
    sh.write('q');
    await sh.waitFor(() => sh.bufferType() === 'normal');
    expect(sh.term.modes.wraparoundMode).toBe(true);
    sh.write('exit\r');
    await sh.waitForExit();
  } finally {
    sh.kill();
  }
}, 30_000);

it('is on while a foreground command of your own has the terminal, off when the app has it back', async () => {
  const wide = { key: 'f5', screen: 'pages', description: 'Wide', argv: ['sh', '-c', 'echo command-running; sleep 30'] };
  const config = await configWithCommands(dir, [wide]);
  const app = new PtyApp(['--base-url', base()], { cwd: dir, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: 'pk_test_autowrap_02' } });
  try {
    await openTheGroup(app, 'Page one');
    expect(app.term.modes.wraparoundMode).toBe(false);
    app.write('\u001b[15~');
    await app.waitFor('command-running');
    expect(app.term.modes.wraparoundMode).toBe(true);
    app.write('\u0003');
    await app.waitFor((s) => s.includes('Page one') && s.includes('Command "Wide" was stopped by SIGINT'));
    expect(app.term.modes.wraparoundMode).toBe(false);
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
    expect(app.term.modes.wraparoundMode).toBe(true);
  } finally {
    app.kill();
  }
}, 30_000);
