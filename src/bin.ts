#!/usr/bin/env node
// The entry point. It must parse and run on old Node (npx ignores `engines`; Debian 12 ships 18), so
// it only checks the version and then loads the rest lazily. (exit and dead-terminal use nothing newer.)
import { buildVersion, enableCompileCache, usableCacheDir } from './startup/compile-cache.js';
import { exitOnUnexpected, exitWhenDrained } from './startup/exit.js';
import { fileURLToPath } from 'node:url';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 18)) {
  process.stderr.write(`pagetui needs Node >= 20.18 (this is Node ${process.versions.node}).\n`);
  process.exit(2);
}

type Cli = typeof import('./cli.js');
const argv = process.argv.slice(2);
const SAVE_AFTER_MS = 1500;

// Before the lazy import, so the rest of the bundle is compiled from (and into) the cache.
const nodeCaches = enableCompileCache();
loadCli()
  .then((cli) => cli.main(argv))
  .then(exitWhenDrained)
  .catch(exitOnUnexpected);

/**
 * The CLI: for the interactive app and the listing commands on a Node without a compile cache,
 * the one-file app bundle (dist/app.cjs) through our own code cache, one entry for each; otherwise,
 * or if that bundle cannot be read or compiled, the lazily loaded ESM chunks. Other commands,
 * --help and --version never touch the cache.
 */
async function loadCli(): Promise<Cli> {
  const use = cacheUse(argv);
  if (nodeCaches || use === undefined || process.env.NODE_DISABLE_COMPILE_CACHE) return import('./cli.js');
  try {
    const { loadWithCodeCache } = await import('./startup/code-cache.js');
    const bundle = fileURLToPath(new URL('./app.cjs', import.meta.url));
    const loaded = loadWithCodeCache(bundle, usableCacheDir(buildVersion(), process.env, 'code-cache'), use);
    // Later rather than now: the data then holds the functions the first frames compiled too.
    setTimeout(() => loaded.save(), SAVE_AFTER_MS).unref();
    process.once('exit', () => loaded.save());
    return loaded.exports as unknown as Cli;
  } catch {
    return import('./cli.js');
  }
}

/**
 * Which code cache entry argv's run fills and uses: the interactive app's, the listing commands'
 * (a separate entry, so that each holds the functions its own start compiles), or none (other
 * commands, help, version). A wrong guess only costs speed.
 */
function cacheUse(args: readonly string[]): 'app' | 'listing' | undefined {
  if (args.some((arg) => arg === '-h' || arg === '--help' || arg === '-v' || arg === '--version')) return undefined;
  const first = args[0];
  if (first === 'groups' || first === 'pages') return 'listing';
  if (first !== undefined && ['demo-server', 'login', 'logout', 'auth', 'help', 'cache'].includes(first)) return undefined;
  return 'app';
}
