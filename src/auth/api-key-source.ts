/**
 * Where the API key comes from, in order (issue 3): `PAGETUI_API_KEY` → the keychain → the
 * credentials file → none (the caller then shows the login form or exits 3); and the one place
 * the interactive app keeps it for the run.
 */
import { maskKey } from '../text/redact.js';
import { readFileApiKey } from './file-store.js';
import { getApiKey, type KeychainOptions } from './keychain.js';
import type { Env } from './paths.js';

export type ApiKeySource = 'env' | 'keychain' | 'file' | 'none';

export interface ResolvedApiKey {
  readonly key?: string;
  readonly source: ApiKeySource;
  /** Why a store was skipped (keychain unreachable, file refused…); one sentence each. */
  readonly notes: string[];
  /**
   * Why the credentials file was skipped (others can read it, it is malformed…), with the fix;
   * also in `notes`. Said wherever a missing key is reported, since the key may well be in it.
   */
  readonly fileNote?: string;
  /** Why the keychain could not be read, when it could not (also in `notes`). */
  readonly keychainReason?: string;
}

/** Options of the functions that reach the keychain; its `env` defaults to the `env` argument. */
export interface AuthOptions {
  readonly keychain?: KeychainOptions;
}

/** Finds the key for `origin` (see {@link originOf}). Never throws; never returns the key in a note. */
export async function resolveApiKey(origin: string, env: Env, opts: AuthOptions = {}): Promise<ResolvedApiKey> {
  const fromEnv = env.PAGETUI_API_KEY;
  if (fromEnv !== undefined && fromEnv.trim() !== '') return { key: fromEnv.trim(), source: 'env', notes: [] };

  const notes: string[] = [];
  const kc = await getApiKey(origin, { env, ...opts.keychain });
  if (kc.ok && kc.value !== null) return { key: kc.value, source: 'keychain', notes };
  if (!kc.ok) notes.push(kc.reason);
  const keychain = kc.ok ? {} : { keychainReason: kc.reason };

  const file = await readFileApiKey(origin, env);
  if (file.ok && file.value !== null) return { key: file.value, source: 'file', notes, ...keychain };
  if (file.ok) return { source: 'none', notes, ...keychain };
  notes.push(file.reason);
  return { source: 'none', notes, fileNote: file.reason, ...keychain };
}

/** How a key is shown (`auth status`): the one masking, as the inspector and HAR files show it. */
export function maskApiKey(key: string): string {
  return maskKey(key);
}

/**
 * The API key for this run of the app. Kept in one place, read on every request, replaced by the
 * login form. `toJSON` and `inspect` hide it, so an accidental log or crash dump of this object
 * shows no secret.
 */
export class SessionApiKey {
  #key: string | undefined;

  constructor(initial?: string) {
    this.#key = initial === '' ? undefined : initial;
  }

  get(): string | undefined {
    return this.#key;
  }

  set(key: string): void {
    this.#key = key === '' ? undefined : key;
  }

  toJSON(): string {
    return '[redacted]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'SessionApiKey [redacted]';
  }
}
