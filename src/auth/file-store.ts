/**
 * The plaintext credentials file chosen with `login --insecure-storage`:
 * `<configDir>/credentials.json` = `{ "keys": { "<origin>": "<key>" } }`. Written atomically with
 * mode 0600 (folder created 0700 when absent); refused, as ssh does, when group or others can
 * read it. Messages name the file, never the key.
 */
import { readFile, stat } from 'node:fs/promises';
import { writeFileAtomic, type AtomicWriteHooks } from '../fs/atomic-write.js';
import { writeFailureWords } from '../fs/write-failure-words.js';
import { couldNotBeRead } from '../fs/read-failure-words.js';
import { jsonText } from '../text/json.js';
import { credentialsPath, type Env } from './paths.js';
import { fail, ok, type AuthResult } from './result.js';

export interface FileStoreOptions {
  /** Test seam for the atomic write. */
  readonly hooks?: AtomicWriteHooks;
}

type Keys = Record<string, string>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads and checks the file: absent → empty; too open or malformed → a reason. */
async function readKeys(path: string, checkMode: boolean): Promise<AuthResult<Keys>> {
  let mode: number;
  try {
    const st = await stat(path);
    if (!st.isFile()) return fail(`${path} is not a regular file; remove it or move it away.`);
    mode = st.mode & 0o777;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return ok({});
    return fail(`${path} ${couldNotBeRead(code)}.`);
  }
  if (checkMode && (mode & 0o077) !== 0) {
    return fail(
      `Refusing to use ${path}: other users can read it (mode ${mode.toString(8).padStart(4, '0')}); run \`chmod 600 ${path}\` to fix it.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return fail(code ? `${path} ${couldNotBeRead(code)}.` : `${path} is not valid JSON; fix it or delete it.`);
  }
  if (!isPlainObject(parsed) || (parsed.keys !== undefined && !isPlainObject(parsed.keys))) {
    return fail(`${path} does not have the form {"keys":{"<origin>":"<key>"}}; fix it or delete it.`);
  }
  const keys: Keys = {};
  for (const [origin, key] of Object.entries(parsed.keys ?? {})) if (typeof key === 'string') keys[origin] = key;
  return ok(keys);
}

const writeKeys = (path: string, keys: Keys, opts: FileStoreOptions): Promise<void> =>
  writeFileAtomic(path, `${jsonText({ keys }, 2)}\n`, 0o600, opts.hooks);

/** `the disk is full — free space and try again`: the plain words `e` and `V` use. */
export function writeFailureSentence(e: unknown, again = 'try again'): string {
  const { reason, fix } = writeFailureWords(e);
  return fix === '' ? `${reason}; ${again}` : `${reason} — ${fix} and ${again}`;
}

const writeFailure = (path: string, e: unknown): string => `Could not write ${path}: ${writeFailureSentence(e)}.`;

/** A removal the file could not take: the key is still in it (`keyLeft`), and `error` says why. */
export interface KeyLeftInFile {
  readonly ok: false;
  readonly keyLeft: true;
  readonly reason: string;
  readonly error: unknown;
}

/** The key stored for `origin`, or null. Fails when the file is readable by others or malformed. */
export async function readFileApiKey(origin: string, env: Env): Promise<AuthResult<string | null>> {
  const r = await readKeys(credentialsPath(env), true);
  if (!r.ok) return r;
  const key = r.value[origin];
  return ok(key === undefined || key === '' ? null : key);
}

/**
 * Stores `key` for `origin`, keeping the other origins' keys. The new file is 0600 whatever the old
 * one's mode was. A malformed existing file is not overwritten (it may hold other keys).
 */
export async function writeFileApiKey(origin: string, key: string, env: Env, opts: FileStoreOptions = {}): Promise<AuthResult<void>> {
  const path = credentialsPath(env);
  const r = await readKeys(path, false);
  if (!r.ok) return r;
  try {
    await writeKeys(path, { ...r.value, [origin]: key }, opts);
  } catch (e) {
    return fail(writeFailure(path, e));
  }
  return ok(undefined);
}

/**
 * Removes the key for `origin`; the value says whether there was one. A rewrite that fails leaves
 * the key in the file, and the result says so (`keyLeft`), never "there was none".
 */
export async function deleteFileApiKey(
  origin: string,
  env: Env,
  opts: FileStoreOptions = {},
): Promise<AuthResult<boolean> | KeyLeftInFile> {
  const path = credentialsPath(env);
  const r = await readKeys(path, false);
  if (!r.ok) return r;
  if (!(origin in r.value)) return ok(false);
  const { [origin]: _removed, ...rest } = r.value;
  try {
    await writeKeys(path, rest, opts);
  } catch (e) {
    return { ok: false, keyLeft: true, reason: `The key for ${origin} is still in ${path}: ${writeFailureSentence(e)}.`, error: e };
  }
  return ok(true);
}
