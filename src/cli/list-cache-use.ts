/**
 * The list cache as the interactive app uses it (docs/cache.md): opened for the base URL and the
 * key of this start unless turned off, its group rows handed to the group list's pager at once,
 * and only ever written while the key is still the one it was opened with.
 */
import { listItemId } from '../api/pager/list-pager.js';
import type { Pager } from '../api/pager/pager.js';
import type { PagetuiConfig } from '../auth/config.js';
import type { ItemSeq, PagerSnapshot, RawItem } from '../api/types.js';
import { openListCache, type ListCache } from '../startup/list-cache.js';
import { echoed } from '../text/echoed.js';
import type { AppArgs } from './args.js';

/** Answers after which cached rows are not shown (the key refused, the list gone). */
const REFUSED = new Set([401, 403, 404]);

export interface ListCacheStart {
  readonly cache: ListCache;
  /** The group list shows the cached rows. */
  readonly shown: boolean;
  /** The cached selection's row in them (0: the first). */
  readonly selected: number;
  /** The cached selection's row in other rows (the first page's), as the store places it. */
  selectedIn(items: ItemSeq): number;
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

/** The spellings of on and off the app takes in its variables (as PAGETUI_SCREEN_READER). */
const ON = /^(1|true|yes|on)$/i;
const OFF = /^(0|false|no|off)$/i;

export interface CacheSetting {
  readonly on: boolean;
  /** PAGETUI_CACHE held a value not understood: what the start-up notice says of it. */
  readonly warning?: string;
}

/**
 * Whether this start uses the cache: `--no-cache`, else PAGETUI_CACHE (on or off, in the usual
 * spellings), else `"cache"` in config.json, as the other settings go (flag, variable, file). A
 * value not understood turns the cache off for the run, and says so: a setting meant as off
 * must not leave rows on disk.
 */
export function cacheSetting(args: Pick<AppArgs, 'noCache'>, config: Pick<PagetuiConfig, 'cache'>, env: StartOptions['env']): CacheSetting {
  if (args.noCache) return { on: false };
  const value = env.PAGETUI_CACHE?.trim() ?? '';
  if (ON.test(value)) return { on: true };
  if (OFF.test(value)) return { on: false };
  if (value === '') return { on: config.cache !== false };
  const said = JSON.stringify(echoed(env.PAGETUI_CACHE ?? ''));
  return { on: false, warning: `PAGETUI_CACHE=${said} not understood: the cache is off for this run (off: 0, false, no, off; on: 1, true, yes, on).` };
}

/** Opens the cache and shows its group rows; undefined when the cache is off or no key is known yet. */
export function startListCache(o: StartOptions): ListCacheStart | undefined {
  const apiKey = o.key.get();
  if (apiKey === undefined || !cacheSetting(o.args, o.config, o.env).on) return undefined;
  const opened = openListCache(o.env, o.baseUrl, apiKey);
  // Another key typed into the `L` form meanwhile: its rows are not this key's to keep.
  const cache: ListCache = {
    initial: opened.initial,
    // When the rows were saved: the notices about them say it (`from the cache (10:32)`).
    ...(opened.savedAt === undefined ? {} : { savedAt: opened.savedAt }),
    save: (lists) => o.key.get() === apiKey && opened.save(lists),
    saveNow: (lists) => o.key.get() === apiKey && opened.saveNow(lists),
    // A refusal of another key says nothing of this one's rows.
    forget: () => (o.key.get() === apiKey ? opened.forget() : Promise.resolve()),
  };
  const groups = opened.initial.groups;
  if (groups) o.groupsPager.showStale(groups.items, groups.hasMore);
  const selectedIn = (items: ItemSeq): number => (groups ? rowOfId(items, groups.selectedId) : 0);
  return { cache, shown: o.groupsPager.getSnapshot().stale === true, selected: selectedIn(groups?.items ?? []), selectedIn };
}

function rowOfId(items: ItemSeq, id: string | undefined): number {
  const idOf = listItemId('groups');
  for (let i = 0; i < items.length && id !== undefined; i++) if (idOf(items.at(i) as RawItem) === id) return i;
  return 0;
}

/**
 * While ink loads after the text-only first frame drew the cached rows: once the first page (or a
 * failure) settles the list, `redraw` is called with it, once. Returns the stop, for when ink takes over.
 */
export function redrawWhenSettled(pager: Pager, redraw: (snapshot: PagerSnapshot) => void): () => void {
  const unsubscribe = pager.subscribe(() => {
    const snapshot = pager.getSnapshot();
    if (snapshot.pagesFetched === 0 && snapshot.state === 'loading') return;
    unsubscribe();
    // Refused (401, 403) or gone (404): the cached rows go at once, even in the moment before ink
    // (the store then drops the rest of the key's cache).
    const status = snapshot.error?.status;
    if (snapshot.stale && status !== undefined && REFUSED.has(status)) pager.dropStale();
    redraw(pager.getSnapshot());
  });
  return unsubscribe;
}
