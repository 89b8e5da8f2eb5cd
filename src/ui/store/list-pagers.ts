/** The pagers behind the lists: one for the page groups, one per group for its pages. */
import { Pager } from '../../api/pager.js';
import { groupIdOf, pageIdOf } from './items.js';
import type { ListKind } from './list-view.js';
import type { AppStoreOptions } from './store-types.js';

/** Makes a new pager for a list (a page list names its group). */
export type PagerFactory = (kind: ListKind, groupId?: string) => Pager;

/** Pagers over `client` asking for `pageSize` items per request. */
export function pagerFactory(client: AppStoreOptions['client'], pageSize: number): PagerFactory {
  return (kind, groupId) => {
    const limit = pageSize;
    const rateLimit = client.rateLimit === undefined ? {} : { rateLimit: client.rateLimit };
    if (kind === 'groups') {
      return new Pager((cursor, signal, background) => client.listPageGroups({ cursor, limit, signal, background }), { idOf: groupIdOf, ...rateLimit });
    }
    const id = groupId ?? '';
    return new Pager((cursor, signal, background) => client.listPages(id, { cursor, limit, signal, background }), { idOf: pageIdOf, ...rateLimit });
  };
}
