/** The pagers behind the lists: one for the page groups, one per group for its pages. */
import { listFetcher, listPager } from '../../../api/pager/list-pager.js';
import type { Pager } from '../../../api/pager/pager.js';
import type { FetchPage } from '../../../api/types.js';
import type { ListKind } from './list-view.js';
import type { AppStoreOptions } from '../store-types.js';

/** Makes a new pager for a list (a page list names its group). */
export type PagerFactory = (kind: ListKind, groupId?: string) => Pager;

/** How a list's pages are fetched through the client (a page list names its group). */
export type FetcherFactory = (kind: ListKind, groupId?: string) => FetchPage;

/** Page fetches over `client` asking for `pageSize` items per request. */
export function pageFetcher(client: AppStoreOptions['client'], pageSize: number): FetcherFactory {
  return (kind, groupId) => listFetcher(client, kind, groupId, pageSize);
}

/** Pagers over `client` asking for `pageSize` items per request. */
export function pagerFactory(client: AppStoreOptions['client'], pageSize: number): PagerFactory {
  return (kind, groupId) => listPager(client, kind, groupId, pageSize);
}
