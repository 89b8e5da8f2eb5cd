/**
 * `n` / `N`: the next or previous row matching the filter query, vim-style. While a filter is
 * set every row shown matches, so they step one row (wrapping). Once Esc has cleared the filter,
 * they step through the rows of the whole loaded list that match the query cleared last.
 */
import type { ItemSeq } from '../../../api/types.js';
import type { ListView } from './list-view.js';
import type { StatusMessage } from '../status-message.js';
import type { VisibleList } from './visible-list.js';
import { listKey } from '../../keys/help.js';

export interface MatchStep {
  /** The row to select, when one matches. */
  readonly row?: number;
  /** What to say (wrapped, no match, no query yet). */
  readonly message?: StatusMessage;
}

/** The row `n` (direction 1) or `N` (-1) goes to from the selection, searching the loaded rows. */
export function stepToMatch(view: ListView, visible: VisibleList, direction: 1 | -1, hasMore: boolean, source: ItemSeq): MatchStep {
  const typed = view.validQuery || view.lastQuery;
  // A step that finds nothing is a warning: the screen-reader mode announces it (and its cursor goes there).
  if (typed.trim() === '') return { message: { tone: 'warning', text: `No filter query yet: ${listKey('filter')} filters, then ${listKey('nextMatch')} / ${listKey('prevMatch')} step through its matches.` } };
  const matches = view.deriver.queryMatcher(source, typed.trim());
  const count = visible.items.length;
  for (let step = 1; step <= count; step++) {
    const row = (((view.selected + direction * step) % count) + count) % count;
    if (!matches(visible.indices?.[row] ?? row)) continue;
    const wrapped = direction === 1 ? row <= view.selected : row >= view.selected;
    if (!wrapped) return { row };
    const where = direction === 1 ? 'the top' : 'the bottom';
    return { row, message: { tone: 'info', text: `Search wrapped to ${where} of the loaded rows.` } };
  }
  const more = hasMore ? ` — more not loaded yet (${listKey('bottom')} loads the rest)` : '';
  // No filter on: `n` steps through the query Esc cleared last, and says so when it finds nothing.
  const cleared = view.validQuery === '' ? ', the filter cleared last' : '';
  return { message: { tone: 'warning', text: `No loaded row matches "${typed}"${cleared}${more}.` } };
}
