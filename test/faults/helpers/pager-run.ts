/** A real client and pager against a hostile server, and ways to wait for the pager to settle. */
import { itemArray } from '../../../src/api/pager/packed-items.js';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../../src/api/http/client.js';
import { Pager } from '../../../src/api/pager/pager.js';
import type { PagerSnapshot, PagerState } from '../../../src/api/types.js';
import type { HostileServer } from './hostile-server.js';

export const API_KEY = 'fault-suite-key-0123456789';

export interface Run {
  readonly client: ApiClient;
  readonly pager: Pager;
  /** Resolves once the pager is in one of `states` (default: error or done). */
  settle(states?: readonly PagerState[], timeoutMs?: number): Promise<PagerSnapshot>;
  /** Ids of the loaded items, in order. */
  ids(): string[];
  close(): Promise<void>;
}

/** Opens a listing of `groupId`'s pages (or the groups when undefined) and loads all of it. */
export function startRun(
  server: HostileServer,
  groupId: string | undefined,
  clientOptions: Partial<ApiClientOptions> = {},
): Run {
  const client = createApiClient({
    baseUrl: new URL(server.url),
    getApiKey: () => API_KEY,
    connectTimeoutMs: 2000,
    headersTimeoutMs: 2000,
    bodyTimeoutMs: 2000,
    ...clientOptions,
  });
  // As the app's pagers fetch: peeking while the whole listing loads.
  const pager = new Pager((cursor, signal, _background, peek) => {
    const o = { cursor, limit: 100, signal };
    if (groupId === undefined) return peek ? client.peekPageGroups(o) : client.listPageGroups(o);
    return peek ? client.peekPages(groupId, o) : client.listPages(groupId, o);
  });
  pager.ensure(Number.POSITIVE_INFINITY);
  return {
    client,
    pager,
    settle: (states = ['error', 'done'], timeoutMs = 15_000) => waitForState(pager, states, timeoutMs),
    ids: () => itemArray(pager.getSnapshot().items).map((it) => String(it.pageId ?? it.pageGroupId ?? it.id)),
    close: async () => {
      pager.dispose();
      await client.close();
    },
  };
}

/** Resolves with the snapshot once the pager reaches one of `states`. */
export function waitForState(pager: Pager, states: readonly PagerState[], timeoutMs = 15_000): Promise<PagerSnapshot> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const snap = pager.getSnapshot();
      if (!states.includes(snap.state)) return false;
      clearTimeout(timer);
      unsubscribe();
      resolve(snap);
      return true;
    };
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`pager stayed ${pager.getSnapshot().state}, wanted ${states.join('/')}`));
    }, timeoutMs);
    const unsubscribe = pager.subscribe(() => {
      check();
    });
    check();
  });
}

/** Every value of `list` occurs once. */
export function duplicatesIn<T>(list: readonly T[]): T[] {
  const seen = new Set<T>();
  const dup: T[] = [];
  for (const v of list) {
    if (seen.has(v)) dup.push(v);
    seen.add(v);
  }
  return dup;
}
