/**
 * The app's key form (`L`, and at start without a key) says where the key will go once it works —
 * this session only, the OS keychain, or the 0600 file — Tab changes it, and the key goes exactly
 * there. With no D-Bus (as over SSH) the keychain is out of reach and the form says so; where a
 * keychain is reachable (scripts/with-keyring.sh; required where PAGETUI_REQUIRE_KEYCHAIN=1) it is
 * the default. The built app in a real pty against the demo server.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileApiKey } from '../../src/auth/file-store.js';
import { deleteApiKey, getApiKey, probeKeychain } from '../../src/auth/keychain.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';
import { KEYCHAIN_REQUIRED, NO_DBUS_CAUSE, skipUnlessAvailable } from '../helpers/keytar.js';
import { forPty } from './bundle.js';
import { cleanupTemp, isolatedEnv, tempDir, type Env } from './helpers.js';

let server: DemoServer;

/** process.env (its D-Bus session included) with a temp HOME and config folder and no pagetui settings. */
function keychainEnv(): Env {
  const env: Env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('PAGETUI_') || k === 'CI') delete env[k];
  const root = tempDir();
  return { ...env, HOME: root, XDG_CONFIG_HOME: join(root, 'config') };
}

const probe = await probeKeychain({ env: keychainEnv() });
const noKeychain = probe.ok ? undefined : `no keychain reachable: ${probe.reason}`;
if (noKeychain && !KEYCHAIN_REQUIRED) console.warn(`the key form's keychain cases skipped: ${noKeychain}`);

beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  if (probe.ok) await deleteApiKey(server.url, { env: keychainEnv() });
  await server.close();
  cleanupTemp();
});

const credentials = (env: Env): string => join(env.XDG_CONFIG_HOME ?? '', 'pagetui', 'credentials.json');
const SESSION = 'once it works, the key is kept for this session only.';
const KEYCHAIN = 'once it works, the key is saved in the OS keychain.';
const inFile = (env: Env): string => `once it works, the key is saved in the 0600 file at ${credentials(env)} (plaintext).`;

/** The app with a working key from PAGETUI_API_KEY, its `L` form open once the keychain answered. */
async function openForm(env: Env): Promise<{ app: PtyApp; form: string }> {
  const app = new PtyApp(['--base-url', server.url], { env: forPty({ ...env, PAGETUI_API_KEY: server.apiKey }), cols: 200, rows: 30 });
  await app.waitFor('Evergreen Landing Pages');
  // The app proper's status line, not the text-only first frame: L is then a key of the list.
  await app.waitFor('row 1 ·');
  app.write('L');
  await app.waitFor('API key for');
  return { app, form: await app.waitFor('Tab changes where') };
}

/** Ends the app with q, checking it exited cleanly. */
async function quit(app: PtyApp): Promise<void> {
  app.write('q');
  expect((await app.waitForExit()).exitCode).toBe(0);
}

describe("the app's key form with the keychain out of reach", () => {
  it('says so, and that the key is kept for this session only; Tab steps to the file and back', async () => {
    const env = isolatedEnv();
    const { app, form } = await openForm(env);
    try {
      expect(form).toMatch(new RegExp(NO_DBUS_CAUSE));
      expect(form).toContain(SESSION);
      app.write('\t');
      await app.waitFor(inFile(env));
      expect(app.screen()).not.toContain('•••'); // Tab typed nothing into the field
      app.write('\t');
      await app.waitFor(SESSION);
      app.write(`${server.apiKey}\r`);
      await app.waitFor('Key kept for this session only');
      expect(existsSync(credentials(env))).toBe(false);
      await quit(app);
    } finally {
      app.kill();
    }
  });

  it('Tab picks the file: the key that worked is stored there, 0600', async () => {
    const env = isolatedEnv();
    const { app } = await openForm(env);
    try {
      app.write('\t');
      await app.waitFor(inFile(env));
      app.write(`${server.apiKey}\r`);
      await app.waitFor(`Key saved in ${credentials(env)} (0600, plaintext)`);
      expect(JSON.parse(readFileSync(credentials(env), 'utf8')).keys[server.url]).toBe(server.apiKey);
      expect(statSync(credentials(env)).mode & 0o777).toBe(0o600);
      expect(app.raw).not.toContain(server.apiKey);
      await quit(app);
    } finally {
      app.kill();
    }
  });
});

describe("the app's key form with a keychain", () => {
  it('says the OS keychain by default, and saves there; a plaintext copy for the origin leaves the file, and it says so', async (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    const env = keychainEnv();
    expect((await writeFileApiKey(server.url, 'old-plaintext-key', env)).ok).toBe(true);
    expect((await writeFileApiKey('https://other.example', 'other-key', env)).ok).toBe(true);
    const { app, form } = await openForm(env);
    try {
      expect(form).toContain(KEYCHAIN);
      app.write(`${server.apiKey}\r`);
      await app.waitFor(`Key saved to the keychain for ${server.url}; removed the plaintext copy from ${credentials(env)}`);
      expect(await getApiKey(server.url, { env })).toEqual({ ok: true, value: server.apiKey });
      expect(JSON.parse(readFileSync(credentials(env), 'utf8')).keys).toEqual({ 'https://other.example': 'other-key' });
      await quit(app);
    } finally {
      app.kill();
      await deleteApiKey(server.url, { env });
    }
  });

  it('Tab: this session only (nothing saved anywhere), then the file', async (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    const env = keychainEnv();
    await deleteApiKey(server.url, { env });
    const { app } = await openForm(env);
    try {
      app.write('\t');
      await app.waitFor(SESSION);
      app.write('\t');
      await app.waitFor(inFile(env));
      app.write('\t');
      await app.waitFor(KEYCHAIN);
      app.write('\t');
      await app.waitFor(SESSION);
      app.write(`${server.apiKey}\r`);
      await app.waitFor('Key kept for this session only');
      expect(await getApiKey(server.url, { env })).toEqual({ ok: true, value: null });
      expect(existsSync(credentials(env))).toBe(false);
      await quit(app);
    } finally {
      app.kill();
    }
  });
});
