/**
 * The API's two listings through a client — the page groups, and the pages of one group — and
 * the pager over one of them: the one builder the app, its early start and the commands share.
 */
import type { ApiClient } from '../http/client.js';
import { itemId } from '../items.js';
import type { FetchPage, ListOptions, ListPage, RawItem } from '../types.js';
import type { PagerFetch } from './pager-fetch.js';
import { Pager, type PagerOptions } from './pager.js';

/** The page groups, or the pages of one group. */
export type ListKind = 'groups' | 'pages';

/** What a listing needs of the client: the list calls; the peeks and the rate limit when it has them. */
export type ListClient = Pick<ApiClient, 'listPageGroups' | 'listPages'> & Partial<Pick<ApiClient, 'rateLimit' | 'peekPageGroups' | 'peekPages' | 'timeout' | 'waitingFor'>>;

/** One page of a listing (a page list names its group). */
export function fetchListPage(client: ListClient, kind: ListKind, groupId: string | undefined, o: ListOptions): Promise<ListPage> {
  return kind === 'groups' ? client.listPageGroups(o) : client.listPages(groupId ?? '', o);
}

/** The fetch of a listing asking for `limit` items per request. */
export function listFetcher(client: ListClient, kind: ListKind, groupId: string | undefined, limit: number): FetchPage {
  return (cursor, signal, background) => fetchListPage(client, kind, groupId, { cursor, limit, signal, background });
}

/** As listFetcher, through the client's peek call when the pager asks to peek (and the client has one). */
function peekingFetcher(client: ListClient, kind: ListKind, groupId: string | undefined, limit: number, onSent: () => void): PagerFetch {
  const plain: FetchPage = (cursor, signal, background) => fetchListPage(client, kind, groupId, { cursor, limit, signal, background, onSent });
  const { peekPageGroups, peekPages } = client;
  if (kind === 'groups') {
    if (peekPageGroups === undefined) return plain;
    return (cursor, signal, background, peek) => (peek ? peekPageGroups({ cursor, limit, signal, background, onSent }) : plain(cursor, signal, background));
  }
  if (peekPages === undefined) return plain;
  const id = groupId ?? '';
  return (cursor, signal, background, peek) => (peek ? peekPages(id, { cursor, limit, signal, background, onSent }) : plain(cursor, signal, background));
}

const groupItemId = (raw: RawItem): string => itemId('pageGroup', raw);
const pageItemId = (raw: RawItem): string => itemId('page', raw);

/** The id a listing's items are known by (and de-duplicated by); the same function for each kind. */
export function listItemId(kind: ListKind): (raw: RawItem) => string {
  return kind === 'groups' ? groupItemId : pageItemId;
}

/** A pager over one listing, `limit` items per request, waiting out 429s from the client's rate limit. */
export function listPager(client: ListClient, kind: ListKind, groupId: string | undefined, limit: number): Pager {
  const deadline = client.timeout;
  // A pager has one request in flight: when it left is the pager's to remember.
  let sentAt: number | undefined;
  const onSent = (): void => {
    sentAt = Date.now();
  };
  const wait = deadline === undefined ? {} : { wait: { limitMs: deadline.ms, limitSource: deadline.source, waitingFor: () => client.waitingFor?.(), sentAt: () => sentAt } };
  const opts: PagerOptions = { idOf: listItemId(kind), ...(client.rateLimit === undefined ? {} : { rateLimit: client.rateLimit }), ...wait };
  const fetch = peekingFetcher(client, kind, groupId, limit, onSent);
  return new Pager((cursor, signal, background, peek) => {
    sentAt = undefined;
    return fetch(cursor, signal, background, peek);
  }, opts);
}
