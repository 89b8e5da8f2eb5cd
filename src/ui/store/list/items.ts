import { pageGroupView, pageName } from '../../../api/items.js';
import { listItemId, type ListKind } from '../../../api/pager/list-pager.js';
import type { RawItem } from '../../../api/types.js';

export const groupIdOf = listItemId('groups');
export const pageIdOf = listItemId('pages');

/** The name the breadcrumb shows for a group: its title, else its id. Raw, not sanitised. */
export function titleOfGroup(raw: RawItem): string {
  const view = pageGroupView(raw);
  return view.title || view.id;
}

/** The name a row is said by: a group's title, a page's name (each else its id). Raw, not sanitised. */
export function nameOfItem(kind: ListKind, raw: RawItem): string {
  return kind === 'groups' ? titleOfGroup(raw) : pageName(raw);
}
