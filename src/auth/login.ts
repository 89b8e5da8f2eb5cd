/**
 * The library side of `pagetui login`, `logout` and `auth status`, and of the in-app login form.
 * Checking a key against the server is the caller's job; these functions only store, remove and
 * report. No message contains the key.
 */
import { deleteFileApiKey, writeFailureSentence, writeFileApiKey, type FileStoreOptions } from './file-store.js';
import { maskApiKey, resolveApiKey, type ApiKeySource, type AuthOptions } from './api-key-source.js';
import { deleteApiKey, probeKeychain, setApiKey, type KeychainOptions } from './keychain.js';
import { credentialsPath, originOf, type Env } from './paths.js';
import { fail, ok, type AuthResult } from './result.js';
import { hasControlChars } from '../text/sanitize.js';
import { apiKeyHeaderProblem, MAX_API_KEY_LENGTH } from '../text/api-key-limits.js';

export interface SaveApiKeyResult {
  readonly where: 'keychain' | 'file' | 'session';
  /** One line for the status bar or stderr. */
  readonly message: string;
  /** Saved in the keychain: the credentials file a plaintext copy for the origin was removed from. */
  readonly removedPlaintextFrom?: string;
}

/**
 * Saves `key` for `origin`: in the keychain, or with `insecureStorage` in the plaintext credentials
 * file. When the chosen store fails, the key is kept for the session only and the message says why.
 * Saved in the keychain, a plaintext copy for the same origin leaves the credentials file (and the
 * message says so): a key moved to the keychain is not left readable on disk.
 */
export async function saveApiKey(
  origin: string,
  key: string,
  opts: { insecureStorage: boolean; env: Env } & AuthOptions,
): Promise<SaveApiKeyResult> {
  const kcOpts: KeychainOptions = { env: opts.env, ...opts.keychain };
  if (opts.insecureStorage) {
    const path = credentialsPath(opts.env);
    const r = await writeFileApiKey(origin, key, opts.env);
    if (!r.ok) return { where: 'session', message: `Kept the key for this session only: ${r.reason}` };
    // The keychain is read first; an old key there would shadow the one just saved.
    await deleteApiKey(origin, kcOpts);
    return { where: 'file', message: `Saved the key for ${origin} in ${path} (plaintext, readable only by you).` };
  }
  const r = await setApiKey(origin, key, kcOpts);
  if (!r.ok) return { where: 'session', message: `Kept the key for this session only: ${r.reason}` };
  const saved = `Saved the key for ${origin} in the system keychain`;
  const path = credentialsPath(opts.env);
  const plaintext = await deleteFileApiKey(origin, opts.env);
  if (!plaintext.ok) return { where: 'keychain', message: `${saved}; ${path} could not be checked for a plaintext copy: ${plaintext.reason}` };
  if (!plaintext.value) return { where: 'keychain', message: `${saved}.` };
  return { where: 'keychain', message: `${saved} and removed its plaintext copy from ${path}.`, removedPlaintextFrom: path };
}

export interface LogoutResult {
  /** The stores a key was removed from. */
  readonly removedFrom: ReadonlyArray<'keychain' | 'file'>;
  readonly message: string;
  /** Stores that could not be checked, and a reminder when PAGETUI_API_KEY is still set. */
  readonly notes: string[];
  /** The key is still saved: the credentials file could not be rewritten (the message says why). */
  readonly keyLeft: boolean;
}

/** Removes the key for `origin` from the keychain and the credentials file; says whether there was one. */
export async function logout(origin: string, env: Env, opts: AuthOptions & { readonly fileStore?: FileStoreOptions } = {}): Promise<LogoutResult> {
  const removedFrom: Array<'keychain' | 'file'> = [];
  const notes: string[] = [];
  const kc = await deleteApiKey(origin, { env, ...opts.keychain });
  if (kc.ok && kc.value) removedFrom.push('keychain');
  if (!kc.ok) notes.push(`Could not check the keychain: ${kc.reason}`);
  const file = await deleteFileApiKey(origin, env, opts.fileStore);
  if (file.ok && file.value) removedFrom.push('file');
  if ('keyLeft' in file) {
    const message = `The key for ${origin} is still in ${credentialsPath(env)}: ${writeFailureSentence(file.error, 'run pagetui logout again')}.`;
    const also = removedFrom.length > 0 ? [`It was removed from the system keychain.`] : [];
    return { removedFrom, message, notes: [...also, ...notes, ...envNote(env)], keyLeft: true };
  }
  if (!file.ok) notes.push(file.reason);
  notes.push(...envNote(env));
  const places = removedFrom.map((w) => (w === 'keychain' ? 'the system keychain' : credentialsPath(env)));
  const message =
    places.length > 0
      ? `Removed the saved key for ${origin} from ${places.join(' and ')}.`
      : `There was no saved key for ${origin}.`;
  return { removedFrom, message, notes, keyLeft: false };
}

const envNote = (env: Env): string[] =>
  env.PAGETUI_API_KEY !== undefined && env.PAGETUI_API_KEY.trim() !== ''
    ? ['PAGETUI_API_KEY is still set in this environment and is used before any saved key.']
    : [];

export interface AuthStatus {
  readonly baseUrl: string;
  readonly origin: string;
  readonly source: ApiKeySource;
  /** `••••abcd`, when a key was found. */
  readonly maskedKey?: string;
  readonly keychain: { readonly reachable: boolean; readonly reason?: string };
  /** Other stores' problems (e.g. a refused credentials file). */
  readonly notes: string[];
}

/** Data for `pagetui auth status` (exit 0 when `source !== 'none'`, 3 otherwise). */
export async function authStatus(baseUrl: string, env: Env, opts: AuthOptions = {}): Promise<AuthStatus> {
  const origin = originOf(baseUrl);
  const found = await resolveApiKey(origin, env, opts);
  let keychain: AuthStatus['keychain'] = { reachable: true };
  // A read that failed already says why; asking again would cost another child and its deadline.
  if (found.keychainReason !== undefined) keychain = { reachable: false, reason: found.keychainReason };
  else if (found.source !== 'keychain') {
    const probe = await probeKeychain({ env, ...opts.keychain });
    if (!probe.ok) keychain = { reachable: false, reason: probe.reason };
  }
  const notes = found.notes.filter((n) => n !== keychain.reason);
  return {
    baseUrl,
    origin,
    source: found.source,
    ...(found.key === undefined ? {} : { maskedKey: maskApiKey(found.key) }),
    keychain,
    notes,
  };
}

const MAX_STDIN_KEY_BYTES = 64 * 1024;

/** Why `key` cannot be sent as an `x-api-key` header value, or undefined when it can. */
export function apiKeyShapeProblem(key: string): string | undefined {
  if (key === '') return 'The key is empty.';
  if (key.length > MAX_API_KEY_LENGTH) return `The key ${apiKeyHeaderProblem(key) ?? ''}: paste the key alone.`;
  if (hasControlChars(key)) return 'The key contains line breaks or other control characters.';
  if (apiKeyHeaderProblem(key) !== undefined) return 'The key contains characters outside ASCII, which a header cannot carry.';
  if (/\s/.test(key)) return 'The key contains spaces.';
  return undefined;
}

/**
 * Reads the key for `login --with-key` from `stream` (stdin): surrounding whitespace and the
 * trailing newline are dropped; empty, multi-line or oversized input is refused.
 */
export async function readApiKeyFromStdin(stream: AsyncIterable<string | Buffer>): Promise<AuthResult<string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    size += b.length;
    if (size > MAX_STDIN_KEY_BYTES) return fail('The input on stdin is too large to be an API key.');
    chunks.push(b);
  }
  const key = Buffer.concat(chunks).toString('utf8').trim();
  if (key === '') return fail('No key on stdin: pipe the key in, e.g. `printenv MY_KEY | pagetui login --with-key`.');
  const problem = apiKeyShapeProblem(key);
  return problem ? fail(`${problem.slice(0, -1)} (read from stdin).`) : ok(key);
}
