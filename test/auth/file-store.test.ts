import { chmodSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteFileApiKey, readFileApiKey, writeFileApiKey } from '../../src/auth/file-store.js';
import { credentialsPath } from '../../src/auth/paths.js';
import { SECRET, cleanupTemp, tempDir } from './helpers.js';

afterEach(cleanupTemp);

const ORIGIN = 'https://api.example';
const envFor = () => ({ XDG_CONFIG_HOME: join(tempDir(), 'cfg') });
const modeOf = (p: string) => statSync(p).mode & 0o777;

describe('credentials file store', () => {
  it('writes 0600 in a folder it creates 0700, and reads the key back', async () => {
    const env = envFor();
    expect(await writeFileApiKey(ORIGIN, SECRET, env)).toEqual({ ok: true, value: undefined });
    const path = credentialsPath(env);
    expect(modeOf(path)).toBe(0o600);
    expect(modeOf(dirname(path))).toBe(0o700);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ keys: { [ORIGIN]: SECRET } });
    expect(await readFileApiKey(ORIGIN, env)).toEqual({ ok: true, value: SECRET });
    expect(await readFileApiKey('https://other.example', env)).toEqual({ ok: true, value: null });
  });

  it('leaves an existing folder as it is', async () => {
    const env = envFor();
    const dir = dirname(credentialsPath(env));
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o755);
    await writeFileApiKey(ORIGIN, SECRET, env);
    expect(modeOf(dir)).toBe(0o755);
  });

  it('keeps other origins when writing and deleting', async () => {
    const env = envFor();
    await writeFileApiKey(ORIGIN, SECRET, env);
    await writeFileApiKey('https://b.example', 'other-key-abcdef', env);
    expect(await deleteFileApiKey(ORIGIN, env)).toEqual({ ok: true, value: true });
    expect(await deleteFileApiKey(ORIGIN, env)).toEqual({ ok: true, value: false });
    expect(await readFileApiKey('https://b.example', env)).toEqual({ ok: true, value: 'other-key-abcdef' });
    expect(await readFileApiKey(ORIGIN, env)).toEqual({ ok: true, value: null });
  });

  it('an absent file reads as no key', async () => {
    expect(await readFileApiKey(ORIGIN, envFor())).toEqual({ ok: true, value: null });
    expect(await deleteFileApiKey(ORIGIN, envFor())).toEqual({ ok: true, value: false });
  });

  it('refuses a file that others can read (0644), naming the chmod fix, without the key', async () => {
    const env = envFor();
    await writeFileApiKey(ORIGIN, SECRET, env);
    const path = credentialsPath(env);
    chmodSync(path, 0o644);
    const r = await readFileApiKey(ORIGIN, env);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toContain(`chmod 600 ${path}`);
    expect(r.reason).toContain('0644');
    expect(r.reason).not.toContain(SECRET);
    chmodSync(path, 0o640); // group-readable is refused too
    expect((await readFileApiKey(ORIGIN, env)).ok).toBe(false);
  });

  it('rewriting a too-open file leaves it 0600', async () => {
    const env = envFor();
    await writeFileApiKey(ORIGIN, SECRET, env);
    chmodSync(credentialsPath(env), 0o644);
    await writeFileApiKey(ORIGIN, SECRET, env);
    expect(modeOf(credentialsPath(env))).toBe(0o600);
  });

  it('reports a malformed file without overwriting it', async () => {
    const env = envFor();
    const path = credentialsPath(env);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, '{"keys": [', { mode: 0o600 });
    const read = await readFileApiKey(ORIGIN, env);
    expect(read).toEqual({ ok: false, reason: `${path} is not valid JSON; fix it or delete it.` });
    expect((await writeFileApiKey(ORIGIN, SECRET, env)).ok).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('{"keys": [');
  });

  it('replaces atomically: a failure before the rename keeps the old content and leaves no temp file', async () => {
    const env = envFor();
    await writeFileApiKey(ORIGIN, 'old-key-0000', env);
    const path = credentialsPath(env);
    const before = readFileSync(path, 'utf8');
    let tempSeen = '';
    const r = await writeFileApiKey(ORIGIN, SECRET, env, {
      hooks: {
        beforeRename: (temp) => {
          tempSeen = temp;
          // The new content is complete in a sibling temp file, with the final mode, before the swap.
          expect(dirname(temp)).toBe(dirname(path));
          expect(readFileSync(temp, 'utf8')).toContain(SECRET);
          expect(modeOf(temp)).toBe(0o600);
          throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
        },
      },
    });
    expect(tempSeen).not.toBe('');
    expect(r).toEqual({ ok: false, reason: `Could not write ${path}: the disk is full — free space and try again.` });
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(readdirSync(dirname(path))).toEqual(['credentials.json']);
  });

  it('leaves no temp files after successful writes', async () => {
    const env = envFor();
    for (let i = 0; i < 5; i++) await writeFileApiKey(`https://h${i}.example`, `${SECRET}-${i}`, env);
    await deleteFileApiKey('https://h0.example', env);
    expect(readdirSync(dirname(credentialsPath(env)))).toEqual(['credentials.json']);
  });

  it('a removal that cannot be written says the key is still in the file, in plain words', async () => {
    const env = envFor();
    await writeFileApiKey(ORIGIN, SECRET, env);
    const path = credentialsPath(env);
    const refuse = (code: string) => ({ hooks: { beforeRename: () => { throw Object.assign(new Error(code), { code }); } } });
    expect(await deleteFileApiKey(ORIGIN, env, refuse('ENOSPC'))).toMatchObject({
      ok: false,
      keyLeft: true,
      reason: `The key for ${ORIGIN} is still in ${path}: the disk is full — free space and try again.`,
    });
    const ro = await deleteFileApiKey(ORIGIN, env, refuse('EROFS'));
    expect(ro.ok ? '' : ro.reason).toContain('is still in');
    expect(ro.ok ? '' : ro.reason).toContain('the file system is read-only — make it writable');
    expect(await readFileApiKey(ORIGIN, env)).toEqual({ ok: true, value: SECRET });
  });
});
