/**
 * `pagetui doctor`'s List cache line: whether the app would show the last session's rows at start
 * and keep this one's, what says so (PAGETUI_CACHE, `"cache"` in the config file), where they live
 * and how many services and keys have rows kept (docs/cache.md). A PAGETUI_CACHE not understood warns.
 */
import { readdirSync } from 'node:fs';
import type { PagetuiConfig } from '../../../auth/config.js';
import type { Env } from '../../../auth/paths.js';
import { listCacheDir } from '../../../startup/list-cache-file.js';
import { cacheSetting } from '../../list-cache-use.js';
import { result, type CheckResult } from './check.js';

function keptCount(dir: string): number {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.json')).length;
  } catch {
    return 0;
  }
}

/** `noCache`: checked as the app would run with `--no-cache`, which says the cache is off before the variable and the file. */
export function listCacheCheck(env: Env, config: Pick<PagetuiConfig, 'cache'>, noCache = false): CheckResult {
  const setting = cacheSetting(noCache ? { noCache } : {}, config, env);
  const dir = listCacheDir(env);
  const kept = keptCount(dir);
  const variable = env['PAGETUI_CACHE']?.trim() ?? '';
  const fileSaysOff = config.cache === false;
  // The Config line shows the file's "cache off"; when the variable turns it back on, this line says it won.
  const over = setting.on && fileSaysOff ? ' (over "cache": false in the config file)' : '';
  const from = noCache ? '--no-cache' : variable !== '' ? `PAGETUI_CACHE=${JSON.stringify(variable).slice(1, -1)}${over}` : fileSaysOff ? '"cache": false in the config file' : undefined;
  const facts = { on: setting.on, from: from ?? null, dir, kept };
  if (setting.warning !== undefined) return result('list-cache', 'List cache', 'warn', setting.warning, facts);
  const held = `${kept === 1 ? '1 service and key' : `${kept} services and keys`} kept in ${dir}`;
  if (setting.on) return result('list-cache', 'List cache', 'pass', `on${from ? `, from ${from}` : ''}: ${held} (--no-cache for one start)`, facts);
  return result('list-cache', 'List cache', 'pass', `off, from ${from ?? ''}: ${held} (pagetui cache clear removes them)`, facts);
}
