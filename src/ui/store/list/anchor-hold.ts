/**
 * While a filter's scan has not reached the item selected before the filter changed (its anchor),
 * the rows found so far are shown with that item after them, still selected, when it matches the
 * query: the selection does not jump to the first row and back once the scan gets to it. Only
 * plain words and a status are checked this way (the query language is left to the scan), and
 * only in the server's order, where the rows found so far all come before it.
 */
import { plainWords } from '../../query/index.js';
import type { RawItem } from '../../../api/types.js';
import { searchText, statusMatches } from './item-keys.js';
import { specOf, type ListView } from './list-view.js';
import { PickedItems } from './picked-items.js';
import type { VisibleList } from './visible-list.js';

export function heldOnAnchor(view: ListView, visible: VisibleList): VisibleList {
  const anchor = view.anchor;
  if (anchor === undefined || visible.scanning !== true || visible.indices === undefined) return visible;
  const spec = specOf(view);
  if (spec.sort !== 'server' || spec.reversed === true) return visible;
  const last = visible.indices.at(-1);
  // Rows found are in the server's order: one at or past the anchor means the scan got to it.
  if (last !== undefined && last >= anchor) return visible;
  const source = view.pager.getSnapshot().items;
  const item = source.at(anchor);
  if (item === undefined || !matches(view, item, spec.query, spec.status)) return visible;
  const indices = [...visible.indices, anchor];
  return { ...visible, items: new PickedItems(source, indices), indices };
}

function matches(view: ListView, item: RawItem, query: string, status: Parameters<typeof statusMatches>[1] | undefined): boolean {
  if (status !== undefined && !statusMatches(item, status)) return false;
  const words = plainWords(query.trim());
  if (words === undefined) return false;
  const text = searchText(view.kind, item);
  return words.every((word) => text.includes(word));
}
