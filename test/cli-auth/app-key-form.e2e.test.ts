/**
 * The app's own key form (`L`, and at start without a key) with no D-Bus, as over SSH: the form
 * says the keychain is out of reach before anything is typed, and offers this session (the
 * default) or the 0600 file; Tab picks. The built app in a real pty against the demo server.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';
import { NO_DBUS_CAUSE } from '../helpers/keytar.js';
import { cleanupTemp, isolatedEnv, type Env } from './helpers.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
  cleanupTemp();
});

function ptyEnv(): { env: Env; extra: Env } {
  const env = isolatedEnv();
  const extra: Env = { ...env };
  for (const k of Object.keys(process.env)) if (!(k in env)) extra[k] = undefined;
  return { env, extra };
}

const credentials = (env: Env): string => join(env.XDG_CONFIG_HOME ?? '', 'pagetui', 'credentials.json');

async function openForm(app: PtyApp): Promise<string> {
  await app.waitFor('Evergreen Landing Pages');
  app.write('L');
  await app.waitFor('API key for');
  return app.waitFor('Tab switches');
}

describe("the app's key form with the keychain out of reach", () => {
  it('says so before the key is typed; by default the key is kept for this session only', async () => {
    const { env, extra } = ptyEnv();
    const app = new PtyApp(['--base-url', server.url], { env: { ...extra, PAGETUI_API_KEY: server.apiKey }, cols: 200, rows: 30 });
    try {
      const form = await openForm(app);
      expect(form).toMatch(new RegExp(NO_DBUS_CAUSE));
      expect(form).toContain('(•) keep it for this session only');
      expect(form).toContain(`( ) store it in ${credentials(env)} (plaintext, readable only by you)`);
      expect(form).toContain('PAGETUI_API_KEY');
      app.write(`${server.apiKey}\r`);
      await app.waitFor('Key kept for this session only');
      expect(existsSync(credentials(env))).toBe(false);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });

  it('Tab picks the file: the key that worked is stored there, 0600', async () => {
    const { env, extra } = ptyEnv();
    const app = new PtyApp(['--base-url', server.url], { env: { ...extra, PAGETUI_API_KEY: server.apiKey }, cols: 200, rows: 30 });
    try {
      await openForm(app);
      app.write('\t');
      await app.waitFor(`(•) store it in ${credentials(env)}`);
      expect(app.screen()).not.toContain('•••'); // Tab typed nothing into the field
      app.write(`${server.apiKey}\r`);
      await app.waitFor(`Key saved in ${credentials(env)} (plaintext, readable only by you)`);
      expect(JSON.parse(readFileSync(credentials(env), 'utf8')).keys[server.url]).toBe(server.apiKey);
      expect(statSync(credentials(env)).mode & 0o777).toBe(0o600);
      expect(app.raw).not.toContain(server.apiKey);
      app.write('q');
      expect((await app.waitForExit()).exitCode).toBe(0);
    } finally {
      app.kill();
    }
  });
});
