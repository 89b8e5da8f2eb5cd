/**
 * The interactive app's side of the key: where it comes from at start, and what happens to a key
 * typed into the app's login form once a request succeeded with it.
 */
import { resolveApiKey } from '../../auth/api-key-source.js';
import { credentialsPath } from '../../auth/config.js';
import { probeKeychain } from '../../auth/keychain.js';
import { saveApiKey } from '../../auth/login.js';
import { createKeyStorage, type KeyStorage } from '../../ui/index.js';
import { withoutFallbacks } from './keychain-note.js';

/** Where the app's key comes from at start: env, keychain, file (never prompts). */
export async function findAppApiKey(
  origin: string,
  env: NodeJS.ProcessEnv,
): Promise<{ key?: string; source: string; notes: string[] }> {
  const found = await resolveApiKey(origin, env);
  return found.key === undefined
    ? { source: found.source, notes: [...found.notes] }
    : { key: found.key, source: found.source, notes: [...found.notes] };
}

/**
 * After a key typed into the app's login form worked (a request succeeded with it): save it to the
 * keychain when reachable, else keep it for the session; returns the one-line status-bar message
 * (e.g. "Key saved to the keychain" / "Key kept for this session only: <reason>").
 */
export async function rememberWorkingApiKey(origin: string, key: string, env: NodeJS.ProcessEnv): Promise<string> {
  const saved = await saveApiKey(origin, key, { insecureStorage: false, env });
  if (saved.where === 'keychain') return `Key saved to the keychain for ${origin}`;
  return `Key kept for this session only: ${saved.message.replace(/^Kept the key for this session only: /, '')}`;
}

/**
 * Where the app's `L` form saves a key that worked: the keychain where it is reachable, else what
 * the user picked in the form (this session only, or the plaintext file).
 */
export function appKeyStorage(origin: string, env: NodeJS.ProcessEnv): KeyStorage {
  return createKeyStorage({
    filePath: credentialsPath(env),
    probe: async () => {
      const probe = await probeKeychain({ env });
      return probe.ok ? undefined : withoutFallbacks(probe.reason);
    },
    save: async (key, insecureStorage) => {
      if (!insecureStorage) return rememberWorkingApiKey(origin, key, env);
      const saved = await saveApiKey(origin, key, { insecureStorage: true, env });
      if (saved.where === 'file') return `Key saved in ${credentialsPath(env)} (plaintext, readable only by you)`;
      return `Key kept for this session only: ${saved.message.replace(/^Kept the key for this session only: /, '')}`;
    },
  });
}
