/**
 * The keymap through the built app in a pty: a remapped key works; a conflict is said in the
 * status bar with both actions, the key, the context and the file and line, and the app starts
 * with the defaults for the pair.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { BUNDLE, cleanEnv } from '../helpers/pty-app.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;
let home: string;

beforeAll(async () => {
  server = await startDemoServer();
  home = await mkdtemp(join(tmpdir(), 'pagetui-keymap-'));
});
afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

/** A config dir holding `config` as config.json; its path. */
async function configWith(name: string, config: string): Promise<{ dir: string; file: string }> {
  const dir = join(home, name);
  await mkdir(join(dir, 'pagetui'), { recursive: true });
  const file = join(dir, 'pagetui', 'config.json');
  await writeFile(file, config);
  return { dir, file };
}

describe('keymap', () => {
  it('a remapped key moves the selection, and the key it replaced no longer does', async () => {
    const { dir } = await configWith('remap', '{\n  "keys": { "moveDown": "J", "help": "f1" }\n}\n');
    const app = startApp(server, { env: { XDG_CONFIG_HOME: dir } });
    try {
      await app.waitFor('row 1 ·');
      app.write('J');
      await app.waitFor('row 2 ·');
      app.write('J');
      await app.waitFor('row 3 ·');
      app.write('j');
      // F1 opens help, which shows the effective keys; j did not move (still row 3 behind it).
      app.write('\u001bOP');
      await app.waitFor((screen) => /J\s+move down/.test(screen));
      app.write('q');
      await app.waitFor((screen) => !/J\s+move down/.test(screen));
      // One more J lands on row 4: j moved nothing.
      app.write('J');
      await app.waitFor('row 4 ·');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('a conflict is said with both actions, the key, the context and the file and line; both keep their defaults', async () => {
    const { dir, file } = await configWith('conflict', '{\n  "theme": "dark",\n  "keys": {\n    "copyId": "j"\n  }\n}\n');
    const app = startApp(server, { cols: 260, env: { XDG_CONFIG_HOME: dir } });
    try {
      await app.waitFor(`"j" is bound to both moveDown and copyId in context list; moveDown keeps its default keys and copyId keeps its default keys (${file}:4)`);
      // The app started, with the defaults: j moves down.
      app.write('j');
      await app.waitFor('row 2 ·');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('pagetui keys lists the keys in effect and says the conflict on stderr; doctor says it too', async () => {
    const { dir, file } = await configWith('listing', '{\n  "keys": {\n    "moveDown": ["J", "down"],\n    "copyId": "J"\n  }\n}\n');
    const env = cleanEnv({ XDG_CONFIG_HOME: dir });
    const keys = spawnSync(process.execPath, [BUNDLE, 'keys'], { env, encoding: 'utf8' });
    expect(keys.status).toBe(0);
    expect(keys.stdout).toMatch(/^ {2}moveDown +j, down +move down$/m);
    expect(keys.stdout).toMatch(/^ {2}copyId +y +copy id$/m);
    expect(keys.stderr).toBe(`pagetui: "J" is bound to both moveDown and copyId in context list; moveDown keeps its default keys and copyId keeps its default keys (${file}:3 and line 4).\n`);
    const doctor = execFileSync(process.execPath, [BUNDLE, 'doctor', '--json', '--demo'], { env, encoding: 'utf8' });
    const line = (JSON.parse(doctor) as { checks: { id: string; status: string; summary: string }[] }).checks.find((c) => c.id === 'keymap');
    expect(line?.status).toBe('warn');
    expect(line?.summary).toContain('"J" is bound to both moveDown and copyId in context list');
  });
});
