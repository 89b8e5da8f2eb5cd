/** The pagers behind the lists: one for the page groups, one per group for its pages. */
import { Pager } from '../../../api/pager/pager.js';
import type { PagerFetch } from '../../../api/pager/pager-fetch.js';
import type { FetchPage } from '../../../api/types.js';
import { groupIdOf, pageIdOf } from './items.js';
import type { ListKind } from './list-view.js';
import type { AppStoreOptions } from '../store-types.js';

/** Makes a new pager for a list (a page list names its group). */
export type PagerFactory = (kind: ListKind, groupId?: string) => Pager;

/** How a list's pages are fetched through the client (a page list names its group). */
export type FetcherFactory = (kind: ListKind, groupId?: string) => FetchPage;

/** Page fetches over `client` asking for `pageSize` items per request. */
export function pageFetcher(client: AppStoreOptions['client'], pageSize: number): FetcherFactory {
  return (kind, groupId) => {
    const limit = pageSize;
    if (kind === 'groups') return (cursor, signal, background) => client.listPageGroups({ cursor, limit, signal, background });
    const id = groupId ?? '';
    return (cursor, signal, background) => client.listPages(id, { cursor, limit, signal, background });
  };
}

/** As pageFetcher, through the client's peek methods when the pager asks to peek (and it has them). */
function pagerFetcher(client: AppStoreOptions['client'], pageSize: number, kind: ListKind, groupId?: string): PagerFetch {
  const plain = pageFetcher(client, pageSize)(kind, groupId);
  const limit = pageSize;
  const { peekPageGroups, peekPages } = client;
  if (kind === 'groups') {
    if (peekPageGroups === undefined) return plain;
    return (cursor, signal, background, peek) => (peek ? peekPageGroups({ cursor, limit, signal, background }) : plain(cursor, signal, background));
  }
  if (peekPages === undefined) return plain;
  const id = groupId ?? '';
  return (cursor, signal, background, peek) => (peek ? peekPages(id, { cursor, limit, signal, background }) : plain(cursor, signal, background));
}

/** Pagers over `client` asking for `pageSize` items per request. */
export function pagerFactory(client: AppStoreOptions['client'], pageSize: number): PagerFactory {
  return (kind, groupId) => {
    const rateLimit = client.rateLimit === undefined ? {} : { rateLimit: client.rateLimit };
    return new Pager(pagerFetcher(client, pageSize, kind, groupId), { idOf: kind === 'groups' ? groupIdOf : pageIdOf, ...rateLimit });
  };
}
