/**
 * The interactive app's side of the key: where it comes from at start, and what happens to a key
 * typed into the app's login form once a request succeeded with it.
 */
import { resolveApiKey } from '../../auth/api-key-source.js';
import { saveApiKey } from '../../auth/login.js';

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
