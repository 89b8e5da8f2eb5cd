/**
 * At the smallest size the app draws (40x10), the key form still says where the key will go: each
 * Tab shows the new place, the plaintext file included, before Enter can send the key there. The
 * built app in a real pty against the demo server, the keychain out of reach (no D-Bus).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';
import { forPty } from './bundle.js';
import { cleanupTemp, isolatedEnv } from './helpers.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
  cleanupTemp();
});

describe("the app's key form at 40x10", () => {
  it('says where the key goes after each Tab: this session, then the plaintext file, then this session again', async () => {
    const env = isolatedEnv();
    const app = new PtyApp(['--base-url', server.url], { env: forPty({ ...env, PAGETUI_API_KEY: server.apiKey }), cols: 40, rows: 10 });
    try {
      await app.waitFor('row 1');
      app.write('L');
      await app.waitFor('Key:');
      app.write('some-key');
      await app.waitFor('••••••••');
      // Once the keychain answered (that it is out of reach), the form names the session.
      await app.waitFor(/this session/);
      app.write('\t');
      const file = await app.waitFor(/file.*\(plaintext\)/);
      expect(file).not.toMatch(/this session/);
      app.write('\t');
      const session = await app.waitFor(/this session/);
      expect(session).not.toMatch(/plaintext/);
      app.write('\u001b');
      await app.waitFor((screen: string) => !screen.includes('Key:'));
      expect(existsSync(join(env.XDG_CONFIG_HOME ?? '', 'pagetui', 'credentials.json'))).toBe(false);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
