/**
 * `pagetui login --with-key`, `logout` and `auth status` against the real demo server, through the
 * exported command functions with captured streams and a temp config folder. No D-Bus session here,
 * so the keychain is unreachable (as over SSH); the file store is used with --insecure-storage.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_BASE_URL_MESSAGE } from '../../src/auth/base-url-source.js';
import { AUTH_HELP, runAuth, runLogin, runLogout } from '../../src/cli/commands/auth-commands.js';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { KEYTAR_LOADS, NO_DBUS_CAUSE } from '../helpers/keytar.js';
import { SECRET, captureIo, cleanupTemp, closedPort, isolatedEnv, type CapturedIo, type Env } from './helpers.js';

let server: DemoServer;
const outputs: string[] = [];

beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
  cleanupTemp();
});

/** Runs a command; keeps its output for the never-shows-the-key check. */
async function run(
  fn: (argv: string[], io: CapturedIo['io']) => Promise<number>,
  argv: string[],
  env: Env,
  stdinText = '',
): Promise<{ code: number; out: string; err: string }> {
  const c = captureIo(env, stdinText);
  const code = await fn(argv, c.io);
  outputs.push(c.stdout(), c.stderr());
  return { code, out: c.stdout(), err: c.stderr() };
}

const configDir = (env: Env): string => join(env.XDG_CONFIG_HOME ?? '', 'pagetui');
const credentialsFile = (env: Env): string => join(configDir(env), 'credentials.json');
const configFile = (env: Env): string => join(configDir(env), 'config.json');

describe('login --with-key into the file store, then auth status and logout', () => {
  it('checks the key with one request, saves it 0600, remembers the base URL, and status shows only the last 4', async () => {
    const env = isolatedEnv();
    const before = server.requests.length;
    const login = await run(runLogin, ['--with-key', '--insecure-storage', '--base-url', server.url], env, `${SECRET}\n`);
    expect(login.code).toBe(0);
    expect(login.out).toContain(`Saved the key for ${server.url} in ${credentialsFile(env)}`);
    expect(login.out).toMatch(/plaintext/);
    expect(login.out).toContain(`Saved ${server.url} as the default base URL in ${configFile(env)}`);

    const sent = server.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.rawUrl} ${r.hadKey}`)).toEqual(['GET /v0/page_groups?limit=1 true']);

    expect(statSync(credentialsFile(env)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(credentialsFile(env), 'utf8'))).toEqual({ keys: { [server.url]: SECRET } });
    const config = readFileSync(configFile(env), 'utf8');
    expect(JSON.parse(config)).toEqual({ profiles: { default: { baseUrl: server.url } }, default: 'default' });
    expect(config).not.toContain(SECRET);

    // No --base-url: the default profile just written is used.
    const status = await run(runAuth, ['status'], env);
    expect(status.code).toBe(0);
    expect(status.out).toContain(`Base URL: ${server.url} (from the default profile "default")`);
    expect(status.out).toContain(`Key:      ••••7890 from ${credentialsFile(env)} (plaintext)`);
    // The key is in the plaintext file by choice: the keychain line says why, without advice.
    expect(status.out).toMatch(
      KEYTAR_LOADS
        ? /Keychain: not reachable — there is no D-Bus session \(common over SSH\)\.\n/
        : /Keychain: not reachable — the keychain library is not available on this machine\.\n/,
    );
    expect(status.out).not.toContain('--insecure-storage');
    expect(status.out).not.toContain('567890');

    const first = await run(runLogout, [], env);
    expect(first).toMatchObject({ code: 0 });
    expect(first.out).toContain(`Removed the saved key for ${server.url} from ${credentialsFile(env)}.`);
    expect(first.err).toMatch(new RegExp(`^Note: Could not check the keychain: .*${NO_DBUS_CAUSE}.*\\.\\n$`, 'i'));
    expect(first.err).not.toContain('--insecure-storage');
    expect(JSON.parse(readFileSync(credentialsFile(env), 'utf8'))).toEqual({ keys: {} });

    const second = await run(runLogout, ['--base-url', server.url], env);
    expect(second.code).toBe(0);
    expect(second.out).toContain(`No saved key for ${server.url} was found`);
    expect(second.out).toContain('the keychain could not be checked');
    expect(second.out).not.toContain('Removed');

    const none = await run(runAuth, ['status'], env);
    expect(none.code).toBe(3);
    expect(none.out).toContain(`Key:      none for ${server.url}; run \`pagetui login\``);
    // No key anywhere: here the fallbacks are news.
    expect(none.out).toMatch(/Keychain: not reachable — .*PAGETUI_API_KEY.*--insecure-storage/);
  });

  it('a second login keeps the existing default profile', async () => {
    const env = isolatedEnv();
    expect((await run(runLogin, ['--with-key', '--insecure-storage', '--base-url', server.url], env, SECRET)).code).toBe(0);
    // The same server under another origin: the login works, but the default profile stays.
    const other = server.url.replace('127.0.0.1', 'localhost');
    const again = await run(runLogin, ['--with-key', '--insecure-storage', '--base-url', other], env, 'another-key-0000');
    expect(again.code).toBe(0);
    expect(again.out).not.toContain('default base URL');
    expect(JSON.parse(readFileSync(configFile(env), 'utf8'))).toEqual({
      profiles: { default: { baseUrl: server.url } },
      default: 'default',
    });
    expect(JSON.parse(readFileSync(credentialsFile(env), 'utf8'))).toEqual({
      keys: { [server.url]: SECRET, [other]: 'another-key-0000' },
    });
  });

  it('a key that cannot be checked for another reason (404: wrong path prefix) is not saved, exit 5', async () => {
    const env = isolatedEnv();
    const r = await run(runLogin, ['--with-key', '--insecure-storage', '--base-url', `${server.url}/api/`], env, SECRET);
    expect(r.code).toBe(5);
    expect(r.err).toContain('The key could not be checked');
    expect(r.err).toContain('The key was not saved');
    expect(existsSync(configDir(env))).toBe(false);
  });
});

describe('keys that are not saved', () => {
  it('a rejected key (401) exits 3 and saves nothing', async () => {
    const env = isolatedEnv();
    const r = await run(runLogin, ['--with-key', '--insecure-storage', '--base-url', server.url], env, 'invalid\n');
    expect(r.code).toBe(3);
    expect(r.err).toContain(`${server.url} rejected the key (HTTP 401); it was not saved.`);
    expect(r.out).toBe('');
    expect(existsSync(configDir(env))).toBe(false);
  });

  it('a network failure with --with-key: not saved, says so, exit 6', async () => {
    const env = isolatedEnv();
    const url = `http://127.0.0.1:${await closedPort()}`;
    const r = await run(runLogin, ['--with-key', '--insecure-storage', '--base-url', url], env, SECRET);
    expect(r.code).toBe(6);
    expect(r.err).toContain(`Could not connect to ${url}: connection refused`);
    expect(r.err).toContain('The key was not saved');
    expect(existsSync(configDir(env))).toBe(false);
  });

  it('with no D-Bus, --with-key says so before reading the key: nothing read, nothing sent, nothing saved, exit 2 (usage: --insecure-storage is needed)', async () => {
    const env = isolatedEnv();
    const before = server.requests.length;
    const c = captureIo(env, SECRET);
    const code = await runLogin(['--with-key', '--base-url', server.url], c.io);
    outputs.push(c.stdout(), c.stderr());
    expect(code).toBe(2);
    const lines = c.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^pagetui: .*${NO_DBUS_CAUSE}.* The key was not read and not saved: run again with --insecure-storage to store it in .*credentials\\.json \\(plaintext, readable only by you\\), or set PAGETUI_API_KEY instead\\.$`),
    );
    expect(c.stderr()).not.toMatch(/\n\s+at /); // no stack trace
    expect(server.requests.length).toBe(before);
    expect(existsSync(credentialsFile(env))).toBe(false);
    // The key is still on stdin, unread.
    let rest = '';
    for await (const chunk of c.io.stdin) rest += String(chunk);
    expect(rest).toBe(SECRET);
  });
});

describe('usage', () => {
  it('no TTY and no --with-key: one line pointing at --with-key, exit 2', async () => {
    const r = await run(runLogin, ['--base-url', server.url], isolatedEnv());
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^pagetui: No terminal .*--with-key/);
  });

  it('no base URL anywhere: the NO_BASE_URL_MESSAGE line, exit 2', async () => {
    for (const fn of [runLogin, runLogout]) {
      const r = await run(fn, [], isolatedEnv(), SECRET);
      expect(r).toEqual({ code: 2, out: '', err: `pagetui: ${NO_BASE_URL_MESSAGE}\n` });
    }
    expect((await run(runAuth, ['status'], isolatedEnv())).err).toBe(`pagetui: ${NO_BASE_URL_MESSAGE}\n`);
  });

  it('bad flags, a key typed as an argument, bad URLs and unknown subcommands: one line, exit 2, key not echoed', async () => {
    const env = isolatedEnv({ PAGETUI_BASE_URL: server.url });
    const cases: Array<[typeof runLogin, string[]]> = [
      [runLogin, [`--api-key=${SECRET}`]],
      [runLogin, [SECRET]],
      [runLogin, [`--${SECRET}`]],
      [runLogin, [`--with-key=${SECRET}`]],
      [runLogin, ['--base-url']],
      [runLogin, ['--base-url', 'http://pages.example.com']],
      [runLogout, ['--bogus']],
      [runAuth, []],
      [runAuth, ['whoami']],
      [runAuth, ['status', SECRET]],
    ];
    for (const [fn, argv] of cases) {
      const r = await run(fn, argv, env, SECRET);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.out).toBe('');
      expect(r.err.trim().split('\n'), argv.join(' ')).toHaveLength(1);
      expect(r.err).toMatch(/^pagetui: /);
    }
  });

  it('a key a header cannot carry is refused before anything is sent: exit 2, nothing saved', async () => {
    const env = isolatedEnv();
    const before = server.requests.length;
    const r = await run(runLogin, ['--with-key', '--insecure-storage', '--base-url', server.url], env, 'clé-ünicode-1234');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^pagetui: The key contains characters outside ASCII, which a header cannot carry \(read from stdin\)\.\n$/);
    expect(server.requests.length).toBe(before);
    expect(existsSync(configDir(env))).toBe(false);
  });

  it('an unknown profile names the known ones, exit 2', async () => {
    const r = await run(runAuth, ['status', '--profile', 'nope'], isolatedEnv());
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^pagetui: Unknown profile "nope"/);
  });
});

describe('PAGETUI_API_KEY', () => {
  it('auth status reports it as the source; logout reminds that it is still set', async () => {
    const env = isolatedEnv({ PAGETUI_API_KEY: SECRET, PAGETUI_BASE_URL: server.url });
    const status = await run(runAuth, ['status'], env);
    expect(status.code).toBe(0);
    expect(status.out).toContain(`Base URL: ${server.url} (from PAGETUI_BASE_URL)`);
    expect(status.out).toContain('Key:      ••••7890 from PAGETUI_API_KEY');
    const out = await run(runLogout, [], env);
    expect(out.code).toBe(0);
    expect(out.err).toContain('PAGETUI_API_KEY is still set');
  });
});

describe('help', () => {
  it('has usage, flags, environment, exit codes and examples for each command', () => {
    for (const text of Object.values(AUTH_HELP)) {
      for (const section of ['USAGE', 'FLAGS', 'ENVIRONMENT', 'EXIT CODES', 'EXAMPLES']) expect(text).toContain(section);
    }
    expect(AUTH_HELP.login).toContain('--with-key');
    expect(AUTH_HELP.login).toContain('--insecure-storage');
    expect(AUTH_HELP.auth).toContain('pagetui auth status');
  });
});

afterEach(() => {
  for (const text of outputs) expect(text).not.toContain(SECRET);
});
