/** `pagetui cache clear`: forgets the rows kept from earlier sessions (docs/cache.md). */
import { clearListCache, listCacheDir } from '../../startup/list-cache-file.js';

export const CACHE_HELP = `pagetui cache — the rows kept from earlier sessions

USAGE
  pagetui cache clear

At start the browser shows the rows you last saw for the same service and key at once, marked
"cached", until the service's answer replaces them. They are kept under
$XDG_CACHE_HOME/pagetui/lists (or ~/.cache/pagetui/lists), never with the key itself.
"cache clear" removes them all. --no-cache, "cache": false in config.json or PAGETUI_CACHE=off
turn the cache off.
`;

type Env = Readonly<Record<string, string | undefined>>;

/** Runs `pagetui cache <rest>`; resolves with the exit code. */
export function runCache(rest: readonly string[], env: Env, out: { write(text: string): unknown }): Promise<number> {
  if (rest.length !== 1 || rest[0] !== 'clear') {
    process.stderr.write('pagetui: "cache" takes one command: pagetui cache clear\n');
    return Promise.resolve(2);
  }
  try {
    const count = clearListCache(env);
    out.write(count === 0 ? 'The list cache was empty.\n' : `Removed the kept rows of ${count} ${count === 1 ? 'service and key' : 'services and keys'}.\n`);
    return Promise.resolve(0);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    process.stderr.write(`pagetui: could not clear ${listCacheDir(env)} (${code})\n`);
    return Promise.resolve(1);
  }
}
