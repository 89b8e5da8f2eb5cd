/**
 * `pagetui login` reads the config's `"keys"` as the app does: its masked field and its yes/no
 * question say the keys in effect, and those keys act (Ctrl-g cancels where Esc did).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';
import { forPty } from './bundle.js';
import { cleanupTemp, isolatedEnv } from './helpers.js';

let server: DemoServer;

beforeAll(async () => {
  if (!existsSync(BUNDLE)) throw new Error('dist/pagetui.js is missing: run `npm run build` first');
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
  cleanupTemp();
});

describe('pagetui login with a keymap', () => {
  it('names and acts on the remapped keys of the field', async () => {
    const env = isolatedEnv();
    const dir = join(env.XDG_CONFIG_HOME ?? '', 'pagetui');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ keys: { cancelLogin: 'ctrl-g', submit: ['ctrl-o', 'enter'], nope: 'x' } }));
    const app = new PtyApp(['login', '--base-url', server.url, '--insecure-storage'], { env: forPty(env), cols: 240 });
    try {
      await app.waitFor('Key:');
      expect(app.screen()).toContain('Ctrl-o to continue, Ctrl-g to cancel.');
      expect(app.screen()).not.toContain('Esc');
      app.write('\u0007');
      await app.waitFor('Login cancelled');
      expect((await app.waitForExit()).exitCode).not.toBe(0);
      expect(app.screen()).toContain('"nope" is not an action');
    } finally {
      app.kill();
    }
  });
});
