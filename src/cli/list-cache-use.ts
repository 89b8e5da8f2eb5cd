/**
 * The list cache as the interactive app uses it (docs/cache.md): opened for the base URL and the
 * key of this start unless turned off, its group rows handed to the group list's pager at once,
 * and only ever written while the key is still the one it was opened with.
 */
import { listItemId } from '../api/pager/list-pager.js';
import type { Pager } from '../api/pager/pager.js';
import type { PagetuiConfig } from '../auth/config.js';
import { openListCache, type CachedList, type ListCache } from '../startup/list-cache.js';
import type { AppArgs } from './args.js';

export interface ListCacheStart {
  readonly cache: ListCache;
  /** The group list shows the cached rows. */
  readonly shown: boolean;
  /** The cached selection's row in them (0: the first). */
  readonly selected: number;
}

interface StartOptions {
  readonly args: Pick<AppArgs, 'noCache'>;
  readonly config: Pick<PagetuiConfig, 'cache'>;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The service: its origin and path. */
  readonly baseUrl: string;
  readonly key: { get(): string | undefined };
  readonly groupsPager: Pager;
}

/** Whether this start uses the cache: `--no-cache`, `"cache": false` and PAGETUI_CACHE=off say no. */
function cacheWanted(args: Pick<AppArgs, 'noCache'>, config: Pick<PagetuiConfig, 'cache'>, env: StartOptions['env']): boolean {
  return !args.noCache && config.cache !== false && env.PAGETUI_CACHE !== 'off';
}

/** Opens the cache and shows its group rows; undefined when the cache is off or no key is known yet. */
export function startListCache(o: StartOptions): ListCacheStart | undefined {
  const apiKey = o.key.get();
  if (apiKey === undefined || !cacheWanted(o.args, o.config, o.env)) return undefined;
  const opened = openListCache(o.env, o.baseUrl, apiKey);
  // Another key typed into the `L` form meanwhile: its rows are not this key's to keep.
  const cache: ListCache = {
    initial: opened.initial,
    save: (lists) => o.key.get() === apiKey && opened.save(lists),
    saveNow: (lists) => o.key.get() === apiKey && opened.saveNow(lists),
  };
  const groups = opened.initial.groups;
  if (groups) o.groupsPager.showStale(groups.items);
  return { cache, shown: o.groupsPager.getSnapshot().stale === true, selected: groups ? selectedRow(groups) : 0 };
}

function selectedRow(list: CachedList): number {
  const idOf = listItemId('groups');
  return Math.max(0, list.items.findIndex((item) => idOf(item) === list.selectedId));
}
