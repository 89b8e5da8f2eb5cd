/**
 * The app's key at start (resolveApiKey) and rememberWorkingApiKey with no D-Bus session (the SSH
 * case), or a keytar that cannot load (a machine with only Node: no libsecret): real stores, no fakes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileApiKey } from '../../src/auth/file-store.js';
import { resolveApiKey } from '../../src/auth/api-key-source.js';
import { rememberWorkingApiKey } from '../../src/cli/commands/app-api-key.js';
import { NO_DBUS_CAUSE } from '../helpers/keytar.js';
import { SECRET, cleanupTemp, isolatedEnv } from './helpers.js';

const ORIGIN = 'https://pages.example.com';

afterAll(() => cleanupTemp());

describe('resolveApiKey (the key the app starts with)', () => {
  it('prefers PAGETUI_API_KEY', async () => {
    expect(await resolveApiKey(ORIGIN, isolatedEnv({ PAGETUI_API_KEY: SECRET }))).toEqual({ key: SECRET, source: 'env', notes: [] });
  });

  it('falls back to the credentials file, noting why the keychain was skipped', async () => {
    const env = isolatedEnv();
    expect((await writeFileApiKey(ORIGIN, SECRET, env)).ok).toBe(true);
    const found = await resolveApiKey(ORIGIN, env);
    expect(found).toMatchObject({ key: SECRET, source: 'file' });
    expect(found.notes.join(' ')).toMatch(new RegExp(NO_DBUS_CAUSE));
    expect(found.notes.join(' ')).not.toContain(SECRET);
  });

  it('says none when there is no key anywhere', async () => {
    const found = await resolveApiKey(ORIGIN, isolatedEnv());
    expect(found.key).toBeUndefined();
    expect(found.source).toBe('none');
  });
});

describe('rememberWorkingApiKey', () => {
  it('keeps the key for the session only when no keychain is reachable, and says why', async () => {
    const env = isolatedEnv();
    const message = await rememberWorkingApiKey(ORIGIN, SECRET, env);
    expect(message).toMatch(new RegExp(`^Key kept for this session only: .*${NO_DBUS_CAUSE}.*PAGETUI_API_KEY`));
    expect(message).not.toContain(SECRET);
    expect((await resolveApiKey(ORIGIN, env)).source).toBe('none');
  });
});
