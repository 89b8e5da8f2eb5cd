import { itemId, pageGroupView } from '../../../api/items.js';
import type { RawItem } from '../../../api/types.js';

export const groupIdOf = (raw: RawItem): string => itemId('pageGroup', raw);
export const pageIdOf = (raw: RawItem): string => itemId('page', raw);

/** The name the breadcrumb shows for a group: its title, else its id. Raw, not sanitised. */
export function titleOfGroup(raw: RawItem): string {
  const view = pageGroupView(raw);
  return view.title || view.id;
}
