/**
 * Where the list cache lives and how one entry is named: `$XDG_CACHE_HOME/pagetui/lists/` (or
 * `~/.cache/pagetui/lists/`), every folder it makes 0700 (a `pagetui/` folder already there is left
 * as it is; `lists/` is ours alone and set 0700) and each file 0600. An entry's name is the first 40
 * hex digits of HMAC-SHA256(salt, base URL + NUL + API key), the salt random and kept in the same
 * folder, so the key is never written, an entry cannot be matched to a key without the salt, and
 * another key never finds the entry of this one. Every read is small, synchronous and silent: anything odd reads as "nothing".
 */
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { tempPathFor, writeFileAtomic, writeFileAtomicSync } from '../fs/atomic-write.js';

type Env = Readonly<Record<string, string | undefined>>;

const SALT_FILE = 'salt';
const SALT_BYTES = 32;
const SALT_TEXT = /^[0-9a-f]{64}$/;
/** An entry larger than this is not read (nor written). */
export const MAX_ENTRY_BYTES = 512 * 1024;
/** Entries kept; the oldest go first. */
export const MAX_ENTRIES = 16;

/** `$XDG_CACHE_HOME/pagetui/lists`, or `~/.cache/pagetui/lists` (a relative XDG_CACHE_HOME is ignored). */
export function listCacheDir(env: Env): string {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'pagetui', 'lists');
  const home = env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir();
  return join(home, '.cache', 'pagetui', 'lists');
}

/** Opens without following a symlink (where the platform can say so), and a FIFO without waiting for a writer. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * A file of the cache's own, as it writes them: a regular file (not a symlink), ours, that no one
 * else may read or write. Anything else was not written by the cache, whatever it holds.
 */
function isOwnFile(stat: Stats): boolean {
  const uid = process.getuid?.();
  return stat.isFile() && (uid === undefined || stat.uid === uid) && (stat.mode & 0o077) === 0;
}

/** The bytes of a file of the cache's own (see isOwnFile), at most `max`; undefined for anything else (absent, a symlink, a FIFO, too big, unreadable). */
export function readSmallFile(path: string, max: number): Buffer | undefined {
  try {
    // Opening a FIFO waits for a writer: anything but a regular file is passed over before it is
    // opened (and the flags hold if it was put there since).
    if (!isOwnFile(lstatSync(path))) return undefined;
    const fd = openSync(path, READ_FLAGS);
    try {
      const stat = fstatSync(fd);
      if (!isOwnFile(stat) || stat.size > max) return undefined;
      return readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** The entry's file name for this base URL and key: 40 hex digits (160 bits) of the HMAC, then `.json`. */
export function entryName(salt: Buffer, baseUrl: string, apiKey: string): string {
  return `${createHmac('sha256', salt).update(baseUrl).update('\0').update(apiKey).digest('hex').slice(0, 40)}.json`;
}

/** The folder's salt as it is; undefined when absent or not what this version writes. */
export function readSalt(dir: string): Buffer | undefined {
  const text = readSmallFile(join(dir, SALT_FILE), SALT_BYTES * 4)?.toString('latin1');
  return text && SALT_TEXT.test(text) ? Buffer.from(text, 'hex') : undefined;
}

/**
 * Whether the cache may write `path`: absent, or a regular file of its own. The atomic writer
 * follows a symlink and writes straight into a FIFO or device (right for a user's file, wrong for
 * a cache): anything else in the cache's folder is left alone, and the cache is then off.
 */
function mayWrite(path: string): boolean {
  try {
    const stat = lstatSync(path);
    return stat.isFile() && !stat.isSymbolicLink();
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** The folder made (0700) and its salt, made on first use. Throws when the disk says no, or the salt is not a file of ours. */
function saltForWriting(dir: string): Buffer {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Ours alone, so 0700 whatever it was; but a symlink there is the user's, and so is what it points to.
  if (!lstatSync(dir).isSymbolicLink()) chmodSync(dir, 0o700);
  if (!mayWrite(join(dir, SALT_FILE))) throw new Error('the salt is not a regular file');
  const found = readSalt(dir);
  if (found) return found;
  const salt = randomBytes(SALT_BYTES);
  writeFileAtomicSync(join(dir, SALT_FILE), salt.toString('hex'), 0o600);
  return salt;
}

/** Where an entry for this base URL and key is written (the folder and salt made if needed). */
export function entryPathForWriting(dir: string, baseUrl: string, apiKey: string): string {
  return join(dir, entryName(saltForWriting(dir), baseUrl, apiKey));
}

/** Removes the cache's own file at `path` (a regular file; anything else there is left alone). Never throws. */
export function removeOwnFile(path: string): void {
  try {
    if (lstatSync(path).isFile()) rmSync(path, { force: true });
  } catch {
    // Absent, or the folder cannot be read: nothing of ours to remove.
  }
}

/** Temporary files of background writes still under way: removed if the process ends first. */
const unfinished = new Set<string>();

function removeUnfinished(): void {
  for (const temp of unfinished) rmSync(temp, { force: true });
  unfinished.clear();
}

/** Writes one entry (0600), then keeps the newest MAX_ENTRIES. Never throws: a cache that cannot be written is no cache. */
export async function writeEntry(path: string, text: string, dir: string): Promise<void> {
  if (!mayWrite(path)) return;
  const temp = tempPathFor(path);
  if (unfinished.size === 0) process.once('exit', removeUnfinished);
  unfinished.add(temp);
  try {
    await writeFileAtomic(path, text, 0o600, { tempPath: temp });
    prune(dir);
  } catch {
    // A full or read-only disk: the next start is merely slower.
  } finally {
    unfinished.delete(temp);
    if (unfinished.size === 0) process.off('exit', removeUnfinished);
  }
}

/** As writeEntry, synchronously (at exit). */
export function writeEntrySync(path: string, text: string, dir: string): void {
  if (!mayWrite(path)) return;
  try {
    writeFileAtomicSync(path, text, 0o600);
    prune(dir);
  } catch {
    // As above.
  }
}

/** Removes all but the newest MAX_ENTRIES entries. */
function prune(dir: string): void {
  const entries = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      try {
        return { name, at: statSync(join(dir, name)).mtimeMs };
      } catch {
        return { name, at: 0 };
      }
    })
    .sort((a, b) => b.at - a.at);
  for (const old of entries.slice(MAX_ENTRIES)) rmSync(join(dir, old.name), { force: true });
}

/** `pagetui cache clear`: the folder and everything in it. Returns how many entries went. */
export function clearListCache(env: Env): number {
  const dir = listCacheDir(env);
  let count = 0;
  try {
    count = readdirSync(dir).filter((name) => name.endsWith('.json')).length;
  } catch {
    return 0;
  }
  rmSync(dir, { recursive: true, force: true });
  return count;
}
