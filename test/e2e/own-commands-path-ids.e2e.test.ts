/**
 * An id the server sent that would reach outside a path (`../x`, `a/b`) never fills a command's
 * `{pageId}`, `{pageGroupId}` or `{id}`: the command is not run and the status bar says why. The
 * built app in a pty, against a server of the test's own.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PtyApp } from '../helpers/pty-app.js';
import { onLoopback } from '../helpers/loopback-server.js';
import { configWithCommands, oneGroupServer, openTheGroup } from './own-commands-helpers.js';

const base = onLoopback(oneGroupServer({ pageId: '../escape', effectiveName: 'Climbing page' }));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagetui-path-ids-'));
  await mkdir(join(dir, 'out'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('a page id holding "../" is not put into a command: it is not run, and the status bar says why', async () => {
  const touch = { key: 'f7', screen: 'pages', description: 'Touch', background: true, argv: ['touch', join(dir, 'out', '{pageId}.txt')] };
  const config = await configWithCommands(dir, [touch]);
  const app = new PtyApp(['--base-url', base()], { cwd: dir, cols: 140, env: { XDG_CONFIG_HOME: config, PAGETUI_API_KEY: 'pk_test_path_ids_0123' } });
  try {
    await openTheGroup(app, 'Climbing page');
    app.write('\u001b[18~');
    await app.waitFor('Command "Touch" was not run: the page id "../escape" holds "/"');
    expect(existsSync(join(dir, 'escape.txt'))).toBe(false);
    expect(existsSync(join(dir, 'out', '..', 'escape.txt'))).toBe(false);
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
});
