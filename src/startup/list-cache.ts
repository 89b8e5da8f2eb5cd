/**
 * The lists the user last saw, per base URL and API key: the first rows of the group list and of
 * the last group opened, and which row was selected in each. The app shows them at once on the
 * next start, marked as cached, until the server's answer replaces them (docs/cache.md). What is
 * read is checked as strictly as it was written; anything else (an old format, a cut or garbled
 * file, a folder that cannot be read) reads as no cache, without a word. Items are server data and
 * go through the same sanitising on their way to the screen as the server's own answers.
 */
import { itemId } from '../api/items.js';
import type { RawItem } from '../api/types.js';
import { entryName, entryPathForWriting, listCacheDir, MAX_ENTRY_BYTES, readSalt, readSmallFile, removeOwnFile, writeEntry, writeEntrySync } from './list-cache-file.js';
import { statSync } from 'node:fs';
import { join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/** Items kept of each list: the server's first page at the app's page size. */
const MAX_CACHED_ITEMS = 100;
const FORMAT = 'pagetui-lists';
const VERSION = 1;
const MAX_ID_LENGTH = 1024;
const MAX_TITLE_LENGTH = 4096;

/** One list as it was last seen. */
export interface CachedList {
  readonly items: readonly RawItem[];
  /** More of the list existed beyond `items`. */
  readonly hasMore: boolean;
  /** The id of the row that was selected. */
  readonly selectedId?: string;
  /** Where that row was in the list as loaded (the server's order), from 0. */
  readonly selectedAt?: number;
}

/** The page list of the group opened last. */
export interface CachedGroup extends CachedList {
  readonly groupId: string;
  /** The group's title as the breadcrumb showed it (raw). */
  readonly title?: string;
}

export interface CachedLists {
  readonly groups?: CachedList;
  readonly group?: CachedGroup;
}

/** The cache of one base URL and key. */
export interface ListCache {
  /** What was saved last time (read once, synchronously, when the cache is opened). */
  readonly initial: CachedLists;
  /** When `initial` was saved (ms since the epoch): what `e` and `G` say of cached rows. */
  readonly savedAt?: number;
  /** Saves the lists in the background; never throws, never reports. */
  save(lists: CachedLists): void;
  /** Saves the lists now (at exit). */
  saveNow(lists: CachedLists): void;
  /**
   * The service refused the key (401, 403): its entry goes from disk now, and nothing more is
   * saved for it in this run (a save still under way is undone when it ends: the promise says when).
   */
  forget(): Promise<void>;
}

/**
 * The cache for `baseUrl` (the service's origin and path) and `apiKey`. Reading costs one small
 * synchronous file read or two; nothing is written until a save.
 */
export function openListCache(env: Env, baseUrl: string, apiKey: string): ListCache {
  const dir = listCacheDir(env);
  const initial = readLists(dir, baseUrl, apiKey);
  let path: string | undefined;
  let last = '';
  let forgotten = false;
  /** Background saves still under way. */
  const writing = new Set<Promise<void>>();
  const encoded = (lists: CachedLists): string | undefined => {
    if (forgotten) return undefined;
    const text = encodeLists(baseUrl, lists);
    if (text === undefined || text === last) return undefined;
    last = text;
    return text;
  };
  const pathOnce = (): string | undefined => {
    try {
      path ??= entryPathForWriting(dir, baseUrl, apiKey);
      return path;
    } catch {
      return undefined;
    }
  };
  const savedAt = initial.groups || initial.group ? savedTime(dir, baseUrl, apiKey) : undefined;
  return {
    initial,
    ...(savedAt === undefined ? {} : { savedAt }),
    save(lists) {
      const text = encoded(lists);
      const at = text === undefined ? undefined : pathOnce();
      if (text === undefined || at === undefined) return;
      const done = writeEntry(at, text, dir).then(() => void writing.delete(done));
      writing.add(done);
    },
    saveNow(lists) {
      const text = encoded(lists);
      const at = text === undefined ? undefined : pathOnce();
      if (text !== undefined && at !== undefined) writeEntrySync(at, text, dir);
    },
    async forget() {
      forgotten = true;
      removeEntry(dir, baseUrl, apiKey);
      if (writing.size === 0) return;
      await Promise.all(writing);
      removeEntry(dir, baseUrl, apiKey);
    },
  };
}

function readLists(dir: string, baseUrl: string, apiKey: string): CachedLists {
  const salt = readSalt(dir);
  if (!salt) return {};
  const bytes = readSmallFile(join(dir, entryName(salt, baseUrl, apiKey)), MAX_ENTRY_BYTES);
  if (!bytes) return {};
  return decodeLists(bytes.toString('utf8'), baseUrl);
}

/** The file's text for these lists, or undefined when there is nothing to keep or it is too large. */
function encodeLists(baseUrl: string, lists: CachedLists): string | undefined {
  const groups = lists.groups && trim(lists.groups);
  const group = lists.group && { ...trim(lists.group), groupId: lists.group.groupId, ...(lists.group.title === undefined ? {} : { title: lists.group.title }) };
  if (!groups && !group) return undefined;
  const whole = JSON.stringify({ format: FORMAT, version: VERSION, baseUrl, groups, group });
  if (Buffer.byteLength(whole) <= MAX_ENTRY_BYTES) return whole;
  // The group list is what a start shows first: it stays when both do not fit.
  const fewer = JSON.stringify({ format: FORMAT, version: VERSION, baseUrl, groups });
  return groups && Buffer.byteLength(fewer) <= MAX_ENTRY_BYTES ? fewer : undefined;
}

function trim(list: CachedList): CachedList {
  const items = list.items.slice(0, MAX_CACHED_ITEMS);
  return { items, hasMore: list.hasMore || items.length < list.items.length, ...selection(list.selectedId, list.selectedAt) };
}

/** The lists in a file's text, as far as they are exactly what this version writes; {} otherwise. */
function decodeLists(text: string, baseUrl: string): CachedLists {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(raw) || raw.format !== FORMAT || raw.version !== VERSION || raw.baseUrl !== baseUrl) return {};
  const groups = raw.groups === undefined ? undefined : decodeList(raw.groups, 'pageGroup');
  const group = raw.group === undefined ? undefined : decodeGroup(raw.group);
  if (groups === null || group === null) return {};
  return { ...(groups ? { groups } : {}), ...(group ? { group } : {}) };
}

function decodeGroup(raw: unknown): CachedGroup | null {
  const list = decodeList(raw, 'page');
  if (list === null || !isRecord(raw) || !isId(raw.groupId)) return null;
  if (raw.title !== undefined && (typeof raw.title !== 'string' || raw.title.length > MAX_TITLE_LENGTH)) return null;
  return { ...list, groupId: raw.groupId, ...(typeof raw.title === 'string' ? { title: raw.title } : {}) };
}

/** null: not a list as written (the whole file is then ignored). */
function decodeList(raw: unknown, kind: 'page' | 'pageGroup'): CachedList | null {
  if (!isRecord(raw) || !Array.isArray(raw.items) || typeof raw.hasMore !== 'boolean') return null;
  if (raw.items.length > MAX_CACHED_ITEMS) return null;
  if (raw.selectedId !== undefined && !isId(raw.selectedId)) return null;
  if (raw.selectedAt !== undefined && (!Number.isSafeInteger(raw.selectedAt) || (raw.selectedAt as number) < 0)) return null;
  const items: RawItem[] = [];
  for (const item of raw.items) {
    if (!isRecord(item) || itemId(kind, item) === '') return null;
    items.push(item);
  }
  return { items, hasMore: raw.hasMore, ...selection(raw.selectedId as string | undefined, raw.selectedAt as number | undefined) };
}

function selection(selectedId: string | undefined, selectedAt: number | undefined): Pick<CachedList, 'selectedId' | 'selectedAt'> {
  if (selectedId === undefined) return {};
  return selectedAt === undefined ? { selectedId } : { selectedId, selectedAt };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= MAX_ID_LENGTH;
}

function removeEntry(dir: string, baseUrl: string, apiKey: string): void {
  const salt = readSalt(dir);
  if (salt) removeOwnFile(join(dir, entryName(salt, baseUrl, apiKey)));
}

function savedTime(dir: string, baseUrl: string, apiKey: string): number | undefined {
  const salt = readSalt(dir);
  if (!salt) return undefined;
  try {
    return statSync(join(dir, entryName(salt, baseUrl, apiKey))).mtimeMs;
  } catch {
    return undefined;
  }
}
