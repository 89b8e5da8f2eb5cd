import { pageGroupView } from '../../../api/items.js';
import { listItemId } from '../../../api/pager/list-pager.js';
import type { RawItem } from '../../../api/types.js';

export const groupIdOf = listItemId('groups');
export const pageIdOf = listItemId('pages');

/** The name the breadcrumb shows for a group: its title, else its id. Raw, not sanitised. */
export function titleOfGroup(raw: RawItem): string {
  const view = pageGroupView(raw);
  return view.title || view.id;
}
