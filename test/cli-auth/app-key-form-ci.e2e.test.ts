/**
 * `CI=true` exported in someone's shell, with or without an OS keychain: the key form, the app behind
 * it and `pagetui login`/`logout` draw and answer keys as they do without CI (ink draws nothing
 * until exit once it has seen CI, so nothing may load it before the app drops CI). The built CLI in
 * a real pty against the demo server, without a keychain and with one (scripts/with-keyring.sh;
 * required where PAGETUI_REQUIRE_KEYCHAIN=1, skipped elsewhere).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApiKey, getApiKey, probeKeychain, setApiKey } from '../../src/auth/keychain.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { PtyApp } from '../helpers/pty-app.js';
import { skipUnlessAvailable } from '../helpers/keytar.js';
import { forPty } from './bundle.js';
import { cleanupTemp, isolatedEnv, tempDir, type Env } from './helpers.js';

let server: DemoServer;

/** process.env (its D-Bus session included) with CI=true, a temp HOME and config folder and no pagetui settings. */
function ciEnv(): Env {
  const env: Env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('PAGETUI_')) delete env[k];
  const root = tempDir();
  return { ...env, CI: 'true', HOME: root, XDG_CONFIG_HOME: join(root, 'config') };
}

const probe = await probeKeychain({ env: ciEnv() });
const noKeychain = probe.ok ? undefined : `no keychain reachable: ${probe.reason}`;

beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  if (probe.ok) await deleteApiKey(server.url, { env: ciEnv() });
  await server.close();
  cleanupTemp();
});

const KEYCHAIN = 'once it works, the key is saved in the OS keychain.';

/** The built CLI with CI=true kept in its environment (PtyApp's clean environment drops CI unless given). */
const withCi = (env: Env, args: string[] = ['--base-url', server.url]): PtyApp => new PtyApp(args, { env: forPty(env), cols: 120, rows: 30 });

/**
 * The app proper answers keys: j moves the selection to the second row. (The text-only first frame,
 * drawn before ink loads, already says "row 1".)
 */
async function appAnswers(app: PtyApp): Promise<void> {
  await app.waitFor('Evergreen Landing Pages');
  app.write('j');
  await app.waitFor('row 2 ·');
}

async function quit(app: PtyApp): Promise<void> {
  app.write('q');
  expect((await app.waitForExit()).exitCode).toBe(0);
}

/** The app with a working key from PAGETUI_API_KEY: L draws the form saying `where`, Esc gives the list back. */
async function formOverWorkingKey(env: Env, where: string): Promise<void> {
  const app = withCi({ ...env, PAGETUI_API_KEY: server.apiKey });
  try {
    await appAnswers(app);
    app.write('L');
    await app.waitFor(where);
    app.write('\x1b');
    await app.waitFor((s) => !s.includes('API key for') && s.includes('row 2 ·'));
    await quit(app);
  } finally {
    app.kill();
  }
}

describe('CI=true in the environment, no keychain', () => {
  it('L over a working key: the form is drawn and says the key stays for this session; Esc gives the list back', async () => {
    await formOverWorkingKey(isolatedEnv({ CI: 'true' }), 'once it works, the key is kept for this session only.');
  });
});

describe('CI=true in the environment, a keychain reachable', () => {
  it('no key: the form is drawn at start; the key typed is saved to the keychain and the list answers keys', async (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    const env = ciEnv();
    await deleteApiKey(server.url, { env });
    const app = withCi(env);
    try {
      await app.waitFor(KEYCHAIN);
      app.write(`${server.apiKey}\r`);
      await app.waitFor(`Key saved to the keychain for ${server.url}`);
      await appAnswers(app);
      expect(await getApiKey(server.url, { env })).toEqual({ ok: true, value: server.apiKey });
      await quit(app);
    } finally {
      app.kill();
      await deleteApiKey(server.url, { env });
    }
  });

  it('L over a working key: the form is drawn and says the OS keychain; Esc gives the list back', async (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    await formOverWorkingKey(ciEnv(), KEYCHAIN);
  });

  it('the key in the keychain: the list is drawn at start and answers keys', async (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    const env = ciEnv();
    expect((await setApiKey(server.url, server.apiKey, { env })).ok).toBe(true);
    const app = withCi(env);
    try {
      await appAnswers(app);
      await quit(app);
    } finally {
      app.kill();
      await deleteApiKey(server.url, { env });
    }
  });

  it('pagetui login: the masked field is drawn, the key goes to the keychain; pagetui logout removes it', async (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    const env = ciEnv();
    await deleteApiKey(server.url, { env });
    const login = withCi(env, ['login', '--base-url', server.url]);
    try {
      await login.waitFor(`API key for ${server.url}`);
      login.write(server.apiKey);
      await login.waitFor('•'.repeat(server.apiKey.length));
      login.write('\r');
      await login.waitFor(`Saved the key for ${server.url} in the system keychain.`);
      expect((await login.waitForExit()).exitCode).toBe(0);
    } finally {
      login.kill();
    }
    expect(await getApiKey(server.url, { env })).toEqual({ ok: true, value: server.apiKey });
    const logout = withCi(env, ['logout', '--base-url', server.url]);
    try {
      await logout.waitFor(`Removed the saved key for ${server.url} from the system keychain.`);
      expect((await logout.waitForExit()).exitCode).toBe(0);
    } finally {
      logout.kill();
    }
    expect(await getApiKey(server.url, { env })).toEqual({ ok: true, value: null });
  });
});
