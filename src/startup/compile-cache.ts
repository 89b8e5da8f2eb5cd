import { mkdirSync, statSync } from 'node:fs';
import nodeModule from 'node:module';
import { dirname, isAbsolute, join } from 'node:path';

declare const __PAGETUI_VERSION__: string | undefined;

type Env = Readonly<Record<string, string | undefined>>;
type EnableCompileCache = (directory: string) => unknown;

/**
 * `$XDG_CACHE_HOME/pagetui/compile-cache/<version>`, or `$HOME/.cache/pagetui/...`; undefined (no
 * cache) when neither is an absolute path: a relative XDG_CACHE_HOME is ignored, as the XDG spec
 * requires. One directory per app version, so an upgrade starts from an empty cache instead of one
 * full of entries for the old bundle. `kind` 'code-cache' is our own cache for Node 20 (code-cache.ts);
 * 'native' holds the single executable's keychain library (auth/keytar-asset.ts).
 */
export function compileCacheDir(version: string, env: Env = process.env, kind: 'compile-cache' | 'code-cache' | 'native' = 'compile-cache'): string | undefined {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'pagetui', kind, version);
  // HOME rather than os.homedir(): the entry loads nothing it does not need before the app.
  if (env.HOME && isAbsolute(env.HOME)) return join(env.HOME, '.cache', 'pagetui', kind, version);
  return undefined;
}

/**
 * `compileCacheDir`, but only where making it creates no home: HOME must exist for the
 * `$HOME/.cache` form (HOME=/nonexistent is the home of nobody and _apt, which must stay absent),
 * and XDG_CACHE_HOME or the folder it is in for the XDG form.
 */
export function usableCacheDir(version: string, env: Env = process.env, kind: 'compile-cache' | 'code-cache' = 'compile-cache'): string | undefined {
  const dir = compileCacheDir(version, env, kind);
  if (dir === undefined) return undefined;
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? (isFolder(xdg) ? xdg : dirname(xdg)) : (env.HOME ?? '');
  return isFolder(base) ? dir : undefined;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The build's version, read here rather than from version.ts so that the entry imports no chunk before the cache is on. */
export function buildVersion(): string {
  return typeof __PAGETUI_VERSION__ === 'string' ? __PAGETUI_VERSION__ : 'dev';
}

/**
 * Lets Node (>= 22.1) keep the compiled bundle on disk, so the next start skips most of the
 * parsing and compiling. Absent API (Node 20), a cache that cannot be created, read or written:
 * start as usual, silently. Node validates every entry itself and ignores a corrupt or stale one.
 * Returns false where Node has no such cache (then code-cache.ts can stand in for it).
 */
export function enableCompileCache(): boolean {
  const enable = (nodeModule as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  if (typeof enable !== 'function') return false;
  try {
    const dir = usableCacheDir(buildVersion());
    // Node would make the folders 0755: ours are made 0700 first (docs/cache.md), Node's own inside them.
    if (dir) mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (dir) enable(dir);
  } catch {
    // A cache is an optimisation; nothing about it may stop or disturb the app.
  }
  return true;
}
