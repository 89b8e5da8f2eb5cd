/** What a saved view sets, in words: the picker's entries and what applying one says. */
import type { SavedView } from '../../../auth/config-views.js';
import { sortLabel, type SortOrder } from '../list/item-keys.js';

/** The picker's short form: its query, then its order and status when it has them ("sale · sort name · status published"). */
export function viewSummary(view: SavedView): string {
  const parts = [view.query === '' ? '(no query)' : view.query];
  if (view.sort && view.sort !== 'server') parts.push(`sort ${view.sort}`);
  if (view.status && view.status !== 'all') parts.push(`status ${view.status}`);
  return parts.join(' · ');
}

/** As a sentence is read: "filter sale, sorted by name, Z to A, published only" (every part said, none a glyph). */
export function viewSentence(view: SavedView): string {
  const sort = view.sort ?? 'server';
  const reversed = sort.startsWith('-');
  const order = sortLabel((reversed ? sort.slice(1) : sort) as SortOrder, reversed, true)?.replace(/ \(loaded items\)$/, '');
  const parts = [view.query === '' ? 'no filter' : `filter ${view.query}`, order === undefined ? 'server order' : `sorted by ${order}`];
  if (view.status && view.status !== 'all') parts.push(`${view.status} only`);
  return parts.join(', ');
}
