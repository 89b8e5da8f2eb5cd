/**
 * The keymap through the built app in a pty: a remapped key works; a conflict is said in the
 * status bar with both actions, the key, the context and the file and line, and the app starts
 * with the defaults for the pair. Then the cases outside trials met: a clash must not undo the
 * rest of the user's map, help and footers name the keys in effect (Space as "Space"), and an alt-
 * key on a command of the user's own is never dropped silently; the debug log holds the problems.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
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

const json = (config: unknown): string => `${JSON.stringify(config, null, 2)}\n`;

describe('keymap', () => {
  it('problems at start: the status keeps their count at 120 columns, and E lists every one', async () => {
    const keys = { moveDwon: 'x', copyIdd: 'y', hepl: 'f1', filter: 'hyper-g' };
    const { dir } = await configWith('a-config-folder-with-a-long-name-so-that-the-first-problem-is-cut', json({ theme: 'purple', keys }));
    const app = startApp(server, { cols: 120, rows: 40, env: { XDG_CONFIG_HOME: dir } });
    try {
      await app.waitFor('Evergreen Landing Pages');
      await app.waitFor('4 more: E lists them');
      app.write('E');
      const screen = await app.waitFor('"hepl"');
      for (const part of ['theme: expected one of', '"moveDwon"', '"copyIdd"', '"hepl"', 'hyper-g']) expect(screen).toContain(part);
      expect(screen).not.toContain('No error so far');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

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
    const { dir } = await configWith('conflict', '{\n  "theme": "dark",\n  "keys": {\n    "copyId": "j"\n  }\n}\n');
    const app = startApp(server, { cols: 260, env: { XDG_CONFIG_HOME: dir } });
    try {
      await app.waitFor('config.json line 4: "j" is bound to both moveDown and copyId in context list; moveDown keeps its default keys and copyId keeps its default keys');
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
    expect(keys.stderr).toBe(`pagetui: ${file} line 3: "J" is bound to both moveDown and copyId in context list; moveDown keeps its default keys and copyId keeps its default keys (also line 4)\npagetui: 1 problem in ${file}.\n`);
    const doctor = execFileSync(process.execPath, [BUNDLE, 'doctor', '--json', '--demo'], { env, encoding: 'utf8' });
    const line = (JSON.parse(doctor) as { checks: { id: string; status: string; summary: string }[] }).checks.find((c) => c.id === 'keymap');
    expect(line?.status).toBe('warn');
    expect(line?.summary).toContain('"J" is bound to both moveDown and copyId in context list');
  });
});

describe('keymap, as outside trials used it', () => {
  it('a clash between two actions leaves a third remap in effect, even on a key one of them had', async () => {
    // help takes j from moveDown; moveDown and sort then clash on x. Only that pair goes back,
    // and moveDown goes back without j: j still opens help.
    const { dir, file } = await configWith('third', json({ keys: { help: 'j', moveDown: 'x', sort: 'x' } }));
    const log = join(dir, 'run.log');
    const app = startApp(server, { cols: 220, env: { XDG_CONFIG_HOME: dir } }, ['--log', log]);
    try {
      // The first in the file's order (help's j, line 3) is said; the clash (line 4) is the one more.
      await app.waitFor('config.json line 3: "j" stays with help; moveDown, back on its default keys, goes without it in context list — 1 more: E lists them');
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
    // The debug log holds every problem as config check lists them: the file and its line first.
    const text = await readFile(log, 'utf8');
    expect(text).toContain(`Z config ${file} line 3: "j" stays with help; moveDown, back on its default keys, goes without it in context list\n`);
    const clash = text.split('\n').find((line) => line.includes(`Z config ${file} line 4: "x" is bound to both moveDown and sort in context list; `));
    expect(clash).toMatch(/ \(also line 5\)$/);
    expect(text).not.toContain(`(${file}:`);
    expect(text).not.toContain(server.apiKey);
  });

  it('help and the footer name the keys in effect: a remapped help key, and Space as "Space"', async () => {
    const { dir } = await configWith('space', json({ keys: { help: 'space', closeHelp: 'f2', details: 'D' } }));
    const app = startApp(server, { cols: 240, rows: 70, env: { XDG_CONFIG_HOME: dir } });
    try {
      await app.waitFor('row 1 ·');
      await app.waitFor('Space help');
      app.write(' ');
      // The help is whole once its last section is drawn (a read mid-draw sees part of it).
      const screen = await app.waitFor((s) => s.includes('Keys  (Space or Esc to close)') && s.includes('Details (D)'));
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
    const { dir } = await configWith('alt', json({ commands: [{ key: 'alt-o', screen: 'groups', description: 'open it', argv: ['true', '{id}'] }] }));
    const app = startApp(server, { cols: 220, env: { XDG_CONFIG_HOME: dir } });
    try {
      await app.waitFor('config.json line 3: commands[0] "key": "alt-o" cannot act on the groups screen (alt- keys act only in text fields); it is left out');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('a letter for submit is said with its file and line; in the filter it is text and Enter still submits', async () => {
    const { dir, file } = await configWith('submit-letter', '{\n  "keys": {\n    "submit": "x"\n  }\n}\n');
    const app = startApp(server, { cols: 260, env: { XDG_CONFIG_HOME: dir } });
    try {
      await app.waitFor(`${basename(file)} line 3: "x" cannot act where submit acts (letters are text in a text field, alt- keys act only there); submit keeps its default keys (enter)`);
      app.write('/');
      await app.waitFor('/ type to filter');
      app.write('grp-1x');
      await app.waitFor('/ grp-1x');
      app.write('\u007f\r');
      await app.waitFor('filter: "grp-1"');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
