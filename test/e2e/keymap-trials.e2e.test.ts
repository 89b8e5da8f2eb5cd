/**
 * The keymap through the built app in a pty, as outside trials met it: a clash must not undo the
 * rest of the user's map, help and footers name the keys in effect (Space as "Space"), and an
 * alt- key on a command of the user's own is never dropped silently.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
let home: string;

beforeAll(async () => {
  server = await startDemoServer();
  home = await mkdtemp(join(tmpdir(), 'pagetui-keymap-trials-'));
});
afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

/** A config dir holding `config` as config.json. */
async function configWith(name: string, config: unknown): Promise<{ dir: string; file: string }> {
  const dir = join(home, name);
  await mkdir(join(dir, 'pagetui'), { recursive: true });
  const file = join(dir, 'pagetui', 'config.json');
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
  return { dir, file };
}

describe('keymap, as outside trials used it', () => {
  it('a clash between two actions leaves a third remap in effect, even on a key one of them had', async () => {
    // help takes j from moveDown; moveDown and sort then clash on x. Only that pair goes back,
    // and moveDown goes back without j: j still opens help.
    const { dir, file } = await configWith('third', { keys: { help: 'j', moveDown: 'x', sort: 'x' } });
    const log = join(dir, 'run.log');
    const app = startApp(server, { cols: 220, env: { XDG_CONFIG_HOME: dir } }, ['--log', log]);
    try {
      await app.waitFor(`"x" is bound to both moveDown and sort in context list; moveDown keeps its default keys and sort keeps its default keys (${file}:4 and line 5)`);
      await app.waitFor('row 1 ·');
      app.write('j');
      await app.waitFor('Keys  (j or Esc to close)');
      app.write('\u001b');
      await app.waitFor((screen) => !screen.includes('Keys  ('));
      // moveDown kept its other default key.
      app.write('\u001b[B');
      await app.waitFor('row 2 ·');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
    // The debug log holds every keymap problem, with its place.
    const text = await readFile(log, 'utf8');
    expect(text).toContain(`keymap "x" is bound to both moveDown and sort in context list`);
    expect(text).toContain(`(${file}:4 and line 5)`);
    expect(text).not.toContain(server.apiKey);
  });

  it('help and the footer name the keys in effect: a remapped help key, and Space as "Space"', async () => {
    const { dir } = await configWith('space', { keys: { help: 'space', closeHelp: 'f2', details: 'D' } });
    const app = startApp(server, { cols: 240, rows: 70, env: { XDG_CONFIG_HOME: dir } });
    try {
      await app.waitFor('row 1 ·');
      await app.waitFor('Space help');
      app.write(' ');
      await app.waitFor('Keys  (Space or Esc to close)');
      const screen = app.screen();
      expect(screen).toMatch(/Space\s+help/);
      expect(screen).toContain('Details (D)');
      expect(screen).toContain('This help (Space)');
      expect(screen).not.toContain('(? or Esc');
      app.write('\u001bOQ');
      await app.waitFor((s) => !s.includes('Keys  ('));
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('an alt- key on a command of your own is said with its file and line, never dropped silently', async () => {
    const { dir, file } = await configWith('alt', { commands: [{ key: 'alt-o', screen: 'groups', description: 'open it', argv: ['true', '{id}'] }] });
    const app = startApp(server, { cols: 220, env: { XDG_CONFIG_HOME: dir } });
    try {
      await app.waitFor(`commands[0] "key": "alt-o" cannot act on the groups screen (alt- keys act only in text fields); it is left out (${file}:3)`);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
