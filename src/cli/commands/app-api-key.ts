/**
 * What happens to a key typed into the interactive app's login form once a request succeeded with
 * it. (Where the app's key comes from at start is resolveApiKey in src/auth/api-key-source.ts.)
 */
import { keychainProblem } from '../../auth/keychain.js';
import { saveApiKey } from '../../auth/login.js';
import { credentialsPath } from '../../auth/paths.js';
import { createKeyStorage, type KeyStorage } from '../../ui/index.js';

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
    probe: () => keychainProblem({ env }),
    save: async (key, insecureStorage) => {
      if (!insecureStorage) return rememberWorkingApiKey(origin, key, env);
      const saved = await saveApiKey(origin, key, { insecureStorage: true, env });
      if (saved.where === 'file') return `Key saved in ${credentialsPath(env)} (plaintext, readable only by you)`;
      return `Key kept for this session only: ${saved.message.replace(/^Kept the key for this session only: /, '')}`;
    },
  });
}
