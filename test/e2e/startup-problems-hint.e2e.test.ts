/**
 * The start-up problems in the status bar, through the built app in a pty: at 120 and at 80
 * columns the first problem's own words stay (cut with "…" where the line is short), then how
 * many more and the key that lists them, all on the one line.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';
import { startApp } from './power-helpers.js';

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

/** Eight keymap problems, the first on an action name; the file deep in a long folder. */
async function configDir(): Promise<string> {
  const dir = join(home, 'a-config-folder-with-a-rather-long-name-as-people-have', 'nested');
  await mkdir(join(dir, 'pagetui'), { recursive: true });
  const keys = { moveDwon: 'x', copyIdd: 'y', hepl: 'f1', filter: 'hyper-g', details: 'ee', top: 'f13', bottom: 'ctrl-h', quitt: 'q' };
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
        expect(status).toMatch(/"moveDwon" is not a.*… — 7 more: E lists them/);
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
