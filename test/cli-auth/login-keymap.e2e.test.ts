/**
 * `pagetui login` and the config file: it reads `"keys"` as the app does (its masked field says
 * the keys in effect, and those keys act: Ctrl-g cancels where Esc did), and it saves the default
 * base URL changing only that in a hand-formatted file (BOM, CRLF, spacing, mode kept).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';
import { forPty, runBundle } from './bundle.js';
import { SECRET, cleanupTemp, isolatedEnv } from './helpers.js';

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

describe('pagetui login and a hand-formatted config', () => {
  it('adds the default profile and changes no other byte of the file, nor its mode', async () => {
    const env = isolatedEnv();
    const dir = join(env.XDG_CONFIG_HOME ?? '', 'pagetui');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'config.json');
    const before = '\ufeff{\r\n    "theme":   "dark",\r\n\r\n    "keys": {"sort" : "X"},\r\n    "zeta": [1,2,\r\n        3]\r\n}\r\n';
    writeFileSync(file, before);
    chmodSync(file, 0o640);
    const login = await runBundle(['login', '--with-key', '--insecure-storage', '--base-url', server.url], env, `${SECRET}\n`);
    expect(login.code).toBe(0);
    const after = readFileSync(file, 'utf8');
    // In the file's own style: its indentation, its line ends, spread over lines as "zeta" is.
    const added = `,\r\n    "profiles": {\r\n        "default": {\r\n            "baseUrl": "${server.url}"\r\n        }\r\n    },\r\n    "default": "default"`;
    const end = before.indexOf('3]') + 2;
    expect(after).toBe(`${before.slice(0, end)}${added}${before.slice(end)}`);
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });
});
