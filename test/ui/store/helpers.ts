/** A scripted API client and small waits for store tests (no network: pages come from arrays). */
import { itemArray } from '../../../src/api/pager/packed-items.js';
import type { ListOptions, ListPage, RawItem } from '../../../src/api/types.js';
import { AppStore, type AppStoreOptions } from '../../../src/ui/store/app-store.js';

export interface Call {
  readonly listing: string;
  readonly cursor?: string;
}

/** Serves `groups` and each group's pages in pages of `limit`, cursors 'c<offset>'. */
export function scriptedClient(data: { groups: RawItem[]; pages?: Record<string, RawItem[]> }) {
  const calls: Call[] = [];
  const serve = (listing: string, items: readonly RawItem[], options: ListOptions = {}): Promise<ListPage> => {
    calls.push({ listing, cursor: options.cursor });
    const offset = options.cursor ? Number(options.cursor.slice(1)) : 0;
    const limit = options.limit ?? 100;
    const next = offset + limit;
    const page: ListPage = {
      items: items.slice(offset, next),
      hasMore: next < items.length,
      ...(next < items.length ? { nextCursor: `c${next}` } : {}),
      warnings: [],
    };
    return Promise.resolve(page);
  };
  return {
    calls,
    data,
    client: {
      listPageGroups: (options?: ListOptions) => serve('groups', data.groups, options),
      listPages: (groupId: string, options?: ListOptions) => serve(groupId, data.pages?.[groupId] ?? [], options),
    },
  };
}

export const groupsOf = (n: number, status = (i: number) => ['draft', 'published', 'archived'][i % 3] ?? 'draft'): RawItem[] =>
  Array.from({ length: n }, (_, i) => ({
    pageGroupId: `g-${i + 1}`,
    title: `Group ${i + 1}`,
    slug: `group-${i + 1}`,
    status: status(i),
    updatedAt: new Date(Date.UTC(2024, 0, 1) + ((i * 7919) % 1000) * 3_600_000).toISOString(),
  }));

export const pagesOf = (groupId: string, n: number): RawItem[] =>
  Array.from({ length: n }, (_, i) => ({ pageId: `${groupId}-p${i + 1}`, effectiveName: `Page ${i + 1}` }));

/** Lets every queued fetch and notification run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A store over a scripted client, 80x24, started and settled. */
export async function startStore(data: Parameters<typeof scriptedClient>[0], options: Partial<AppStoreOptions> = {}) {
  const scripted = scriptedClient(data);
  const store = new AppStore({ client: scripted.client, columns: 80, rows: 24, pageSize: 100, ...options });
  store.start();
  await settle();
  return { store, ...scripted };
}

/** Ids of the rows shown, and the id of the selected row. */
export const shownIds = (store: AppStore) =>
  itemArray(store.getSnapshot().visible.items).map((i) => String(i.pageId ?? i.pageGroupId));
export const selectedId = (store: AppStore) => {
  const item = store.selectedItem();
  return item ? String(item.pageId ?? item.pageGroupId) : undefined;
};
