import { chmodSync, existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileApiKey, writeFileApiKey } from '../../src/auth/file-store.js';
import { maskApiKey, resolveApiKey } from '../../src/auth/api-key-source.js';
import { redactKey } from '../../src/api/inspector/exchange-log.js';
import { authStatus, apiKeyShapeProblem, logout, readApiKeyFromStdin, saveApiKey } from '../../src/auth/login.js';
import { credentialsPath } from '../../src/auth/paths.js';
import { NO_DBUS_REASON } from '../helpers/keytar.js';
import { SECRET, cleanupTemp, fakeModule, noDbusEnv } from './helpers.js';

afterEach(cleanupTemp);

const BASE = 'https://api.example/prefix';
const ORIGIN = 'https://api.example';

/** A working in-memory keytar stand-in, for the paths where a keychain must answer. */
const memoryKeytar = () =>
  fakeModule(`const fs = require('node:fs');
    const file = process.env.FAKE_STORE;
    const load = () => { try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch { return {}; } };
    const save = (s) => fs.writeFileSync(file, JSON.stringify(s));
    module.exports = {
      getPassword: async (s, a) => load()[s + '|' + a] ?? null,
      setPassword: async (s, a, p) => { const st = load(); st[s + '|' + a] = p; save(st); },
      deletePassword: async (s, a) => { const st = load(); const had = (s + '|' + a) in st; delete st[s + '|' + a]; save(st); return had; },
    };`);

function withMemoryKeychain() {
  const env = noDbusEnv();
  env.FAKE_STORE = `${env.XDG_RUNTIME_DIR}/store.json`;
  return { env, opts: { keychain: { keytarPath: memoryKeytar() } } };
}

/** Every string in a result, for "the key never appears" checks. */
const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : typeof v === 'object' && v !== null ? Object.values(v).flatMap(strings) : [];

describe('resolveApiKey order: env → keychain → file → none', () => {
  it('PAGETUI_API_KEY wins without touching the stores', async () => {
    const { env, opts } = withMemoryKeychain();
    env.PAGETUI_API_KEY = 'env-key-aaaa';
    await saveApiKey(ORIGIN, SECRET, { insecureStorage: false, env, ...opts });
    expect(await resolveApiKey(ORIGIN, env, opts)).toEqual({ key: 'env-key-aaaa', source: 'env', notes: [] });
  });

  it('then the keychain, then the file', async () => {
    const { env, opts } = withMemoryKeychain();
    await writeFileApiKey(ORIGIN, 'file-key-bbbb', env);
    expect(await resolveApiKey(ORIGIN, env, opts)).toEqual({ key: 'file-key-bbbb', source: 'file', notes: [] });
    await saveApiKey(ORIGIN, SECRET, { insecureStorage: false, env, ...opts });
    expect(await resolveApiKey(ORIGIN, env, opts)).toEqual({ key: SECRET, source: 'keychain', notes: [] });
  });

  it('with no D-Bus: the file is used and the keychain reason is noted', async () => {
    const env = noDbusEnv();
    await writeFileApiKey(ORIGIN, SECRET, env);
    expect(await resolveApiKey(ORIGIN, env)).toEqual({ key: SECRET, source: 'file', notes: [NO_DBUS_REASON], keychainReason: NO_DBUS_REASON });
  });

  it('none, with the reasons, when nothing is usable', async () => {
    const env = noDbusEnv();
    await writeFileApiKey(ORIGIN, SECRET, env);
    chmodSync(credentialsPath(env), 0o644);
    const r = await resolveApiKey(ORIGIN, env);
    expect(r.source).toBe('none');
    expect(r.key).toBeUndefined();
    expect(r.notes[0]).toBe(NO_DBUS_REASON);
    expect(r.notes[1]).toContain('chmod 600');
    expect(strings(r).join('\n')).not.toContain(SECRET);
  });
});

describe('maskApiKey', () => {
  it('shows the last 4 characters only', () => {
    expect(maskApiKey(SECRET)).toBe('••••7890');
    expect(maskApiKey('abc')).toBe('••••');
    expect(maskApiKey('1234567')).toBe('••••');
  });

  it('masks as the inspector and HAR files do: an 8-character key shows none of it', () => {
    expect(maskApiKey('abcd1234')).toBe('••••');
    expect(maskApiKey('abcdefghijkl')).toBe(redactKey('abcdefghijkl'));
  });
});

describe('saveApiKey', () => {
  it('saves to the keychain when it answers', async () => {
    const { env, opts } = withMemoryKeychain();
    const r = await saveApiKey(ORIGIN, SECRET, { insecureStorage: false, env, ...opts });
    expect(r).toEqual({ where: 'keychain', message: `Saved the key for ${ORIGIN} in the system keychain.` });
    expect(existsSync(credentialsPath(env))).toBe(false);
  });

  it('keychain unreachable and not insecure: session only, with the reason', async () => {
    const env = noDbusEnv();
    const r = await saveApiKey(ORIGIN, SECRET, { insecureStorage: false, env });
    expect(r).toEqual({ where: 'session', message: `Kept the key for this session only: ${NO_DBUS_REASON}` });
    expect(existsSync(credentialsPath(env))).toBe(false);
  });

  it('--insecure-storage writes the file, says plaintext, and clears a shadowing keychain entry', async () => {
    const { env, opts } = withMemoryKeychain();
    await saveApiKey(ORIGIN, 'old-keychain-key', { insecureStorage: false, env, ...opts });
    const r = await saveApiKey(ORIGIN, SECRET, { insecureStorage: true, env, ...opts });
    expect(r.where).toBe('file');
    expect(r.message).toBe(`Saved the key for ${ORIGIN} in ${credentialsPath(env)} (plaintext, readable only by you).`);
    expect(await readFileApiKey(ORIGIN, env)).toEqual({ ok: true, value: SECRET });
    expect(await resolveApiKey(ORIGIN, env, opts)).toMatchObject({ key: SECRET, source: 'file' });
  });
});

describe('logout', () => {
  it('removes from keychain and file and says so', async () => {
    const { env, opts } = withMemoryKeychain();
    await saveApiKey(ORIGIN, SECRET, { insecureStorage: false, env, ...opts });
    await writeFileApiKey(ORIGIN, SECRET, env);
    const r = await logout(ORIGIN, env, opts);
    expect(r.removedFrom).toEqual(['keychain', 'file']);
    expect(r.message).toBe(`Removed the saved key for ${ORIGIN} from the system keychain and ${credentialsPath(env)}.`);
    expect(await resolveApiKey(ORIGIN, env, opts)).toEqual({ source: 'none', notes: [] });
    const again = await logout(ORIGIN, env, opts);
    expect(again).toEqual({ removedFrom: [], message: `There was no saved key for ${ORIGIN}.`, notes: [], keyLeft: false });
  });

  it('with no D-Bus: removes the file key, notes the keychain, reminds about PAGETUI_API_KEY', async () => {
    const env = noDbusEnv();
    await writeFileApiKey(ORIGIN, SECRET, env);
    env.PAGETUI_API_KEY = SECRET;
    const r = await logout(ORIGIN, env);
    expect(r.removedFrom).toEqual(['file']);
    expect(r.notes).toEqual([
      `Could not check the keychain: ${NO_DBUS_REASON}`,
      'PAGETUI_API_KEY is still set in this environment and is used before any saved key.',
    ]);
    expect(strings(r).join('\n')).not.toContain(SECRET);
  });
});

describe('authStatus', () => {
  it('reports source, masked key and keychain reachability', async () => {
    const { env, opts } = withMemoryKeychain();
    await saveApiKey(ORIGIN, SECRET, { insecureStorage: false, env, ...opts });
    expect(await authStatus(BASE, env, opts)).toEqual({
      baseUrl: BASE,
      origin: ORIGIN,
      source: 'keychain',
      maskedKey: '••••7890',
      keychain: { reachable: true },
      notes: [],
    });
  });

  it('with no D-Bus and no key: none, keychain unreachable with the reason once', async () => {
    const env = noDbusEnv();
    const s = await authStatus(BASE, env);
    expect(s).toEqual({
      baseUrl: BASE,
      origin: ORIGIN,
      source: 'none',
      keychain: { reachable: false, reason: NO_DBUS_REASON },
      notes: [],
    });
  });

  it('asks an unreachable keychain once: a failed read says why, no probe after it (each ask may wait its deadline)', async () => {
    let asked = 0;
    const s = await authStatus(BASE, noDbusEnv(), { keychain: { onSpawn: () => asked++ } });
    expect(s.keychain).toEqual({ reachable: false, reason: NO_DBUS_REASON });
    expect(asked).toBe(1);
  });

  it('from the environment: masked, never the key itself', async () => {
    const env = noDbusEnv({ PAGETUI_API_KEY: SECRET });
    const s = await authStatus(BASE, env);
    expect(s.source).toBe('env');
    expect(s.maskedKey).toBe('••••7890');
    expect(strings(s).join('\n')).not.toContain(SECRET);
  });
});

describe('readApiKeyFromStdin', () => {
  const read = (...chunks: string[]) => readApiKeyFromStdin(Readable.from(chunks.map((c) => Buffer.from(c))));

  it('drops the trailing newline', async () => {
    expect(await read(`${SECRET}\n`)).toEqual({ ok: true, value: SECRET });
    expect(await read('SECRET-', 'KEY-1234567890\r\n')).toEqual({ ok: true, value: SECRET });
  });
  it('refuses empty input', async () => {
    expect(await read('')).toMatchObject({ ok: false, reason: expect.stringMatching(/^No key on stdin/) });
    expect(await read('\n \n')).toMatchObject({ ok: false });
  });
  it('refuses several lines, without echoing them', async () => {
    const r = await read(`${SECRET}\nsecond line\n`);
    expect(r).toEqual({ ok: false, reason: 'The key contains line breaks or other control characters (read from stdin).' });
  });
  it('apiKeyShapeProblem accepts a normal key', () => {
    expect(apiKeyShapeProblem(SECRET)).toBeUndefined();
    expect(apiKeyShapeProblem('a b')).toBe('The key contains spaces.');
  });
});
