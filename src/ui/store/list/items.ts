import { pageGroupView, pageName } from '../../../api/items.js';
import { listItemId, type ListKind } from '../../../api/pager/list-pager.js';
import type { RawItem } from '../../../api/types.js';
import { sanitize } from '../../../text/index.js';

export const groupIdOf = listItemId('groups');
export const pageIdOf = listItemId('pages');

/** The name the breadcrumb shows for a group: its title, else its id. Raw, not sanitised. */
export function titleOfGroup(raw: RawItem): string {
  const view = pageGroupView(raw);
  return view.title || view.id;
}

/**
 * The name a row is said by in a message: a group's title, a page's name (each else its id),
 * sanitised, with one space where a removed control stood between two.
 */
export function spokenNameOf(kind: ListKind, raw: RawItem): string {
  return sanitize(kind === 'groups' ? titleOfGroup(raw) : pageName(raw)).replace(/ {2,}/g, ' ').trim();
}
