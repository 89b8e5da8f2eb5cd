/**
 * The built CLI (`npm run build` → dist/pagetui.js): the masked prompt in a real pseudo-terminal,
 * typed as a person would, and `--with-key` with a real pipe. No D-Bus session, so keys go to the
 * file store (--insecure-storage) or are refused with the fallback sentence.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/index.js';
import { BUNDLE, PtyApp } from '../helpers/pty-app.js';
import { forPty, runBundle } from './bundle.js';
import { NO_DBUS_CAUSE } from '../helpers/keytar.js';
import { SECRET, cleanupTemp, closedPort, isolatedEnv, type Env } from './helpers.js';

let server: DemoServer;

beforeAll(async () => {
  if (!existsSync(BUNDLE)) throw new Error('dist/pagetui.js is missing: run `npm run build` first');
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
  cleanupTemp();
});

/** isolatedEnv, and the same for PtyApp. */
function ptyEnv(): { env: Env; extra: Env } {
  const env = isolatedEnv();
  return { env, extra: forPty(env) };
}

const credentials = (env: Env): string => join(env.XDG_CONFIG_HOME ?? '', 'pagetui', 'credentials.json');

/** Types the key into the masked field once it is on screen (before, the terminal would echo it). */
async function typeKey(app: PtyApp, key: string): Promise<void> {
  await app.waitFor('Key:');
  app.write(key);
  await app.waitFor('•'.repeat(8)); // the same 8 whatever the key's length
  expect(app.screen()).not.toContain('•'.repeat(9));
  expect(app.screen()).not.toContain(key);
  app.write('\r');
}

describe('pagetui login in a terminal', () => {
  it('masks the key, checks it, saves it to the file store and says where', async () => {
    const { env, extra } = ptyEnv();
    const app = new PtyApp(['login', '--base-url', server.url, '--insecure-storage'], { env: extra, cols: 240 });
    try {
      await app.waitFor(`API key for ${server.url}`);
      expect(app.screen()).toContain('plaintext file');
      await typeKey(app, SECRET);
      await app.waitFor('Saved the key');
      expect((await app.waitForExit()).exitCode).toBe(0);
      expect(app.screen()).toContain(`Saved the key for ${server.url} in ${credentials(env)} (plaintext`);
      expect(app.screen()).not.toContain('API key for'); // the prompt was erased
      expect(app.raw).not.toContain(SECRET);
      expect(JSON.parse(readFileSync(credentials(env), 'utf8')).keys[server.url]).toBe(SECRET);
    } finally {
      app.kill();
    }
  });

  it('a key pasted with its newline in one write is submitted; Ctrl-U clears what was typed before', async () => {
    const { env, extra } = ptyEnv();
    const app = new PtyApp(['login', '--base-url', server.url, '--insecure-storage'], { env: extra, cols: 240 });
    try {
      await app.waitFor('Key:');
      app.write('typo');
      await app.waitFor('••••');
      app.write('\u0015');
      await app.waitFor((s: string) => !s.includes('•'));
      app.write(`${SECRET}\n`);
      await app.waitFor('Saved the key');
      expect((await app.waitForExit()).exitCode).toBe(0);
      expect(app.raw).not.toContain(SECRET);
      expect(JSON.parse(readFileSync(credentials(env), 'utf8')).keys[server.url]).toBe(SECRET);
    } finally {
      app.kill();
    }
  });

  it('a rejected key asks again, saying why; the next key that works is saved', async () => {
    const { env, extra } = ptyEnv();
    const app = new PtyApp(['login', '--base-url', server.url, '--insecure-storage'], { env: extra, cols: 240 });
    try {
      await typeKey(app, 'invalid');
      await app.waitFor(`${server.url} rejected the key (HTTP 401); it was not saved. Try again, or press Esc to cancel.`);
      expect(existsSync(credentials(env))).toBe(false);
      await typeKey(app, SECRET);
      await app.waitFor('Saved the key');
      expect((await app.waitForExit()).exitCode).toBe(0);
      expect(JSON.parse(readFileSync(credentials(env), 'utf8')).keys[server.url]).toBe(SECRET);
      expect(app.raw).not.toContain(SECRET);
    } finally {
      app.kill();
    }
  });

  it('a rejected key, then Esc: cancelled, nothing saved', async () => {
    const { env, extra } = ptyEnv();
    const app = new PtyApp(['login', '--base-url', server.url, '--insecure-storage'], { env: extra, cols: 240 });
    try {
      await typeKey(app, 'invalid');
      await app.waitFor('Try again, or press Esc to cancel.');
      app.write('\u001b');
      await app.waitFor('Login cancelled; nothing was saved.');
      expect((await app.waitForExit()).exitCode).toBe(130);
      expect(existsSync(credentials(env))).toBe(false);
    } finally {
      app.kill();
    }
  });

  it('a network failure asks whether to save anyway: No (the default) saves nothing, exit 6', async () => {
    const { env, extra } = ptyEnv();
    const url = `http://127.0.0.1:${await closedPort()}`;
    const app = new PtyApp(['login', '--base-url', url, '--insecure-storage'], { env: extra });
    try {
      await typeKey(app, SECRET);
      await app.waitFor('Save the key anyway? (y/N)');
      expect(app.screen()).toContain('connection refused');
      app.write('\r');
      await app.waitFor('The key was not saved.');
      expect((await app.waitForExit()).exitCode).toBe(6);
      expect(existsSync(credentials(env))).toBe(false);
      expect(app.raw).not.toContain(SECRET);
    } finally {
      app.kill();
    }
  });

  it('a network failure, answered y: saved without checking', async () => {
    const { env, extra } = ptyEnv();
    const url = `http://127.0.0.1:${await closedPort()}`;
    const app = new PtyApp(['login', '--base-url', url, '--insecure-storage'], { env: extra });
    try {
      await typeKey(app, SECRET);
      await app.waitFor('Save the key anyway?');
      app.write('y');
      await app.waitFor('Saved the key');
      expect((await app.waitForExit()).exitCode).toBe(0);
      expect(JSON.parse(readFileSync(credentials(env), 'utf8')).keys[url]).toBe(SECRET);
      expect(app.raw).not.toContain(SECRET);
    } finally {
      app.kill();
    }
  });

  it('Esc cancels: nothing sent, nothing saved', async () => {
    const { env, extra } = ptyEnv();
    const before = server.requests.length;
    const app = new PtyApp(['login', '--base-url', server.url, '--insecure-storage'], { env: extra });
    try {
      await app.waitFor('Key:');
      app.write('abc');
      await app.waitFor('•••');
      app.write('\u001b');
      await app.waitFor('Login cancelled; nothing was saved.');
      expect((await app.waitForExit()).exitCode).toBe(130);
      expect(server.requests.length).toBe(before);
      expect(existsSync(credentials(env))).toBe(false);
    } finally {
      app.kill();
    }
  });
});

describe('pagetui login with no D-Bus (the keychain out of reach, as over SSH)', () => {
  it('says so before any key is typed and offers the file; y stores the key there', async () => {
    const { env, extra } = ptyEnv();
    const app = new PtyApp(['login', '--base-url', server.url], { env: extra, cols: 240 });
    try {
      const screen = await app.waitFor('(y/N)');
      expect(screen).toMatch(new RegExp(NO_DBUS_CAUSE));
      expect(screen).toContain(`Store the key in ${credentials(env)} instead (plaintext, readable only by you)?`);
      expect(screen).toContain('PAGETUI_API_KEY');
      expect(screen).not.toContain('Key:');
      expect(screen).not.toContain('system keychain');
      app.write('y');
      await app.waitFor('Key:');
      expect(app.screen()).toContain('plaintext file');
      await typeKey(app, SECRET);
      await app.waitFor('Saved the key');
      expect((await app.waitForExit()).exitCode).toBe(0);
      expect(app.raw).not.toContain(SECRET);
      expect(JSON.parse(readFileSync(credentials(env), 'utf8')).keys[server.url]).toBe(SECRET);
    } finally {
      app.kill();
    }
  });

  it('No (the default) cancels before the key is asked for: nothing sent, nothing saved, exit 130', async () => {
    const { env, extra } = ptyEnv();
    const before = server.requests.length;
    const app = new PtyApp(['login', '--base-url', server.url], { env: extra, cols: 240 });
    try {
      await app.waitFor('(y/N)');
      app.write('\r');
      await app.waitFor('Login cancelled; nothing was saved. To use a key without saving it, set PAGETUI_API_KEY.');
      expect((await app.waitForExit()).exitCode).toBe(130);
      expect(app.raw).not.toContain('Key:');
      expect(server.requests.length).toBe(before);
      expect(existsSync(credentials(env))).toBe(false);
    } finally {
      app.kill();
    }
  });
});


describe('the built CLI with a pipe', () => {
  // Four commands in sequence, each asking the keychain in a child of its own (up to its 2 s
  // deadline when the machine is busy): eight Node processes, one after the other.
  it('login --with-key, auth status, logout: the key only travels on stdin and is never printed', async () => {
    const env = isolatedEnv();
    const login = await runBundle(['login', '--with-key', '--insecure-storage', '--base-url', server.url], env, `${SECRET}\n`);
    expect(login.code).toBe(0);
    const status = await runBundle(['auth', 'status'], env, '');
    expect(status.code).toBe(0);
    expect(status.out).toContain('••••7890');
    const help = await runBundle(['login', '--help'], env, '');
    expect(help.out).toMatch(/2 usage \([^)]*--with-key where no keychain\s+can be reached and no --insecure-storage/);
    const logout = await runBundle(['logout'], env, '');
    expect(logout.code).toBe(0);
    const none = await runBundle(['auth', 'status'], env, '');
    expect(none.code).toBe(3);
    for (const r of [login, status, logout, none]) expect(r.out + r.err).not.toContain(SECRET);
  }, 40_000);

  it('login --with-key with no D-Bus and no --insecure-storage: exit 1, nothing read or saved, the key never printed', async () => {
    const env = isolatedEnv();
    const noDbus = await runBundle(['login', '--with-key', '--base-url', server.url], env, SECRET);
    expect(noDbus.code).toBe(2);
    expect(noDbus.err).toMatch(/not saved.*--insecure-storage/);
    expect(noDbus.out + noDbus.err).not.toContain(SECRET);
    expect(existsSync(credentials(env))).toBe(false);
  });

  it('login --with-key with a rejected key: exit 3, nothing saved, no question asked', async () => {
    const env = isolatedEnv();
    const r = await runBundle(['login', '--with-key', '--insecure-storage', '--base-url', server.url], env, 'invalid\n');
    expect(r.code).toBe(3);
    expect(r.err).toContain(`${server.url} rejected the key (HTTP 401); it was not saved.`);
    expect(r.err).not.toContain('Try again');
    expect(existsSync(credentials(env))).toBe(false);
  });

  it('login with no terminal and no --with-key: one line, exit 2', async () => {
    const r = await runBundle(['login', '--base-url', server.url], isolatedEnv(), '');
    expect(r).toMatchObject({ code: 2, out: '' });
    expect(r.err).toMatch(/^pagetui: No terminal to type the key into: .*--with-key.*\n$/);
  });
});

// `pagetui login` reads the config's "keys" as the app does, and saves the default base URL
// changing only that in a hand-formatted file (BOM, CRLF, spacing, mode kept).
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
