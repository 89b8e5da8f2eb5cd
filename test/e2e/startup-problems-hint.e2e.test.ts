/**
 * The start-up problems in the status bar, through the built app in a pty: at 120 and at 80
 * columns the first problem's own words stay (cut with "…" where the line is short), then how
 * many more and the key that lists them, all on the one line.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, cleanEnv, PtyApp } from '../helpers/pty-app.js';
import { startApp } from './power-helpers.js';
import { CONFIG_WITH_EVERY_PROBLEM } from '../fixtures/config-with-every-problem.js';

let server: DemoServer;
let home: string;

beforeAll(async () => {
  server = await startDemoServer();
  home = await mkdtemp(join(tmpdir(), 'pagetui-startup-hint-'));
});
afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

/** Eight keymap problems, the first on a long action name; the file deep in a long folder (the line names it by its base name). */
async function configDir(): Promise<string> {
  const dir = join(home, 'a-config-folder-with-a-rather-long-name-as-people-have', 'nested');
  await mkdir(join(dir, 'pagetui'), { recursive: true });
  const keys = { moveDownToTheVeryLastRowOfTheListAndKeepGoing: 'x', copyIdd: 'y', hepl: 'f1', filter: 'hyper-g', details: 'ee', top: 'f13', bottom: 'ctrl-h', quitt: 'q' };
  await writeFile(join(dir, 'pagetui', 'config.json'), `${JSON.stringify({ keys }, null, 2)}\n`);
  return dir;
}

describe('start-up problems in the status bar', () => {
  for (const [cols, rows] of [[120, 40], [80, 24]] as const) {
    it(`at ${cols}x${rows}: the first problem's words, cut, then "7 more: E lists them"`, async () => {
      const app = startApp(server, { cols, rows, env: { XDG_CONFIG_HOME: await configDir() } });
      try {
        const screen = await app.waitFor('7 more: E lists them');
        const status = screen.split('\n').find((line) => line.includes('7 more: E lists them')) ?? '';
        expect(status).toMatch(/config\.json line 3: "moveDownToTheVery.*… — 7 more: E lists them/);
        expect(status).not.toContain('a-config-folder');
        app.write('q');
        expect((await app.waitForExit()).exitCode).toBe(0);
      } finally {
        app.kill();
      }
    });
  }

  it('with problems in the file and in the keymap, the line says the first alone, and counts the rest', async () => {
    const dir = join(home, 'both');
    await mkdir(join(dir, 'pagetui'), { recursive: true });
    await writeFile(join(dir, 'pagetui', 'config.json'), `${JSON.stringify({ them: 'dark', keys: { moveDwon: 'x', hepl: 'f1' } }, null, 2)}\n`);
    const options = { cols: 120, rows: 40, env: { XDG_CONFIG_HOME: dir } };
    await firstAlone(startApp(server, options));
    await firstAlone(new PtyApp(['--demo'], options));
  });
});

describe('the first problem at start is the one pagetui config check lists first', () => {
  const text = CONFIG_WITH_EVERY_PROBLEM;

  it('with --base-url and with --demo: line 3\'s clash first, in config check\'s shape, then "4 more"', async () => {
    const dir = join(home, 'first-in-order');
    await mkdir(join(dir, 'pagetui'), { recursive: true });
    await writeFile(join(dir, 'pagetui', 'config.json'), text);
    const options = { cols: 220, rows: 40, env: { XDG_CONFIG_HOME: dir } };
    for (const app of [startApp(server, options), new PtyApp(['--demo'], options)]) {
      try {
        const screen = await app.waitFor('4 more: E lists them');
        const status = screen.split('\n').find((line) => line.includes('4 more: E lists them')) ?? '';
        expect(status).toMatch(/config\.json line 3: "J" is bound to both moveDown and copyId in context list; .* \(also line 4\) — 4 more: E lists them/);
        expect(status).not.toContain('views.bad');
        expect(status).not.toContain('timeout');
        app.write('q');
        expect((await app.waitForExit()).exitCode).toBe(0);
      } finally {
        app.kill();
      }
    }
  });
});

describe('when the app cannot start for want of a base URL', () => {
  it('says every problem as pagetui config check lists them, the default naming no profile among them, then why it stops', async () => {
    const dir = join(home, 'no-base-url');
    await mkdir(join(dir, 'pagetui'), { recursive: true });
    await writeFile(join(dir, 'pagetui', 'config.json'), '{\n  "keys": { "moveDwon": "x" },\n  "default": "nosuch"\n}\n');
    const env = cleanEnv({ XDG_CONFIG_HOME: dir });
    const check = spawnSync(process.execPath, [BUNDLE, 'config', 'check'], { env, encoding: 'utf8' });
    const listed = check.stdout.trimEnd().split('\n');
    expect(listed).toHaveLength(2);
    const app = spawnSync(process.execPath, [BUNDLE], { env, encoding: 'utf8' });
    expect(app.status).toBe(2);
    const file = join(dir, 'pagetui', 'config.json');
    const lines = app.stderr.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([...listed.map((line) => `pagetui: ${line}`), `pagetui: 2 problems in ${file}.`]);
    expect(lines[3]).toMatch(/^pagetui: No base URL/);
    expect(lines).toHaveLength(4);
  });
});

describe('E with problems in the file and in the keymap', () => {
  it('lists them in the file\'s order, as pagetui config check does', async () => {
    const dir = join(home, 'order');
    await mkdir(join(dir, 'pagetui'), { recursive: true });
    await writeFile(join(dir, 'pagetui', 'config.json'), `${JSON.stringify({ keys: { moveDwon: 'x' }, them: 'dark' }, null, 2)}\n`);
    const app = startApp(server, { cols: 160, rows: 40, env: { XDG_CONFIG_HOME: dir } });
    try {
      await app.waitFor('1 more: E lists them');
      app.write('E');
      const screen = await app.waitFor((s) => s.includes('moveDwon') && s.includes('them: unknown key'));
      expect(screen.indexOf('line 3: "moveDwon"')).toBeGreaterThan(-1);
      expect(screen.indexOf('line 3: "moveDwon"')).toBeLessThan(screen.indexOf('line 5: them: unknown key'));
      app.write('q');
    } finally {
      app.kill();
    }
  });
});

/** The status line says the config's first problem alone, then how many more (the keymap's two among them). */
async function firstAlone(app: PtyApp): Promise<void> {
  try {
    const screen = await app.waitFor('2 more: E lists them');
    const status = screen.split('\n').find((line) => line.includes('2 more: E lists them')) ?? '';
    expect(status).toMatch(/config\.json line 2: them: unknown key \(did you mean "theme"\?\) — it is ignored — 2 more/);
    expect(status).not.toContain('moveDwon');
    app.write('q');
    expect((await app.waitForExit()).exitCode).toBe(0);
  } finally {
    app.kill();
  }
}
