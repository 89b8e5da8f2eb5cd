import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { withStartFlags } from './runtime-flags.js';

/**
 * A V8 code cache for the app bundle (dist/app.cjs) on Node without `module.enableCompileCache`
 * (Node 20): the bundle is compiled with `vm.Script` from cached data kept under
 * `$XDG_CACHE_HOME/pagetui/code-cache/<version>/`, and the data is produced again, after the app
 * has run a while (so that it holds the functions the first frames compiled), whenever there was
 * none or V8 refused it.
 *
 * One entry per installed bundle and use (its name is a hash of the bundle's path, the Node
 * version, the architecture and `use`: the interactive app or a listing command, whose starts
 * compile different functions), so two installs of one version do not overwrite each other's entry
 * and rebuilds leave no old entries behind. Never trusted blindly: the entry starts with the bundle
 * file's size, mtime and inode when it was made, and is ignored unless they still match, so a
 * changed or reinstalled bundle never meets an old entry; V8 checks its own version, flags and the
 * source length, and, with --verify-snapshot-checksum (off by default in release builds, where V8
 * would deserialize a corrupt payload and crash), a checksum of the whole payload. Anything wrong
 * (missing, corrupt, stale, unreadable, unwritable) means a normal compile; a cache cannot stop or
 * disturb the app.
 */

/** The bundle runs as a CommonJS module would; `import.meta.url` is defined by the build as the last parameter. */
const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname, __pagetuiImportMetaUrl) {';
const WRAP_TAIL = '\n})';
const ENTRY_SUFFIX = '.v8';

export type CacheState = 'accepted' | 'rejected' | 'absent' | 'off';

export interface LoadedScript {
  readonly exports: Record<string, unknown>;
  /** What became of the cached data: used, refused by V8, none, or no cache directory. */
  readonly cacheState: CacheState;
  /** Writes the cache if it was not used (at most once, never throws). */
  save(): void;
}

/** The cache entry for the bundle `file` under `dir`, for one use of it (see loadWithCodeCache). */
function codeCacheFile(dir: string, file: string, use: string): string {
  const key = [process.version, process.arch, file, use].join('\0');
  return join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}${ENTRY_SUFFIX}`);
}

/** The first line of an entry: which state of the bundle file it was made from. */
function bundleIdentity(file: string): string {
  const { size, mtimeMs, ino } = statSync(file);
  return `pagetui-code-cache/1 ${size} ${mtimeMs} ${ino}\n`;
}

/** The V8 data in `entry` if it was made from the bundle as it is now (`identity`), else undefined. */
function readEntry(entry: string, identity: string): Buffer | undefined {
  const data = readFileSync(entry);
  const head = Buffer.from(identity);
  return data.length > head.length && data.subarray(0, head.length).equals(head) ? data.subarray(head.length) : undefined;
}

/** Writes the entry atomically: a reader sees the old entry or the whole new one. */
function writeEntry(entry: string, identity: string, data: Buffer): void {
  mkdirSync(dirname(entry), { recursive: true, mode: 0o700 });
  const temporary = `${entry}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, Buffer.concat([Buffer.from(identity), data]), { mode: 0o600 });
    renameSync(temporary, entry);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Compiles and runs the CommonJS bundle `file` (through the cache in `cacheDir` when given, the
 * entry for `use`) and returns its exports. Reading or compiling the bundle may throw (the caller
 * then loads the app another way); nothing about the cache does.
 */
export function loadWithCodeCache(file: string, cacheDir: string | undefined, use = 'app'): LoadedScript {
  const source = readFileSync(file, 'utf8');
  let cacheFile: string | undefined;
  let identity = '';
  let cachedData: Buffer | undefined;
  try {
    if (cacheDir !== undefined) {
      // Set before the data is produced or read, so that both carry and check the checksum.
      v8.setFlagsFromString('--verify-snapshot-checksum');
      cacheFile = codeCacheFile(cacheDir, file, use);
      identity = bundleIdentity(file);
      cachedData = readEntry(cacheFile, identity);
    }
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(WRAP_HEAD + source + WRAP_TAIL, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const cacheState: CacheState =
    cacheFile === undefined ? 'off' : cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'accepted';
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper(module.exports, createRequire(file), module, file, dirname(file), pathToFileURL(file).href);

  let saved = cacheState === 'accepted' || cacheFile === undefined;
  return {
    exports: module.exports,
    cacheState,
    save() {
      if (saved || cacheFile === undefined) return;
      saved = true;
      try {
        writeEntry(cacheFile, identity, withStartFlags(() => script.createCachedData()));
      } catch {
        // A cache is an optimisation; nothing about it may stop or disturb the app.
      }
    },
  };
}
