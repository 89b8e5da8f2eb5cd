/**
 * The ends of a long load, said for a screen reader: the end that `G` waited for (the rows stayed
 * where they were while it loaded, so the jump to the last row is news: "Done: At the end: row
 * 10,000 of 10,000, Hero…"), and a filter's load of the rest that found no row (the cursor stays
 * in the prompt, where only a count far to the right would change).
 */
import type { PagerSnapshot } from '../../../api/types.js';
import { countText } from '../../../text/count.js';
import type { ToastRequest } from '../store-context.js';
import type { VisibleList } from './visible-list.js';
import type { ListKind } from './list-view.js';
import { spokenNameOf } from './items.js';

export function endReachedMessage(kind: ListKind, visible: VisibleList, pager: PagerSnapshot): ToastRequest | undefined {
  const total = visible.items.length;
  const raw = visible.items.at(total - 1);
  if (raw === undefined) return undefined;
  const name = spokenNameOf(kind, raw);
  const place = `row ${countText(total)} of ${countText(total)}`;
  const text = `At the end: ${place}${name === '' ? '' : `, ${name}`}.`;
  return withStop(pager, { tone: 'success', text });
}

export function noMatchMessage(query: string, visible: VisibleList, pager: PagerSnapshot): ToastRequest | undefined {
  if (!visible.filtered || visible.items.length > 0) return undefined;
  return withStop(pager, { tone: 'warning', text: `No row matches "${query}" (0 of ${countText(visible.loaded)}).` });
}

/**
 * A loop guard that ended the list (the server said more exist) is said with its end, as a
 * warning: said after the guard's own warning, the end would otherwise take its place unread.
 */
function withStop(pager: PagerSnapshot, message: ToastRequest): ToastRequest {
  if (pager.stoppedEarly !== true) return message;
  const why = pager.warnings.at(-1) ?? "The server's paging stopped early.";
  return { tone: 'warning', text: `${message.text} ${why}` };
}

/**
 * Esc that stopped a `G` or Tab load: where it stopped (a warning, as a stopped refresh is). A
 * page already on its way still lands, so while one is the count is not yet final: said so.
 */
export function stoppedLoadingText(pager: PagerSnapshot): string {
  const loaded = countText(pager.items.length);
  if (pager.state === 'loading') return `Stopped loading the rest: ${loaded} loaded, a page already asked for still lands.`;
  return pager.hasMore ? `Stopped loading the rest: ${loaded} loaded, more available.` : `Stopped loading the rest: all ${loaded} loaded.`;
}
