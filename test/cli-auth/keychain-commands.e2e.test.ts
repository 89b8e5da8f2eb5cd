/**
 * The real keychain round trip through the commands (keytar → Secret Service), no fakes. Runs when
 * a keychain is reachable (e.g. `scripts/with-keyring.sh npx vitest run test/cli-auth`); otherwise
 * skipped with one line saying why, except where PAGETUI_REQUIRE_KEYCHAIN=1 (CI's keychain
 * phase): there an unreachable keychain is a failure.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, parseBaseUrl } from '../../src/api/index.js';
import { writeFileApiKey } from '../../src/auth/file-store.js';
import { deleteApiKey, probeKeychain } from '../../src/auth/keychain.js';
import { credentialsPath } from '../../src/auth/paths.js';
import { resolveApiKey } from '../../src/auth/api-key-source.js';
import { rememberWorkingApiKey } from '../../src/cli/commands/app-api-key.js';
import { runAuth, runLogin, runLogout } from '../../src/cli/commands/auth-commands.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { KEYCHAIN_REQUIRED, skipUnlessAvailable } from '../helpers/keytar.js';
import { SECRET, captureIo, cleanupTemp, tempDir, type Env } from './helpers.js';

/** process.env (its D-Bus session included) with a temp HOME and config folder and no pagetui settings. */
function keychainEnv(): Env {
  const env: Env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('PAGETUI_')) delete env[k];
  const root = tempDir();
  return { ...env, HOME: root, XDG_CONFIG_HOME: `${root}/config` };
}

const probe = await probeKeychain({ env: keychainEnv() });
const noKeychain = probe.ok ? undefined : `no keychain reachable: ${probe.reason}`;
if (noKeychain && !KEYCHAIN_REQUIRED) console.warn(`keychain round trip through the commands skipped: ${noKeychain}`);

let server: DemoServer;
const outputs: string[] = [];

beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  // The demo server's origin is unique to this run; remove whatever a failed test left behind.
  if (probe.ok) await deleteApiKey(server.url, { env: keychainEnv() });
  await server.close();
  cleanupTemp();
  for (const text of outputs) expect(text).not.toContain(SECRET);
});

async function run(fn: typeof runLogin, argv: string[], env: Env, stdinText = '') {
  const c = captureIo(env, stdinText);
  const code = await fn(argv, c.io);
  outputs.push(c.stdout(), c.stderr());
  return { code, out: c.stdout(), err: c.stderr() };
}

/** One request as the app would send it, with the key the app finds at start. */
async function browse(env: Env): Promise<{ source: string; groups?: number }> {
  const found = await resolveApiKey(server.url, env);
  if (found.key === undefined) return { source: found.source };
  const client = createApiClient({ baseUrl: parseBaseUrl(server.url), getApiKey: () => found.key });
  try {
    return { source: found.source, groups: (await client.listPageGroups({ limit: 5 })).items.length };
  } finally {
    await client.close();
  }
}

describe('real keychain through login / auth status / logout', () => {
  it('a keychain is reachable (required where PAGETUI_REQUIRE_KEYCHAIN=1)', (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    expect(probe).toEqual({ ok: true, value: undefined });
  });

  it('login --with-key → the app finds the key in the keychain → logout → no key', async (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    const env = keychainEnv();
    const login = await run(runLogin, ['--with-key', '--base-url', server.url], env, `${SECRET}\n`);
    expect(login.err).not.toContain('not saved');
    expect(login.code).toBe(0);
    expect(login.out).toContain(`Saved the key for ${server.url} in the system keychain.`);

    const status = await run(runAuth, ['status'], env);
    expect(status.code).toBe(0);
    expect(status.out).toContain('Key:      ••••7890 from the system keychain');
    expect(status.out).toContain('Keychain: reachable');

    expect(await browse(env)).toEqual({ source: 'keychain', groups: 5 });

    const out = await run(runLogout, [], env);
    expect(out.code).toBe(0);
    expect(out.out).toContain(`Removed the saved key for ${server.url} from the system keychain.`);
    expect(await browse(env)).toEqual({ source: 'none' });
    const none = await run(runAuth, ['status'], env);
    expect(none.code).toBe(3);
    expect(none.out).toContain('Keychain: reachable');
    const again = await run(runLogout, [], env);
    expect(again.out).toContain(`There was no saved key for ${server.url}.`);
  });

  it('login --insecure-storage replaces a keychain entry, so the file key is the one used', async (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    const env = keychainEnv();
    expect((await run(runLogin, ['--with-key', '--base-url', server.url], env, 'old-key-in-keychain')).code).toBe(0);
    expect((await run(runLogin, ['--with-key', '--insecure-storage', '--base-url', server.url], env, SECRET)).code).toBe(0);
    const status = await run(runAuth, ['status', '--base-url', server.url], env);
    expect(status.out).toMatch(/Key: {6}••••7890 from .*credentials\.json \(plaintext\)/);
    expect((await run(runLogout, [], env)).out).toContain('credentials.json');
  });

  it('login to the keychain removes a plaintext copy for the origin from the credentials file, and says so', async (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    const env = keychainEnv();
    expect((await run(runLogin, ['--with-key', '--insecure-storage', '--base-url', server.url], env, 'old-plaintext-key')).code).toBe(0);
    expect((await writeFileApiKey('https://other.example', 'other-key', env)).ok).toBe(true);
    const login = await run(runLogin, ['--with-key', '--base-url', server.url], env, SECRET);
    expect(login.code).toBe(0);
    const path = credentialsPath(env);
    expect(login.out).toContain(`Saved the key for ${server.url} in the system keychain and removed its plaintext copy from ${path}.`);
    expect(JSON.parse(readFileSync(path, 'utf8')).keys).toEqual({ 'https://other.example': 'other-key' });
    expect(await browse(env)).toEqual({ source: 'keychain', groups: 5 });
    expect((await run(runLogout, ['--base-url', server.url], env)).out).toContain('from the system keychain.');
  });

  it("the app's rememberWorkingKey saves to the keychain and says so", async (ctx) => {
    skipUnlessAvailable(ctx, noKeychain);
    const env = keychainEnv();
    const message = await rememberWorkingApiKey(server.url, SECRET, env);
    outputs.push(message);
    expect(message).toBe(`Key saved to the keychain for ${server.url}`);
    expect(await browse(env)).toEqual({ source: 'keychain', groups: 5 });
    expect((await run(runLogout, ['--base-url', server.url], env)).out).toContain('from the system keychain');
  });
});
