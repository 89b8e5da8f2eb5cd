/**
 * What happens to a key typed into the interactive app's login form once a request succeeded with
 * it. (Where the app's key comes from at start is resolveApiKey in src/auth/api-key-source.ts.)
 */
import { keychainProblem } from '../../auth/keychain.js';
import { saveApiKey } from '../../auth/login.js';
import { credentialsPath } from '../../auth/paths.js';
import { createKeyStorage, SESSION_ONLY, type KeyStorage } from '../../ui/index.js';

const keptForSession = (message: string): string => `${SESSION_ONLY}: ${message.replace(/^Kept the key for this session only: /, '')}`;

/**
 * After a key typed into the app's login form worked (a request succeeded with it): save it to the
 * keychain (a plaintext copy for the origin leaves the credentials file), else keep it for the
 * session; returns the one-line status-bar message.
 */
export async function rememberWorkingApiKey(origin: string, key: string, env: NodeJS.ProcessEnv): Promise<string> {
  const saved = await saveApiKey(origin, key, { insecureStorage: false, env });
  if (saved.where !== 'keychain') return keptForSession(saved.message);
  const removed = saved.removedPlaintextFrom === undefined ? '' : `; removed the plaintext copy from ${saved.removedPlaintextFrom}`;
  return `Key saved to the keychain for ${origin}${removed}`;
}

/**
 * Where the app's login form saves a key that worked: where the form said (this session only, the
 * keychain, or the plaintext file). `fileNote`: why the credentials file was skipped at start.
 */
export function appKeyStorage(origin: string, env: NodeJS.ProcessEnv, fileNote?: string): KeyStorage {
  return createKeyStorage({
    filePath: credentialsPath(env),
    ...(fileNote === undefined ? {} : { fileNote }),
    probe: () => keychainProblem({ env }),
    save: async (key, where) => {
      if (where === 'keychain') return rememberWorkingApiKey(origin, key, env);
      const saved = await saveApiKey(origin, key, { insecureStorage: true, env });
      if (saved.where === 'file') return `Key saved in ${credentialsPath(env)} (0600, plaintext)`;
      return keptForSession(saved.message);
    },
  });
}
