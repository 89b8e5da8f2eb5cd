/**
 * The mouse, opt-in: with --mouse the app turns SGR mouse reporting on (and off on the way out),
 * the wheel moves the selection, a click selects a row, a double click opens it, and reports
 * never reach a text field. Without --mouse no mouse mode is asked for. The built app in a pty.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { startApp } from './power-helpers.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
});

const MOUSE_ON = /\u001b\[\?1000h/;
const MOUSE_OFF = '\u001b[?1000l';
const wheelDown = (x: number, y: number) => `\u001b[<65;${x};${y}M`;
const click = (x: number, y: number) => `\u001b[<0;${x};${y}M\u001b[<0;${x};${y}m`;

describe('mouse', () => {
  it('with --mouse: the wheel moves the selection, a click selects, a double click opens; off again on exit', async () => {
    const app = startApp(server, {}, ['--mouse']);
    try {
      await app.waitFor('Evergreen Landing Pages');
      expect(app.raw).toMatch(MOUSE_ON);
      expect(app.raw).toContain('\u001b[?1006h');
      app.write(wheelDown(10, 5));
      await app.waitFor('row 4 ·');
      // Screen row 8 (1-based) is the sixth list row: header, column headings, then the rows.
      app.write(click(10, 8));
      await app.waitFor('row 6 ·');
      const sixth = app.lines()[7] ?? '';
      expect(app.isHighlighted(7)).toBe(true);
      const id = /\b(grp-\d+)\b/.exec(sixth)?.[1];
      expect(id).toBeDefined();
      app.write(click(10, 8) + click(10, 8));
      await app.waitFor(`${id}-p1 `);
      app.write('/');
      await app.waitFor('type to filter');
      // While a prompt is open the mouse does nothing, and its reports are never typed.
      app.write(wheelDown(10, 5) + click(10, 8));
      app.write('p11');
      await app.waitFor('filter: "p11"');
      expect(app.screen()).not.toContain('[<');
      expect(app.screen()).not.toContain(';8M');
      app.write('\u001b');
      await app.waitFor((screen) => !screen.includes('filter: "p11"'));
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
      expect(app.raw.lastIndexOf(MOUSE_OFF)).toBeGreaterThan(app.raw.search(MOUSE_ON));
    } finally {
      app.kill();
    }
  });

  it('with --mouse, SIGTERM turns mouse reporting off on the way out too', async () => {
    const app = startApp(server, {}, ['--mouse']);
    try {
      await app.waitFor('Evergreen Landing Pages');
      process.kill(app.proc.pid, 'SIGTERM');
      expect((await app.waitForExit()).exitCode).toBe(143);
      expect(app.raw.lastIndexOf(MOUSE_OFF)).toBeGreaterThan(app.raw.search(MOUSE_ON));
    } finally {
      app.kill();
    }
  });

  it('"mouse": true in the config file turns it on as --mouse does', async () => {
    const config = await mkdtemp(join(tmpdir(), 'pagetui-mouse-config-'));
    await mkdir(join(config, 'pagetui'));
    await writeFile(join(config, 'pagetui', 'config.json'), JSON.stringify({ profiles: {}, mouse: true }));
    const app = startApp(server, { env: { XDG_CONFIG_HOME: config } });
    try {
      await app.waitFor('Evergreen Landing Pages');
      expect(app.raw).toMatch(MOUSE_ON);
      app.write(wheelDown(10, 5));
      await app.waitFor('row 4 ·');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
      await rm(config, { recursive: true, force: true });
    }
  });

  it('without --mouse no mouse mode is asked for', async () => {
    const app = startApp(server);
    try {
      await app.waitFor('Evergreen Landing Pages');
      app.write('j');
      await app.waitFor('row 2 ·');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
      expect(app.raw).not.toMatch(/\u001b\[\?(1000|1002|1003|1006)h/);
    } finally {
      app.kill();
    }
  });

  it('without --mouse, a terminal a dropped session left reporting the mouse is turned back to normal', async () => {
    const app = startApp(server);
    const terminal = (app as unknown as { term: { write(data: string, done: () => void): void; modes: { mouseTrackingMode: string } } }).term;
    try {
      // What a --mouse session killed with SIGKILL leaves behind: the terminal still reports clicks.
      await new Promise<void>((done) => terminal.write('\u001b[?1000h\u001b[?1006h', done));
      expect(terminal.modes.mouseTrackingMode).toBe('vt200');
      await app.waitFor('Evergreen Landing Pages');
      expect(terminal.modes.mouseTrackingMode).toBe('none');
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
      expect(terminal.modes.mouseTrackingMode).toBe('none');
    } finally {
      app.kill();
    }
  });
});
